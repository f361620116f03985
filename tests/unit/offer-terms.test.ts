import { describe, expect, it } from "vitest";
import { toCardView } from "~/catalogue/card";
import { BRAND_ENTRIES } from "~/catalogue/data";
import { hasStarted } from "~/catalogue/dates";
import { offerHeadline } from "~/catalogue/headline";
import { riskNoteOf } from "~/catalogue/listing-rules";
import { selectFeatured } from "~/catalogue/merge";
import { findBrandEntry } from "~/catalogue/names";
import { BUNDLED_OFFERS, offerFromBrandRow, offerFromRow } from "~/catalogue/offers";
import { formatBonus, kindLabel, MAX_CONDITION_LENGTH, MAX_CONDITIONS, termsFormValues } from "~/catalogue/terms";
import { typeset } from "~/catalogue/typography";

const NBSP = "\u00a0";

describe("an offer's amount as visitors read it", () => {
  it("writes euros, dollars and percentages the French way, a ceiling as « Jusqu'à »", () => {
    expect(formatBonus({ amount: 200, unit: "EUR", upTo: true })).toBe(`Jusqu'à 200${NBSP}€`);
    expect(formatBonus({ amount: 2.5, unit: "EUR", upTo: false })).toBe(`2,50${NBSP}€`);
    expect(formatBonus({ amount: 1500, unit: "USD", upTo: false })).toBe(`1\u202f500${NBSP}$`);
    expect(formatBonus({ amount: 20, unit: "%", upTo: false })).toBe(`20${NBSP}%`);
  });

  it("leads with the offer's own words when it states no amount, and names no kind it does not know", () => {
    expect(offerHeadline({ description: "15 € offerts après l'ouverture de votre compte." })).toBe("15 € offerts");
    expect(offerHeadline({ bonus: { amount: 50, unit: "EUR", upTo: false }, description: "x" })).toBe(`50${NBSP}€`);
    expect(kindLabel("non-precise")).toBeUndefined();
    expect(kindLabel("freebet")).toBe("Crédit de jeu (freebet)");
  });

  it("puts no filler on any bundled card", () => {
    const cards = BUNDLED_OFFERS.map((offer) => toCardView(offer, { today: "2026-11-28", votes: new Map() }));
    const shown = JSON.stringify(cards);
    expect(shown).not.toMatch(/non précisée|selon l'offre en cours/i);
    expect(cards.filter((card) => card.terms === undefined).length).toBeGreaterThan(0);
  });
});

describe("the bundled offers' terms, taken from their own texts", () => {
  it("state an amount only where the offer's text states that figure in that unit", () => {
    const sign = { EUR: "€", USD: "$", "%": "%" } as const;
    for (const entry of BRAND_ENTRIES) {
      if (!entry.bonus) continue;
      const text = [entry.offerDescription, ...entry.advantages].join(" ");
      expect(text, entry.name).toContain(typeset(`${entry.bonus.amount} ${sign[entry.bonus.unit]}`));
      const ceiling = typeset(`jusqu'à ${entry.bonus.amount} ${sign[entry.bonus.unit]}`);
      expect(text.toLowerCase().includes(ceiling), entry.name).toBe(entry.bonus.upTo);
    }
  });

  it("name game credits as such: the only bonus in credits is a game credit", () => {
    const credits = BRAND_ENTRIES.filter((entry) => /en crédits/.test(entry.offerDescription));
    expect(credits.map((entry) => [entry.name, entry.kind])).toEqual([["Sorare", "freebet"]]);
  });

  it("state no kind for the betting offers, whose texts say nothing of it", () => {
    for (const offer of BUNDLED_OFFERS.filter((candidate) => candidate.category === "betting")) {
      expect(offer.kind, offer.brand).toBe("non-precise");
      expect(offer.bonus, offer.brand).toBeUndefined();
    }
  });

  it("list 1 to 5 conditions of at most 120 characters each", () => {
    for (const offer of BUNDLED_OFFERS) {
      expect(offer.conditions.length, offer.brand).toBeGreaterThanOrEqual(1);
      expect(offer.conditions.length, offer.brand).toBeLessThanOrEqual(MAX_CONDITIONS);
      for (const line of offer.conditions) expect(line.length, line).toBeLessThanOrEqual(MAX_CONDITION_LENGTH);
    }
  });
});

describe("terms read from a brands row", () => {
  const boursoBank = BUNDLED_OFFERS.find((offer) => offer.slug === "boursobank")!;

  it("keep the bundled terms while the row states no kind", () => {
    const offer = offerFromBrandRow({ id: 1, name: "BoursoBank", description: null, logo_url: null, code: "X" });
    expect(offer).toMatchObject({ bonus: boursoBank.bonus, kind: "argent", conditions: boursoBank.conditions });
  });

  it("take the row's terms together once it states a kind, an empty amount meaning none", () => {
    const offer = offerFromBrandRow({
      id: 1,
      name: "BoursoBank",
      description: null,
      logo_url: null,
      bonus_kind: "argent",
      bonus_amount: null,
      bonus_unit: null,
      conditions: [],
    });
    expect(offer).toMatchObject({ bonus: undefined, kind: "argent", conditions: [] });
  });

  it("read an amount Postgres sends as text, and one PostgREST sends as a number", () => {
    const row = {
      id: 2,
      name: "Nouvelle",
      description: null,
      logo_url: null,
      bonus_kind: "freebet",
      bonus_unit: "EUR",
    };
    expect(offerFromBrandRow({ ...row, bonus_amount: "12.50", bonus_up_to: true }).bonus).toEqual({
      amount: 12.5,
      unit: "EUR",
      upTo: true,
    });
    expect(offerFromBrandRow({ ...row, bonus_amount: 30 }).bonus).toEqual({ amount: 30, unit: "EUR", upTo: false });
  });

  it("round-trip through the back office's form values", () => {
    expect(termsFormValues(boursoBank)).toEqual({
      bonus_amount: "200",
      bonus_unit: "EUR",
      bonus_up_to: true,
      bonus_kind: "argent",
      conditions: boursoBank.conditions.join("\n"),
      referrer_reward: "",
      starts_on: "",
    });
    expect(termsFormValues({ ...boursoBank, bonus: { amount: 2.5, unit: "EUR", upTo: false } }).bonus_amount).toBe(
      "2,5",
    );
  });
});

describe("an offer whose start is to come", () => {
  it("shows from its first day, not before", () => {
    expect(hasStarted({ startsOn: "2026-12-01" }, "2026-11-30")).toBe(false);
    expect(hasStarted({ startsOn: "2026-12-01" }, "2026-12-01")).toBe(true);
    expect(hasStarted({}, "2026-11-30")).toBe(true);
  });

  it("is never put forward on the home page", () => {
    const bundled = BUNDLED_OFFERS.map((offer) =>
      offer.slug === "boursobank" ? { ...offer, startsOn: "2026-12-01" } : offer,
    );
    const featured = (today: string) => selectFeatured([], today, new Map(), bundled).map((offer) => offer.slug);
    expect(featured("2026-11-30")).not.toContain("boursobank");
    expect(featured("2026-12-01")).toContain("boursobank");
  });
});

describe("the risk note follows what the offer promotes, a field of its own", () => {
  const row = (name: string, columns: Record<string, unknown>) =>
    offerFromRow({ id: 1, name, description: null, logo_url: null, ...columns }, findBrandEntry(name));

  it("gives the bundled offers theirs: betting, crypto, and the capital's risk on investments", () => {
    const notes = Object.fromEntries(BUNDLED_OFFERS.map((offer) => [offer.slug, riskNoteOf(offer) ?? "none"]));
    expect(notes).toMatchObject({
      winamax: "betting",
      unibet: "betting",
      binance: "crypto",
      sorare: "crypto",
      deblock: "crypto",
      "trade-republic": "investment",
      vivid: "investment",
      bricks: "investment",
      "la-premiere-brique": "investment",
      boursobank: "none",
      revolut: "none",
      igraal: "none",
    });
  });

  it("is decided by the row's field, not by the bonus's kind", () => {
    expect(riskNoteOf(row("Revolut", { risk_note: "crypto", bonus_kind: "argent" }))).toBe("crypto");
    expect(riskNoteOf(row("BoursoBank", { risk_note: "investment" }))).toBe("investment");
    expect(riskNoteOf(row("Binance", { risk_note: "none" }))).toBeUndefined();
    expect(riskNoteOf(row("Coinbase", { bonus_kind: "cashback" }))).toBe("crypto");
    expect(riskNoteOf(row("Boutique Nouvelle", { category: "shopping", bonus_kind: "crypto" }))).toBeUndefined();
  });

  it("falls back to the entry's, then the category's, when the row says nothing or what it says is unknown", () => {
    expect(riskNoteOf(row("Trade Republic", { risk_note: null }))).toBe("investment");
    expect(riskNoteOf(row("Échange Nouveau", { category: "crypto" }))).toBe("crypto");
    expect(riskNoteOf(row("Échange Nouveau", { category: "crypto", risk_note: "autre" }))).toBe("crypto");
    expect(riskNoteOf(row("Banque Nouvelle", { category: "finance" }))).toBeUndefined();
  });

  it("keeps the gambling warning on a betting operator, whatever its field says", () => {
    expect(riskNoteOf(row("Winamax", { risk_note: "none" }))).toBe("betting");
    expect(riskNoteOf(row("Paris Nouveaux", { category: "betting", risk_note: "investment" }))).toBe("betting");
  });
});
