import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { firstError, offersImportSchema, testimonialDecisionSchema } from "~/forms/owner-intents";

/** A form as a browser sends it. */
function formOf(fields: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const decision = (fields: Record<string, string>) =>
  parseWithZod(formOf(fields), { schema: testimonialDecisionSchema });

/** What a refused form answers: its first error; "accepted" when the form was taken. */
function refusal(submission: { status?: string; error?: Record<string, string[] | null> | null }): string {
  return submission.status === "success" ? "accepted" : firstError(submission.error);
}

describe("a decision on a testimonial", () => {
  it("types each intent's fields: a refusal carries its reason, the others none", () => {
    expect(decision({ intent: "refuse", id: "12", offre: "n26", reason: "insult" })).toMatchObject({
      status: "success",
      value: { intent: "refuse", id: 12, offre: "n26", reason: "insult" },
    });
    expect(decision({ intent: "publish", id: "3" })).toMatchObject({
      status: "success",
      value: { intent: "publish", id: 3, offre: "" },
    });
    expect(decision({ intent: "publish", id: "3", reason: "insult" })).not.toHaveProperty("value.reason");
  });

  it("refuses a refusal without a known reason, an unknown intent and an id that is not one", () => {
    expect(refusal(decision({ intent: "refuse", id: "12" }))).toBe("Choisissez la raison du refus.");
    expect(refusal(decision({ intent: "refuse", id: "12", reason: "nope" }))).toBe("Choisissez la raison du refus.");
    expect(refusal(decision({ intent: "erase-all", id: "12" }))).toBe("Action inconnue.");
    expect(refusal(decision({ id: "12" }))).toBe("Action inconnue.");
    for (const id of ["0", "-4", "1.5", "x", "99999999999999999"]) {
      expect(refusal(decision({ intent: "delete", id })), id).toBe("Témoignage inconnu.");
    }
  });
});

describe("an offers import", () => {
  const sent = (fields: Record<string, string | File>) => parseWithZod(formOf(fields), { schema: offersImportSchema });

  it("previews a file, or writes the text previewed with its digest", () => {
    const file = new File(["slug;marque\n"], "offres.csv", { type: "text/csv" });
    expect(sent({ intent: "preview", fichier: file })).toMatchObject({
      status: "success",
      value: { intent: "preview" },
    });
    expect(sent({ intent: "confirm", csv: "slug;marque", apercu: "abc" })).toMatchObject({
      status: "success",
      value: { intent: "confirm", csv: "slug;marque", apercu: "abc" },
    });
  });

  it("asks for a file when none or an empty one is sent, and knows no other intent", () => {
    expect(refusal(sent({ intent: "preview" }))).toBe("Choisissez le fichier CSV des offres.");
    expect(refusal(sent({ intent: "preview", fichier: new File([], "") }))).toBe(
      "Choisissez le fichier CSV des offres.",
    );
    expect(refusal(sent({ intent: "apply", csv: "x" }))).toBe("Action inconnue.");
  });
});
