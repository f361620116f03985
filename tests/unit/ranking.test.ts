import { describe, expect, it } from "vitest";
import { offerFromEntry } from "~/catalogue/offers";
import {
  amountGroup,
  amountGroupsOf,
  DEMOTION_BELOW_PERCENT,
  demotionOf,
  isNews,
  rankOffers,
  type RankingContext,
} from "~/catalogue/ranking";
import { parseSort } from "~/catalogue/sort-orders";
import type { OfferVotes } from "~/catalogue/feedback";
import type { ReferralOffer } from "~/catalogue/types";

const TODAY = "2026-11-26";

const offer = (name: string, extra: Partial<ReferralOffer> = {}): ReferralOffer => ({
  ...offerFromEntry({
    name,
    category: "finance",
    serviceDescription: `${name} est un service.`,
    offerDescription: "Bonus offert à l'inscription.",
    code: "CODE",
    link: "https://exemple.fr/",
    advantages: [],
  }),
  ...extra,
});

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
  it("is the default without ?tri=, one of the four orders, and none for anything else", () => {
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
    expect(demotionOf(votes(2, 2))).toBe("Placée après les autres offres : moins de 60\u202f% de réussite.");
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
    expect(amountGroupsOf(ranked)).toEqual([
      "argent versé sur le compte en euros (2)",
      "cashback en euros (1)",
      "argent versé sur le compte en dollars (1)",
      "crédit de jeu (freebet) en euros (1)",
      "réduction en pourcentage (1)",
      "sans montant annoncé (1)",
    ]);
  });

  it("never puts game credits of 100 € above 15 € of money", () => {
    expect(amountGroup(eur(100, "freebet")).rank).toBeGreaterThan(amountGroup(eur(15)).rank);
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
