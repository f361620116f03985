import { parseFeed } from "@rowanmanning/feed-parser";
import { describe, expect, it } from "vitest";
import { atomFeed, FEED_BETTING_WARNING, type FeedChange } from "~/catalogue/feed";
import { snapshotOf } from "~/catalogue/history";
import { bundledOffer, improvedChange } from "../support/offer-changes";

const offer = bundledOffer;
const improved = improvedChange;
const OPTIONS = {
  siteUrl: "https://www.exemple.fr",
  siteName: "CodeParrain",
  category: "all" as const,
  selfPath: "/flux/offres.atom",
  pagePath: "/offres",
};

describe("an Atom feed of the offers added or improved", () => {
  it("reads back, with a real feed parser, as the entries it was made of, newest first", () => {
    const changes = [
      { change: improved("n26", 7, "2026-11-26T10:00:00.000Z", 20), offer: offer("n26") },
      {
        change: {
          id: 3,
          slug: "boursobank",
          recordedAt: "2026-11-20T08:30:00.000Z",
          change: "added" as const,
          before: null,
          after: snapshotOf(offer("boursobank")),
        },
        offer: offer("boursobank"),
      },
    ];
    const { xml, updated } = atomFeed(changes, OPTIONS);
    expect(updated).toBe("2026-11-26T10:00:00.000Z");
    const feed = parseFeed(xml);
    expect(feed.meta.type).toBe("atom");
    expect(feed.title).toBe("CodeParrain : offres nouvelles et améliorées (toutes les offres)");
    expect(feed.url).toBe("https://www.exemple.fr/offres");
    expect(feed.self).toBe("https://www.exemple.fr/flux/offres.atom");
    expect(feed.updated?.toISOString()).toBe("2026-11-26T10:00:00.000Z");
    expect(feed.items.map((item) => [item.id, item.url, item.updated?.toISOString()])).toEqual([
      [
        "https://www.exemple.fr/offres/n26#changement-7",
        "https://www.exemple.fr/offres/n26",
        "2026-11-26T10:00:00.000Z",
      ],
      [
        "https://www.exemple.fr/offres/boursobank#changement-3",
        "https://www.exemple.fr/offres/boursobank",
        "2026-11-20T08:30:00.000Z",
      ],
    ]);
    expect(feed.items[0]?.title).toBe("Offre améliorée : N26, 20\u00a0€");
    expect(feed.items[1]?.title).toMatch(/^Nouvelle offre\s: BoursoBank, Jusqu'à \d+/);
    const content = feed.items[0]?.content ?? "";
    expect(content).toContain("20\u00a0€ (avant : 10\u00a0€)");
    expect(content).toContain("Argent versé sur le compte");
    expect(content).toContain("<li>");
    expect(content).toContain('<a href="https://www.exemple.fr/offres/n26">Voir l\'offre de N26</a>');
  });

  it("carries the gambling warning on a betting offer's entry, and says an offer with no amount has none", () => {
    const winamax = offer("winamax");
    const change: FeedChange = {
      id: 1,
      slug: "winamax",
      recordedAt: "2026-11-26T10:00:00.000Z",
      change: "added",
      before: null,
      after: snapshotOf(winamax),
    };
    const feed = parseFeed(
      atomFeed([{ change, offer: winamax }], {
        ...OPTIONS,
        category: "betting",
        selfPath: "/flux/betting.atom",
        pagePath: "/codes?cat=betting",
      }).xml,
    );
    expect(feed.title).toBe("CodeParrain : offres nouvelles et améliorées (Paris)");
    // No amount stated: the title leads with the offer's own words, and the content names no amount or kind.
    expect(feed.items[0]?.title).toBe("Nouvelle offre : Winamax, Offre de bienvenue disponible");
    expect(feed.items[0]?.content).not.toMatch(/non précisée|selon l'offre/);
    expect(feed.items[0]?.content).toContain(FEED_BETTING_WARNING);
    expect(feed.items[0]?.content).toContain("18+");
  });

  it("is a valid feed without any entry, dated from when the history began", () => {
    const feed = parseFeed(atomFeed([], OPTIONS).xml);
    expect(feed.items).toEqual([]);
    expect(feed.updated?.toISOString()).toBe("2025-02-08T00:00:00.000Z");
  });

  it("escapes what a brand's texts hold", () => {
    const base = offer("n26");
    const tricky = { ...base, brand: "A & <B>", conditions: ['Dépôt de 10 € "minimum" <b>'] };
    const change: FeedChange = {
      id: 9,
      slug: "n26",
      recordedAt: "2026-11-26T10:00:00.000Z",
      change: "added",
      before: null,
      after: snapshotOf(tricky),
    };
    const { xml } = atomFeed([{ change, offer: tricky }], OPTIONS);
    const feed = parseFeed(xml);
    expect(feed.items[0]?.title).toMatch(/^Nouvelle offre\s: A & <B>, /);
    // The content is HTML escaped as XML text: a brand's "<b>" is text in the HTML, not a tag.
    expect(xml).toContain("&lt;li&gt;Dépôt de 10 € &amp;quot;minimum&amp;quot; &amp;lt;b&amp;gt;&lt;/li&gt;");
    expect(xml).toContain("<title>Nouvelle offre : A &amp; &lt;B&gt;, ");
  });

  it("drops what no XML may hold from a text written elsewhere, and stays a feed a parser reads", () => {
    const base = offer("n26");
    const odd = {
      ...base,
      brand: "N\u000126\ufffe",
      conditions: ["Dépôt\uffff de 10 €\ud800", "Carte \udfffvirtuelle 😀"],
    };
    const change: FeedChange = {
      id: 10,
      slug: "n26",
      recordedAt: "2026-11-26T10:00:00.000Z",
      change: "added",
      before: null,
      after: snapshotOf(odd),
    };
    const { xml } = atomFeed([{ change, offer: odd }], OPTIONS);
    expect(xml).not.toMatch(
      /[\u0001\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
    );
    const feed = parseFeed(xml);
    expect(feed.items[0]?.title).toMatch(/^Nouvelle offre\s: N26, /);
    expect(xml).toContain("Dépôt de 10 €");
    expect(xml).toContain("Carte virtuelle 😀");
  });
});
