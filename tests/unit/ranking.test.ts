import { describe, expect, it } from "vitest";
import {
  amountGroup,
  amountSectionsOf,
  fallbackNote,
  DEMOTION_BELOW_PERCENT,
  demotionOf,
  isNews,
  rankOffers,
  type RankingContext,
} from "~/catalogue/ranking";
import { parseSort } from "~/catalogue/sort-orders";
import { plainOffer } from "../support/test-offers";
import type { OfferVotes } from "~/catalogue/feedback";
import type { ReferralOffer } from "~/catalogue/types";

const TODAY = "2026-11-26";

const offer = plainOffer;

/** `yes` "Oui" and `no` "Non", each from a network of its own. */
const votes = (yes: number, no: number): OfferVotes => ({
  yes,
  no,
  lastVoteOn: TODAY,
  weightedYes: yes,
  weightedNo: no,
  networks: yes + no,
});

const context = (extra: Partial<RankingContext> = {}): RankingContext => ({
  today: TODAY,
  votes: new Map(),
  news: new Map(),
  ...extra,
});
const slugs = (offers: readonly ReferralOffer[]) => offers.map((candidate) => candidate.slug);

describe("the order a listing's address asks for", () => {
  it("is the default without ?tri=, one of the four orders, and none for anything else", () => {
    expect(parseSort([])).toBe("pertinence");
    expect(parseSort(["montant"])).toBe("montant");
    expect(parseSort(["nouveautes"])).toBe("nouveautes");
    expect(parseSort(["prix"])).toBeUndefined();
    expect(parseSort(["avis", "montant"])).toBeUndefined();
  });
});

describe("the demotion rule", () => {
  it("sinks an offer under the visitors' warning, or with a shown rate below the threshold", () => {
    expect(DEMOTION_BELOW_PERCENT).toBe(60);
    expect(demotionOf(votes(1, 4))).toMatch(/signalent que le code échoue/);
    expect(demotionOf(votes(2, 2))).toBe("Placée après les autres offres : moins de 60\u202f% de réussite.");
    expect(demotionOf(votes(3, 2))).toBeNull();
    // Two votes show no rate: too few to sink an offer.
    expect(demotionOf(votes(0, 2))).toBeNull();
    expect(demotionOf(undefined)).toBeNull();
  });

  it("applies in the default order, below the others but above the expired offers", () => {
    const offers = [offer("Alpha"), offer("Bêta"), offer("Gamma"), offer("Delta", { validUntil: "2026-01-01" })];
    const ranked = rankOffers(offers, "pertinence", context({ votes: new Map([["alpha", votes(1, 4)]]) }));
    expect(slugs(ranked)).toEqual(["beta", "gamma", "alpha", "delta"]);
  });

  it("leaves first the offers a search found by their name, whatever their votes", () => {
    const offers = [offer("Alpha"), offer("Bêta"), offer("Gamma")];
    const ranked = rankOffers(
      offers,
      "pertinence",
      context({
        named: 1,
        votes: new Map([
          ["alpha", votes(1, 4)],
          ["beta", votes(0, 5)],
        ]),
      }),
    );
    expect(slugs(ranked)).toEqual(["alpha", "gamma", "beta"]);
  });
});

