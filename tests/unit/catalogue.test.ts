import { afterEach, describe, expect, it, vi } from "vitest";
import { toCardView } from "~/catalogue/card";
import { CATEGORIES, listTitle, parseCategory } from "~/catalogue/categories";
import { BRAND_ENTRIES, GENERIC_OFFER } from "~/catalogue/data";
import { isExpired, todayInFrance } from "~/catalogue/dates";
import { NOT_ENOUGH_VOTES, REPORTED_NOT_WORKING, type OfferVotes } from "~/catalogue/feedback";
import { isInCategory, sortOffers } from "~/catalogue/listing-rules";
import { dedupeOffers, mergeOffers, selectFeatured } from "~/catalogue/merge";
import { brandKey } from "~/catalogue/names";
import { acceptsVotes, canCopyCode, isInstructionCode } from "~/catalogue/offer-rules";
import { BUNDLED_OFFERS, offerFromBrandRow, offerFromEntry, offerFromRow } from "~/catalogue/offers";
import { searchOffers } from "~/catalogue/search";
import { buildSearchIndex } from "~/catalogue/search-index";
import { canonicalSlug, logoOf, slugFromName, slugOf } from "~/catalogue/slugs";
import { ownNetworkVotes } from "../support/offer-votes";
import type { BrandEntry, BrandRow, ReferralOffer } from "~/catalogue/types";

/** The rules of the catalogue, each on small fixtures built here: none depends on what data.ts holds today. */

const TODAY = "2026-11-22";
const CARD_CONTEXT = { today: TODAY, votes: new Map() };
const YESTERDAY = "2026-11-21";

const entry = (name: string, extra: Partial<BrandEntry> = {}): BrandEntry => ({
  name,
  category: "finance",
  serviceDescription: `${name} est un service.`,
  offerDescription: `Bonus offert par ${name}.`,
  code: `CODE${brandKey(name).toUpperCase()}`,
  link: `https://www.${brandKey(name)}.fr/parrainage`,
  advantages: [`Avantage ${name}`],
  ...extra,
});
const offer = (name: string, extra: Partial<ReferralOffer> = {}): ReferralOffer => ({
  ...offerFromEntry(entry(name)),
  ...extra,
});
const row = (name: string, extra: Partial<BrandRow> = {}): BrandRow => ({
  id: `row-${brandKey(name)}`,
  name,
  description: null,
  logo_url: null,
  ...extra,
});
const brands = (offers: readonly ReferralOffer[]) => offers.map((candidate) => candidate.brand);

afterEach(() => vi.restoreAllMocks());

describe("slugs", () => {
  it("are the lower-case name without accents, spaces turned into hyphens", () => {
    expect(slugFromName("Binance")).toBe("binance");
    expect(slugFromName("  Feel   Mining ")).toBe("feel-mining");
    expect(slugFromName("Nouvelle Banque Éthique")).toBe("nouvelle-banque-ethique");
    expect(slugFromName("Crypto.com")).toBe("cryptocom");
  });

  it("come from the entry where it writes one, otherwise from the rule", () => {
    expect(slugOf(entry("Crypto.com", { slug: "crypto-com" }))).toBe("crypto-com");
    expect(slugOf(entry("Trade Republic"))).toBe("trade-republic");
    expect(offerFromBrandRow(row("Marque Sans Fiche")).slug).toBe("marque-sans-fiche");
  });

  it("of an entry, under any of its names, are the entry's", () => {
    for (const known of BRAND_ENTRIES) {
      for (const name of [known.name, ...(known.aliases ?? [])]) {
        expect(offerFromBrandRow(row(name)).slug, name).toBe(slugOf(known));
      }
    }
  });

  it("redirect the old address cryptocom to crypto-com and leave other slugs alone", () => {
    expect(canonicalSlug("cryptocom")).toBe("crypto-com");
    expect(canonicalSlug("crypto-com")).toBe("crypto-com");
    expect(canonicalSlug("marque-sans-fiche")).toBe("marque-sans-fiche");
  });
});

