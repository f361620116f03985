import { describe, expect, it } from "vitest";
import { withoutExamples } from "~/catalogue/examples";
import { missingFacts, offersToComplete } from "~/catalogue/to-complete";
import { plainOffer } from "../support/test-offers";
import type { ReferralOffer } from "~/catalogue/types";

/** An offer whose code and link the owner set: the bundle's examples are another test's. */
function offer(name: string, extra: Partial<ReferralOffer> = {}): ReferralOffer {
  const { exampleCode: _code, exampleLink: _link, ...owned } = plainOffer(name);
  return { ...owned, ...extra };
}

const complete: Partial<ReferralOffer> = {
  bonus: { amount: 10, unit: "EUR", upTo: false },
  kind: "argent",
  verifiedOn: "2026-11-01",
  conditions: ["Ouverture du compte"],
};

describe("what the owner still has to fill in", () => {
  it("names a missing amount, kind, conditions, check and code; a link-only offer is not missing its code", () => {
    expect(missingFacts(offer("Vide"))).toEqual(["montant", "nature", "conditions", "vérification"]);
    expect(missingFacts(offer("Complète", complete))).toEqual([]);
    expect(missingFacts(offer("Sans code", { ...complete, code: " " }))).toEqual(["code"]);
    expect(missingFacts(offer("Contact", { ...complete, code: "Me contacter", link: undefined }))).toEqual(["code"]);
    expect(missingFacts(offer("Lien", { ...complete, code: "Cliquez sur le lien" }))).toEqual([]);
  });

  it("lists the running offers that lack something, most viewed first, then by name", () => {
    const offers = [
      offer("Zèbre"),
      offer("Alpha"),
      offer("Vue"),
      offer("Finie", { validUntil: "2025-01-01" }),
      offer("Faite", complete),
    ];
    const listed = offersToComplete(
      offers,
      new Map([
        ["vue", 40],
        ["faite", 99],
        ["finie", 80],
      ]),
      "2026-11-28",
    );
    expect(listed.map((entry) => [entry.brand, entry.views])).toEqual([
      ["Vue", 40],
      ["Alpha", 0],
      ["Zèbre", 0],
    ]);
  });

  it("leads with the offers still showing, or withholding, the bundle's example code or link", () => {
    const example = plainOffer("Exemple", complete);
    expect(example.exampleCode && example.exampleLink).toBe(true);
    expect(missingFacts(example)).toEqual(["code et lien à la place des exemples"]);
    const withheld = withoutExamples(plainOffer("Retenue"));
    expect(withheld).toMatchObject({ code: "", link: "", awaiting: true });
    expect(missingFacts(withheld)[0]).toBe("code et lien à la place des exemples");
    const listed = offersToComplete([offer("Vue"), example, withheld], new Map([["vue", 40]]), "2026-11-28");
    expect(listed.map((entry) => entry.brand)).toEqual(["Exemple", "Retenue", "Vue"]);
  });
});
