import { describe, expect, it } from "vitest";
import { changesSince, classifyChange, describeChange, snapshotOf, type OfferSnapshot } from "~/catalogue/history";
import { BUNDLED_OFFERS } from "~/catalogue/offers";
import type { ReferralOffer } from "~/catalogue/types";

const base: OfferSnapshot = {
  amount: 150,
  unit: "EUR",
  upTo: false,
  kind: "argent",
  conditions: ["Ouverture du compte", "Un premier paiement"],
  code: "CODE",
  link: "https://exemple.fr/",
};

describe("improved against changed", () => {
  it("is improved when the amount rises in the same unit and kind", () => {
    expect(classifyChange(base, { ...base, amount: 200 })).toBe("improved");
  });

  it("is improved when a condition is removed and nothing gets worse", () => {
    expect(classifyChange(base, { ...base, conditions: ["Ouverture du compte"] })).toBe("improved");
    expect(classifyChange(base, { ...base, amount: 200, conditions: ["Ouverture du compte"], code: "NEUF" })).toBe(
      "improved",
    );
  });

  it("is a change for anything else: a lower amount, another unit or kind, a new condition, a code or link alone", () => {
    expect(classifyChange(base, { ...base, amount: 100 })).toBe("changed");
    expect(classifyChange(base, { ...base, amount: 200, unit: "USD" })).toBe("changed");
    expect(classifyChange(base, { ...base, amount: 200, kind: "freebet" })).toBe("changed");
    expect(classifyChange(base, { ...base, amount: 200, conditions: [...base.conditions, "Dépôt de 1 200 €"] })).toBe(
      "changed",
    );
    expect(classifyChange(base, { ...base, code: "NEUF" })).toBe("changed");
    expect(classifyChange(base, { ...base, amount: null, unit: null })).toBe("changed");
    expect(classifyChange({ ...base, amount: null, unit: null }, base)).toBe("changed");
  });
});

describe("what a change says", () => {
  it("gives the new amount with the former one, and each condition removed or added", () => {
    expect(
      describeChange({
        before: base,
        after: { ...base, amount: 200, conditions: ["Ouverture du compte", "Dépôt de 1 200 €"], link: "https://x.fr/" },
      }),
    ).toEqual([
      "200\u00a0€ (avant : 150\u00a0€)",
      "Condition retirée : « Un premier paiement »",
      "Nouvelle condition : « Dépôt de 1 200 € »",
      "Nouveau lien",
    ]);
    expect(describeChange({ before: null, after: base })).toEqual([
      "Offre ajoutée : 150\u00a0€, argent versé sur le compte",
    ]);
  });

  it("says plainly when an amount or a kind appears or goes, with no filler for what is unknown", () => {
    const unstated: OfferSnapshot = { ...base, amount: null, unit: null, kind: "non-precise" };
    expect(describeChange({ before: null, after: unstated })).toEqual(["Offre ajoutée"]);
    expect(describeChange({ before: unstated, after: { ...unstated, amount: 20, unit: "EUR" } })).toEqual([
      "Montant annoncé : 20\u00a0€",
    ]);
    expect(describeChange({ before: base, after: { ...base, amount: null, unit: null } })).toEqual([
      "Montant retiré (avant : 150\u00a0€)",
    ]);
    expect(describeChange({ before: base, after: { ...base, kind: "non-precise" } })).toEqual([
      "Nature retirée (avant : Argent versé sur le compte)",
    ]);
    expect(describeChange({ before: unstated, after: { ...unstated, kind: "cashback" } })).toEqual([
      "Nature annoncée : Cashback",
    ]);
  });
});

describe("the changes since the stored snapshots", () => {
  it("adds an offer first seen, records a change, and leaves an unchanged offer alone", () => {
    const [first, second, third] = BUNDLED_OFFERS.slice(0, 3) as [ReferralOffer, ReferralOffer, ReferralOffer];
    const stored = new Map([
      [first.slug, snapshotOf(first)],
      [second.slug, { ...snapshotOf(second), code: "ANCIEN" }],
    ]);
    const changes = changesSince(stored, [first, second, third]);
    expect(changes.map((change) => [change.slug, change.change])).toEqual([
      [second.slug, "changed"],
      [third.slug, "added"],
    ]);
    expect(changes[0]?.before?.code).toBe("ANCIEN");
  });
});