describe("logos", () => {
  it("are public/logos/{slug}.svg, or none when the entry says so", () => {
    expect(logoOf(entry("Feel Mining"))).toBe("/logos/feel-mining.svg");
    expect(logoOf(entry("Crypto.com", { slug: "crypto-com" }))).toBe("/logos/crypto-com.svg");
    expect(logoOf(entry("Sans Logo", { logo: false }))).toBeUndefined();
  });
});

describe("brand names", () => {
  it("display Boursorama Banque as BoursoBank", () => {
    expect(offerFromBrandRow(row("Boursorama Banque")).brand).toBe("BoursoBank");
  });

  it("display every name and alias of an entry, however spelled, as the entry's name", () => {
    for (const known of BRAND_ENTRIES) {
      for (const name of [known.name, ...(known.aliases ?? [])]) {
        expect(offerFromBrandRow(row(` ${name.toUpperCase()} `)).brand, name).toBe(known.name);
      }
    }
  });

  it("trim and single-space a name data.ts does not know, keeping its spelling", () => {
    expect(offerFromBrandRow(row("  Marque   sans Fiche ")).brand).toBe("Marque sans Fiche");
  });
});

describe("a backend row as an offer", () => {
  const known = entry("Banque Test", {
    aliases: ["Ancienne Banque"],
    category: "finance",
    alsoIn: ["crypto"],
    featured: true,
    validUntil: "2030-01-01",
  });

  it("takes the offer from the entry and the service description from the row", () => {
    const result = offerFromRow(row("banque  test", { id: 7, description: "Décrite par la base." }), known);
    expect(result).toMatchObject({
      id: "7",
      slug: "banque-test",
      brand: "Banque Test",
      aliases: ["Ancienne Banque"],
      category: "finance",
      serviceDescription: "Décrite par la base.",
      description: known.offerDescription,
      code: known.code,
      link: known.link,
      logo: "/logos/banque-test.svg",
      featured: true,
      copyable: true,
      advantages: known.advantages,
      validUntil: "2030-01-01",
    });
  });

  it("lets each column the row sets win, and falls back where a text column is blank", () => {
    const result = offerFromRow(
      row("Banque Test", {
        slug: "autre-adresse",
        code: "OWNCODE",
        link: "https://www.banquetest.fr/autre",
        offer_description: "Autre offre",
        featured: false,
        advantages: ["Un seul"],
        valid_until: "2031-01-01",
        logo_url: "https://cdn.banquetest.fr/logo.svg",
        description: "   ",
      }),
      known,
    );
    expect(result).toMatchObject({
      slug: "autre-adresse",
      code: "OWNCODE",
      link: "https://www.banquetest.fr/autre",
      description: "Autre offre",
      featured: false,
      advantages: ["Un seul"],
      validUntil: "2031-01-01",
      logo: "https://cdn.banquetest.fr/logo.svg",
      serviceDescription: known.serviceDescription,
    });
    expect(offerFromRow(row("Banque Test", { link: " ", offer_description: "" }), known)).toMatchObject({
      link: known.link,
      description: known.offerDescription,
    });
  });

  it("keeps the entry's categories when the row gives the brand another one", () => {
    const moved = offerFromRow(row("Banque Test", { category: "other" }), known);
    expect(moved.category).toBe("other");
    for (const id of ["other", "finance", "crypto"] as const) expect(isInCategory(moved, id), id).toBe(true);
    expect(isInCategory(moved, "food")).toBe(false);
  });

  it("gives a brand data.ts does not know the generic offer, no logo, and a slug by the rule", () => {
    expect(offerFromRow(row("Marque Sans Fiche"), undefined)).toMatchObject({
      brand: "Marque Sans Fiche",
      aliases: [],
      slug: "marque-sans-fiche",
      category: null,
      alsoIn: [],
      description: GENERIC_OFFER.description,
      code: GENERIC_OFFER.code,
      link: GENERIC_OFFER.link,
      logo: undefined,
      featured: false,
      advantages: [],
    });
  });

  it("is completed by the entry of the same name or alias", () => {
    for (const known of BRAND_ENTRIES) {
      for (const name of [known.name, ...(known.aliases ?? [])]) {
        const result = offerFromBrandRow(row(name));
        expect(result.brand, name).toBe(known.name);
        expect(result.description, name).toBe(known.offerDescription);
      }
    }
  });
});