describe("the order by amount, like with like", () => {
  const eur = (amount: number, kind: ReferralOffer["kind"] = "argent") =>
    ({ bonus: { amount, unit: "EUR", upTo: false }, kind }) as const;

  it("compares amounts of one unit and one kind, euros, then dollars, then game credits, then percentages, then none", () => {
    const offers = [
      offer("Sans", {}),
      offer("Pourcent", { bonus: { amount: 30, unit: "%", upTo: false }, kind: "reduction" }),
      offer("Jeu", eur(100, "freebet")),
      offer("Dollars", { bonus: { amount: 500, unit: "USD", upTo: false }, kind: "argent" }),
      offer("Petit", eur(15)),
      offer("Grand", eur(200)),
      offer("Cashback", eur(300, "cashback")),
    ];
    const ranked = rankOffers(offers, "montant", context());
    expect(slugs(ranked)).toEqual(["grand", "petit", "cashback", "dollars", "jeu", "pourcent", "sans"]);
    expect(amountSectionsOf(ranked, "2025-01-01")).toEqual([
      { start: 0, label: "Argent versé sur le compte en euros", count: 2 },
      { start: 2, label: "Cashback en euros", count: 1 },
      { start: 3, label: "Argent versé sur le compte en dollars", count: 1 },
      { start: 4, label: "Crédit de jeu (freebet) en euros", count: 1 },
      { start: 5, label: "Réduction en pourcentage", count: 1 },
      { start: 6, label: "Sans montant annoncé", count: 1 },
    ]);
  });

  it("heads expired offers as their own last group, whatever they gave", () => {
    const offers = [offer("Vieille", { ...eur(500), validUntil: "2025-06-17" }), offer("Neuve", eur(10))];
    const ranked = rankOffers(offers, "montant", context());
    expect(amountSectionsOf(ranked, TODAY)).toEqual([
      { start: 0, label: "Argent versé sur le compte en euros", count: 1 },
      { start: 1, label: "Offres expirées", count: 1 },
    ]);
  });

  it("names an amount of an unstated kind an advantage, without inventing a kind", () => {
    expect(amountGroup(eur(20, "non-precise")).label).toBe("Avantage en euros");
  });

  it("never puts game credits of 100 € above 15 € of money", () => {
    expect(amountGroup(eur(100, "freebet")).rank).toBeGreaterThan(amountGroup(eur(15)).rank);
  });
});

describe("an order with nothing to order by", () => {
  const offers = [offer("Alpha"), offer("Bêta")];

  it("says so in one line, for votes and for news, and falls back to the default order", () => {
    const failing = context({ votes: new Map([["alpha", votes(0, 5)]]) });
    expect(fallbackNote(offers, "avis", context())).toMatch(/^Pas encore assez d'avis .* l'ordre par défaut\.$/);
    expect(fallbackNote(offers, "nouveautes", context())).toMatch(/ces 30 derniers jours\s: .* l'ordre par défaut\.$/);
    expect(slugs(rankOffers(offers, "nouveautes", failing))).toEqual(slugs(rankOffers(offers, "pertinence", failing)));
    expect(slugs(rankOffers(offers, "nouveautes", failing))).toEqual(["beta", "alpha"]);
  });

  it("says nothing once one offer can be ordered, nor for the amount and default orders", () => {
    expect(fallbackNote(offers, "nouveautes", context({ news: new Map([["beta", TODAY]]) }))).toBeNull();
    expect(fallbackNote(offers, "avis", context({ votes: new Map([["alpha", votes(9, 1)]]) }))).toBeNull();
    expect(fallbackNote(offers, "montant", context())).toBeNull();
    expect(fallbackNote(offers, "pertinence", context())).toBeNull();
  });
});

describe("the order by visitors' votes", () => {
  it("lists the offers showing a rate, best first, then the others in their order", () => {
    const offers = [offer("Alpha"), offer("Bêta"), offer("Gamma"), offer("Delta")];
    const ranked = rankOffers(
      offers,
      "avis",
      context({
        votes: new Map([
          ["gamma", votes(3, 1)],
          ["delta", votes(9, 1)],
          ["alpha", votes(1, 0)],
        ]),
      }),
    );
    expect(slugs(ranked)).toEqual(["delta", "gamma", "alpha", "beta"]);
  });
});

describe("the news", () => {
  it("are the offers added or improved in the last 30 days, newest first", () => {
    expect(isNews("2026-10-27", TODAY)).toBe(true);
    expect(isNews("2026-10-26", TODAY)).toBe(false);
    const offers = [offer("Alpha"), offer("Bêta"), offer("Gamma")];
    const news = new Map([
      ["alpha", "2026-11-01"],
      ["gamma", "2026-11-20"],
      ["beta", "2026-09-01"],
    ]);
    expect(slugs(rankOffers(offers, "nouveautes", context({ news })))).toEqual(["gamma", "alpha", "beta"]);
  });
});
