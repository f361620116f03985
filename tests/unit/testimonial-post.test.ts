import { describe, expect, it } from "vitest";
import { TESTIMONIAL_FETCHER_FIELD } from "~/forms/testimonial-form";
import { testimonialPostOf } from "~/services/pages/testimonials.server";

/** A form as a brand page sends it. */
function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("what a brand page's testimonials route receives", () => {
  it("is a notice, with its testimonial, reason and details, sent by the page's script or not", () => {
    expect(
      testimonialPostOf(
        formOf({
          intent: "signaler",
          temoignage: "12",
          reason: "insult",
          details: "",
          [TESTIMONIAL_FETCHER_FIELD]: "1",
        }),
      ),
    ).toMatchObject({ intent: "signaler", temoignage: "12", reason: "insult", details: "", byScript: true });
    expect(testimonialPostOf(formOf({ intent: "signaler", temoignage: "12" }))).toMatchObject({
      intent: "signaler",
      reason: "",
      details: "",
      byScript: false,
    });
  });

  it("is a testimonial when it says so, and when a page opened before the field came sends no intent", () => {
    const fields = { text: "Un témoignage assez long pour être lu.", month: "03", year: "2026", consent: "oui" };
    expect(testimonialPostOf(formOf({ intent: "temoigner", ...fields }))).toEqual({
      intent: "temoigner",
      byScript: false,
    });
    expect(testimonialPostOf(formOf({ ...fields, [TESTIMONIAL_FETCHER_FIELD]: "1" }))).toEqual({
      intent: "temoigner",
      [TESTIMONIAL_FETCHER_FIELD]: "1",
      byScript: true,
    });
  });

  it("is nothing it knows for another intent", () => {
    expect(testimonialPostOf(formOf({ intent: "effacer", temoignage: "12" }))).toBeNull();
  });
});