describe("the copy button", () => {
  it("is offered for a real code", () => {
    expect(canCopyCode({ code: "CODE123", copyable: true })).toBe(true);
  });

  it("is never offered for 'Cliquez sur le lien', 'Me contacter' or an empty code", () => {
    for (const code of ["Cliquez sur le lien", "me contacter", " Me contacter ", "", "   "]) {
      expect(isInstructionCode(code), code).toBe(true);
      expect(canCopyCode({ code, copyable: true }), code).toBe(false);
    }
  });

  it("is not offered when the entry says the offer goes through the link", () => {
    expect(offerFromEntry(entry("Par Lien", { copyable: false })).copyable).toBe(false);
    expect(canCopyCode(offerFromEntry(entry("Par Lien", { copyable: false })))).toBe(false);
    expect(canCopyCode(offerFromEntry(entry("Avec Code")))).toBe(true);
  });

  it("follows the row's hide_clipboard over the entry, and the entry when the column is null", () => {
    const byLink = entry("Par Lien", { copyable: false });
    expect(offerFromRow(row("Par Lien", { hide_clipboard: false }), byLink).copyable).toBe(true);
    expect(offerFromRow(row("Par Lien", { hide_clipboard: null }), byLink).copyable).toBe(false);
    expect(offerFromRow(row("Avec Code", { hide_clipboard: true }), entry("Avec Code")).copyable).toBe(false);
    expect(offerFromRow(row("Marque Sans Fiche", { code: "ABC" }), undefined).copyable).toBe(true);
  });
});

describe("the card view", () => {
  /** The view's flags as the card reads them: a flag left out is false. */
  const flags = (extra: Partial<ReferralOffer>, name = "Avec Code") => {
    const view = toCardView(offer(name, extra), CARD_CONTEXT);
    return {
      canCopy: Boolean(view.canCopy),
      showLink: Boolean(view.showLink),
      expired: Boolean(view.expired),
      codeIsInstruction: Boolean(view.codeIsInstruction),
    };
  };

  it("offers copy and link for a current offer with a code and a link", () => {
    expect(flags({})).toEqual({ canCopy: true, showLink: true, expired: false, codeIsInstruction: false });
  });

  it("offers neither copy nor link once the offer has expired", () => {
    expect(flags({ validUntil: YESTERDAY }, "Finie")).toMatchObject({ expired: true, canCopy: false, showLink: false });
  });

  it("shows no link when there is none, and an instruction as an instruction", () => {
    expect(flags({ link: "", code: "Me contacter" }, "Sans Lien")).toMatchObject({
      showLink: false,
      canCopy: false,
      codeIsInstruction: true,
    });
  });

  it("leaves out the flags that are false and the notices that are absent, which every card would repeat", () => {
    const view = toCardView(offer("Légère", { category: "finance", validUntil: undefined }), CARD_CONTEXT);
    for (const name of ["expired", "codeIsInstruction", "regulated", "follows"]) expect(view).not.toHaveProperty(name);
  });

  it("carries the offer's own risk note, and the betting notice on every betting offer", () => {
    const view = (extra: Partial<ReferralOffer>) => toCardView(offer("Réglementée", extra), CARD_CONTEXT).regulated;
    expect(view({ category: "betting" })).toBe("betting");
    expect(view({ category: "crypto", risk: "crypto" })).toBe("crypto");
    expect(view({ category: "finance", risk: "investment" })).toBe("investment");
    expect(view({ category: "finance", alsoIn: ["betting"], risk: "crypto" })).toBe("betting");
    expect(view({ category: "crypto" })).toBeUndefined();
  });

  it("puts the amount and its kind beside the headline, the first condition under it", () => {
    const view = toCardView(
      offer("Chiffrée", {
        bonus: { amount: 50, unit: "EUR", upTo: false },
        kind: "freebet",
        conditions: ["Un premier pari de 10 €", "Réservé aux nouveaux joueurs"],
      }),
      CARD_CONTEXT,
    );
    expect(view).toMatchObject({
      headline: "50\u00a0€",
      terms: "Crédit de jeu (freebet)",
      condition: "Un premier pari de 10 €",
    });
    const unstated = toCardView(
      offer("Sans Montant", { description: "Prime de bienvenue offerte à l'ouverture du compte." }),
      CARD_CONTEXT,
    );
    expect(unstated).toMatchObject({ headline: "Prime de bienvenue offerte" });
    expect(unstated).not.toHaveProperty("terms");
    expect(unstated).not.toHaveProperty("condition");
  });
});

describe("merging the backend over the bundled offers", () => {
  const bundled = [offer("BoursoBank"), offer("Alpha"), offer("Zeta")];

  it("replaces the bundled offer of the same normalised brand with the backend's", () => {
    const merged = mergeOffers([offer("bourso bank", { id: "api-1" })], TODAY, bundled);
    expect(
      merged.filter((candidate) => brandKey(candidate.brand) === "boursobank").map((candidate) => candidate.id),
    ).toEqual(["api-1"]);
    expect(merged).toHaveLength(bundled.length);
  });

  it("keeps the bundled offers with no backend match and adds the backend-only brands", () => {
    expect(brands(mergeOffers([offer("Nouvelle")], TODAY, bundled))).toEqual([
      "Alpha",
      "BoursoBank",
      "Nouvelle",
      "Zeta",
    ]);
  });

  it("shows the bundled offers alone when the backend has no data, empty or absent", () => {
    expect(brands(mergeOffers([], TODAY, bundled))).toEqual(["Alpha", "BoursoBank", "Zeta"]);
    expect(brands(mergeOffers(null, TODAY, bundled))).toEqual(["Alpha", "BoursoBank", "Zeta"]);
  });

  it("keeps the logo, code and link of Crypto.com's hand-written page, and takes the rest of its offer from the backend", () => {
    const bundledCrypto = BUNDLED_OFFERS.find((candidate) => candidate.slug === "crypto-com");
    const fromBackend = offer("Crypto.com", {
      id: "api-crypto",
      slug: "cryptocom",
      code: "AUTRECODE",
      link: "https://autre.exemple/parrainage",
      logo: "/logos/autre.svg",
      copyable: false,
      description: "L'offre écrite par le propriétaire.",
      verifiedOn: YESTERDAY,
    });
    const merged = mergeOffers([fromBackend, offer("Binance", { id: "api-binance", code: "NOUVEAU" })], TODAY);
    const crypto = merged.find((candidate) => candidate.id === "api-crypto");
    expect(crypto).toMatchObject({
      slug: "crypto-com",
      code: bundledCrypto?.code,
      link: bundledCrypto?.link,
      logo: bundledCrypto?.logo,
      copyable: bundledCrypto?.copyable,
      description: "L'offre écrite par le propriétaire.",
      verifiedOn: YESTERDAY,
    });
    // Any other brand takes the backend's code.
    expect(merged.find((candidate) => candidate.id === "api-binance")?.code).toBe("NOUVEAU");
  });

  it("merges over data.ts by default", () => {
    expect(mergeOffers(null, TODAY)).toHaveLength(BUNDLED_OFFERS.length);
  });
});

describe("duplicate removal", () => {
  it("keeps the first offer of a brand and drops later ones with a warning", () => {
    const warnings: string[] = [];
    const kept = dedupeOffers(
      [offer("Même Marque", { id: "first" }), offer("même-marque", { id: "second" }), offer("Autre")],
      (message) => warnings.push(message),
    );
    expect(kept.map((candidate) => candidate.id)).toEqual(["first", "autre"]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/même-marque/);
  });

  it("applies to the backend's rows before the merge", () => {
    const warnings: string[] = [];
    const merged = mergeOffers(
      [offer("Alpha", { id: "one" }), offer("ALPHA", { id: "two" })],
      TODAY,
      [offer("Alpha")],
      (message) => warnings.push(message),
    );
    expect(merged.map((candidate) => candidate.id)).toEqual(["one"]);
    expect(warnings).toHaveLength(1);
  });
});

describe("sorting", () => {
  it("orders by brand name in French, ignoring case and accents", () => {
    const offers = ["zebra", "Étoile", "eBuyClub", "Alpha", "écureuil", "Bitget"].map((name) => offer(name));
    expect(brands(sortOffers(offers, TODAY))).toEqual(["Alpha", "Bitget", "eBuyClub", "écureuil", "Étoile", "zebra"]);
  });

  it("puts expired offers after current ones", () => {
    const offers = [offer("Alpha", { validUntil: YESTERDAY }), offer("Zeta"), offer("Beta", { validUntil: TODAY })];
    expect(brands(sortOffers(offers, TODAY))).toEqual(["Beta", "Zeta", "Alpha"]);
  });
});

describe("validity dates", () => {
  it("keep an offer valid through its last day and expired the day after", () => {
    expect(isExpired({ validUntil: "2025-06-17" }, "2025-06-17")).toBe(false);
    expect(isExpired({ validUntil: "2025-06-17" }, "2025-06-18")).toBe(true);
    expect(isExpired({ validUntil: undefined }, "2099-01-01")).toBe(false);
  });

  it("are compared with today's date in France", () => {
    expect(todayInFrance(new Date("2025-06-17T22:30:00Z"))).toBe("2025-06-18");
    expect(todayInFrance(new Date("2025-06-17T21:30:00Z"))).toBe("2025-06-17");
    // The day is worked out once a minute: the last minute before midnight in Paris, asked twice, then the first.
    expect(todayInFrance(new Date("2025-06-17T21:59:00.000Z"))).toBe("2025-06-17");
    expect(todayInFrance(new Date("2025-06-17T21:59:59.999Z"))).toBe("2025-06-17");
    expect(todayInFrance(new Date("2025-06-17T22:00:00.000Z"))).toBe("2025-06-18");
    expect(todayInFrance(new Date("2025-12-31T22:59:59.999Z"))).toBe("2025-12-31");
    expect(todayInFrance(new Date("2025-12-31T23:00:00.000Z"))).toBe("2026-01-01");
  });
});

describe("the home page's featured offers", () => {
  const featured = ["Un", "Deux", "Trois"].map((name) => offer(name, { featured: true }));
  const fallback = () => selectFeatured(null, TODAY);

  it("are the backend's featured brands when exactly three are current", () => {
    expect(brands(selectFeatured([...featured, offer("Quatre")], TODAY))).toEqual(["Un", "Deux", "Trois"]);
  });

  it("do not count an expired offer", () => {
    const withExpired = [...featured.slice(0, 2), offer("Trois", { featured: true, validUntil: YESTERDAY })];
    expect(selectFeatured(withExpired, TODAY)).toEqual(fallback());
  });

  it("fall back to three bundled offers with no brands, or not exactly three featured", () => {
    expect(fallback()).toHaveLength(3);
    for (const chosen of fallback()) expect(BUNDLED_OFFERS).toContain(chosen);
    expect(selectFeatured([], TODAY)).toEqual(fallback());
    expect(selectFeatured(featured.slice(0, 2), TODAY)).toEqual(fallback());
    expect(selectFeatured([...featured, offer("Quatre", { featured: true })], TODAY)).toEqual(fallback());
  });
});

const ownVotes = ownNetworkVotes;

describe("the card's trust line", () => {
  const fiveVotes = ownVotes(1, 4, "2026-11-21");

  it("carries the summary, the warning and the latest vote of the offer's own votes, and the owner's check", () => {
    const voted = offer("Votée", { verifiedOn: "2026-11-20", votesSince: "2026-11-20T09:00:00Z" });
    const card = toCardView(voted, { today: TODAY, votes: new Map([[voted.slug, fiveVotes]]) });
    expect(card.trust).toEqual({
      summary: "20\u202f% de réussite sur 5 avis",
      warning: REPORTED_NOT_WORKING,
      since: "depuis le 20 novembre 2026",
      lastVote: "Dernier avis le 21 novembre 2026",
      verification: "Vérifié le 20 novembre 2026",
    });
  });

  it("ignores the votes on other offers", () => {
    const card = toCardView(offer("Sans Avis"), { today: TODAY, votes: new Map([[offer("Votée").slug, fiveVotes]]) });
    expect(card.trust).toEqual({
      summary: NOT_ENOUGH_VOTES,
      warning: null,
      since: null,
      lastVote: null,
      verification: "Code non vérifié",
    });
  });
});

describe("votes on an offer", () => {
  it("are accepted for an offer with a link, or with a real code", () => {
    const cases: Array<Partial<ReferralOffer>> = [
      {},
      { code: "Cliquez sur le lien" },
      { code: "Me contacter" },
      { code: "" },
      { link: "" },
      { link: "", code: " CODE42 " },
    ];
    for (const extra of cases) {
      expect(acceptsVotes(offer("Votable", extra)), JSON.stringify(extra)).toBe(true);
    }
  });

  it("are not accepted for an instruction or an empty code without a link: there is nothing to try", () => {
    for (const code of ["Me contacter", "Cliquez sur le lien", "", "   "]) {
      expect(acceptsVotes(offer("Sans Lien", { link: "", code })), code).toBe(false);
    }
  });
});

describe("the home page's featured offers, with visitors' votes", () => {
  const lastVoteOn = "2026-11-21";
  /** Enough votes, under half of them "Oui": the offer shows the warning. */
  const REPORTED = ownVotes(2, 3, lastVoteOn);
  const reportedOn = (...offers: ReferralOffer[]) =>
    new Map<string, OfferVotes>(offers.map((candidate) => [candidate.slug, REPORTED]));
  const backendThree = ["Un", "Deux", "Trois"].map((name) => offer(name, { featured: true }));
  const [alpha, beta, gamma] = [offer("Alpha"), offer("Beta", { validUntil: YESTERDAY }), offer("Gamma")];
  // The built-in defaults (a bank, a neobank, a cashback site) among offers that are not.
  const bundled = [alpha, offer("BoursoBank"), beta, offer("N26"), gamma, offer("iGraal"), offer("Delta")];
  const defaults = () => selectFeatured(null, TODAY, new Map(), bundled);

  it("drop the backend's three for the defaults when one of them is reported as not working", () => {
    const second = backendThree[1] as ReferralOffer;
    expect(selectFeatured(backendThree, TODAY, reportedOn(second), bundled)).toEqual(defaults());
    expect(defaults()).not.toContain(second);
  });

  it("keep the backend's three while the votes on them give no warning", () => {
    const second = backendThree[1] as ReferralOffer;
    const votes = new Map<string, OfferVotes>([
      [second.slug, ownVotes(0, 4, lastVoteOn)],
      [(backendThree[2] as ReferralOffer).slug, ownVotes(5, 5, lastVoteOn)],
    ]);
    expect(brands(selectFeatured(backendThree, TODAY, votes, bundled))).toEqual(["Un", "Deux", "Trois"]);
  });

  it("replace a reported default with the next current, unreported bundled offer", () => {
    const [first, second, third] = defaults();
    expect([first, second, third]).not.toContain(gamma);
    // Alpha is reported too and Beta has expired: Gamma is the next one.
    expect(selectFeatured(null, TODAY, reportedOn(second as ReferralOffer, alpha), bundled)).toEqual([
      first,
      third,
      gamma,
    ]);
    expect(selectFeatured([], TODAY, reportedOn(first as ReferralOffer, second as ReferralOffer), bundled)).toEqual([
      third,
      alpha,
      gamma,
    ]);
  });

  it("are never fewer than three and never a reported one, however many offers are reported", () => {
    const current = BUNDLED_OFFERS.filter((candidate) => !isExpired(candidate, TODAY));
    const orders = [current, [...current].reverse(), current.filter((_, index) => index % 2 === 0)];
    for (const order of orders) {
      for (let count = 0; count <= Math.min(order.length, current.length - 3); count += 1) {
        for (const fromBackend of [null, backendThree]) {
          // With the backend's three, one of them is reported as well.
          const votes = reportedOn(...order.slice(0, count), ...(fromBackend ? backendThree.slice(0, 1) : []));
          const chosen = selectFeatured(fromBackend, TODAY, votes, BUNDLED_OFFERS);
          expect(chosen, `${count} signalées`).toHaveLength(3);
          for (const pick of chosen) {
            expect(votes.has(pick.slug), pick.slug).toBe(false);
            expect(isExpired(pick, TODAY), pick.slug).toBe(false);
          }
        }
      }
    }
  });
});

describe("search and categories", () => {
  it("match a case- and accent-insensitive substring of the brand name; an empty search matches all", () => {
    const index = buildSearchIndex([offer("Binance"), offer("La Première Brique")], TODAY);
    const found = (query: string) => brands(searchOffers(index, query, "all").offers);
    expect(found("BIN")).toEqual(["Binance"]);
    expect(found("nan")).toEqual(["Binance"]);
    expect(found("coin")).toEqual([]);
    expect(found(" premiere ")).toEqual(["La Première Brique"]);
    expect(found("")).toEqual(["Binance", "La Première Brique"]);
  });

  it("list a brand in its own category, in those its entry adds, and in all", () => {
    const listed: Pick<ReferralOffer, "category" | "alsoIn"> = { category: "finance", alsoIn: ["crypto"] };
    expect(isInCategory(listed, "finance")).toBe(true);
    expect(isInCategory(listed, "crypto")).toBe(true);
    expect(isInCategory(listed, "food")).toBe(false);
    expect(isInCategory({ category: null, alsoIn: [] }, "all")).toBe(true);
    expect(isInCategory({ category: null, alsoIn: [] }, "finance")).toBe(false);
  });

  it("require both the search and the category in a tab", () => {
    const offers = [
      offer("Bourse", { category: "finance" }),
      offer("Boulangerie", { category: "food" }),
      offer("Bolt", { category: "mobility", alsoIn: ["finance"] }),
      offer("Crypto", { category: "crypto" }),
    ];
    const index = buildSearchIndex(offers, TODAY);
    expect(brands(searchOffers(index, "bo", "finance").offers)).toEqual(["Bourse", "Bolt"]);
    expect(brands(searchOffers(index, "", "food").offers)).toEqual(["Boulangerie"]);
    expect(brands(searchOffers(index, "bou", "all").offers)).toEqual(["Bourse", "Boulangerie"]);
    expect(searchOffers(index, "zzz", "all").offers).toEqual([]);
  });

  it("are the eight categories with their French labels", () => {
    expect(CATEGORIES.map((category) => [category.id, category.label])).toEqual([
      ["all", "Tous"],
      ["finance", "Finance"],
      ["crypto", "Crypto"],
      ["food", "Alimentation"],
      ["shopping", "Shopping"],
      ["mobility", "Mobilité"],
      ["betting", "Paris"],
      ["other", "Autres"],
    ]);
  });

  it("read an unknown ?cat= value as all offers", () => {
    expect(parseCategory("crypto").id).toBe("crypto");
    expect(parseCategory("nimporte").id).toBe("all");
    expect(parseCategory(null).id).toBe("all");
  });

  it("title a list by its category and its search", () => {
    expect(listTitle("all")).toBe("Tous les codes parrainage");
    expect(listTitle("food")).toBe("Codes parrainage Alimentation");
    expect(listTitle("all", "rev")).toBe("Résultats pour « rev »");
    expect(listTitle("betting", "rev")).toBe("Résultats pour « rev » dans Paris");
  });
});
