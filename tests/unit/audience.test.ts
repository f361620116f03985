import { describe, expect, it } from "vitest";
import {
  audienceCsv,
  bars,
  csvCell,
  followsLabel,
  offerAudiences,
  periodDays,
  ratePercent,
  siteAudience,
  type DayCount,
} from "~/catalogue/audience";

const offers = [
  { slug: "binance", brand: "Binance" },
  { slug: "bolt", brand: "Bolt" },
  { slug: "wise", brand: "Wise" },
];
const count = (day: string, offerSlug: string, views: number, copies: number, follows: number): DayCount => ({
  day,
  offerSlug,
  views,
  copies,
  follows,
});

describe("the owner's audience figures", () => {
  const days = periodDays("2026-11-26", 7);

  it("cover the period's days, oldest first, across a month's end", () => {
    expect(periodDays("2026-12-02", 4)).toEqual(["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"]);
    expect(days).toHaveLength(7);
  });

  it("add each offer's days, with its daily follows, and sort by what is asked", () => {
    const counts = [
      count("2026-11-20", "binance", 10, 2, 1),
      count("2026-11-26", "binance", 5, 0, 3),
      count("2026-11-25", "bolt", 4, 1, 2),
      // Outside the period, or an offer the site no longer lists: left out.
      count("2026-11-10", "bolt", 100, 100, 100),
      count("2026-11-26", "disparue", 9, 9, 9),
    ];
    const byFollows = offerAudiences(counts, days, offers, "follows");
    expect(byFollows.map((row) => row.offerSlug)).toEqual(["binance", "bolt", "wise"]);
    expect(byFollows[0]).toMatchObject({ views: 15, copies: 2, follows: 4, rate: 4 / 15 });
    expect(byFollows[0]?.dailyFollows).toEqual([1, 0, 0, 0, 0, 0, 3]);
    expect(byFollows[2]).toMatchObject({ views: 0, follows: 0, rate: null });
    expect(offerAudiences(counts, days, offers, "rate").map((row) => row.offerSlug)).toEqual([
      "bolt",
      "binance",
      "wise",
    ]);
    expect(siteAudience(byFollows, days)).toEqual({
      views: 19,
      copies: 3,
      follows: 6,
      dailyFollows: [1, 0, 0, 0, 0, 2, 3],
    });
  });

  it("say a rate in French and none without views", () => {
    expect(ratePercent(0.125)).toBe("12,5\u202f%");
    expect(ratePercent(null)).toBe("—");
  });

  it("draw bars relative to the largest day, flat for zeros", () => {
    expect(bars([0, 2, 4], 30, 10)).toEqual([
      { x: 0, y: 10, width: 9, height: 0 },
      { x: 10, y: 5, width: 9, height: 5 },
      { x: 20, y: 0, width: 9, height: 10 },
    ]);
    expect(bars([0, 0], 10, 10).every((bar) => bar.height === 0)).toBe(true);
  });
});

describe("the CSV export", () => {
  it("neutralises what a spreadsheet would run as a formula, and quotes every cell", () => {
    for (const formula of ['=HYPERLINK("x")', "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]) {
      expect(csvCell(formula)).toBe(`"'${formula.replaceAll('"', '""')}"`);
    }
    expect(csvCell("Binance")).toBe('"Binance"');
    expect(csvCell(-3)).toBe('"-3"');
  });

  it("has a header and a line per offer and day", () => {
    const csv = audienceCsv([count("2026-11-26", "bolt", 1, 2, 3), count("2026-11-25", "binance", 4, 5, 6)], (slug) =>
      slug === "bolt" ? "=Bolt" : "Binance",
    );
    expect(csv.split("\r\n")).toEqual([
      '"jour","offre","marque","affichages","copies","clics"',
      '"2026-11-25","binance","Binance","4","5","6"',
      '"2026-11-26","bolt","\'=Bolt","1","2","3"',
      "",
    ]);
  });
});

describe("the follows figure visitors see", () => {
  it("starts at 10, rounds down to 10, 20, 50, 100, 200, 500…, and never shows on betting offers", () => {
    const shown = (follows: number) => followsLabel(follows, undefined);
    expect(shown(9)).toBeNull();
    expect(shown(10)).toBe("Lien suivi 10 fois ces 30 derniers jours");
    expect(shown(19)).toBe("Lien suivi 10 fois ces 30 derniers jours");
    expect(shown(49)).toBe("Lien suivi 20 fois ces 30 derniers jours");
    expect(shown(99)).toBe("Lien suivi 50 fois ces 30 derniers jours");
    expect(shown(100)).toBe("Lien suivi 100 fois ces 30 derniers jours");
    expect(shown(499)).toBe("Lien suivi 200 fois ces 30 derniers jours");
    expect(shown(1999)).toBe("Lien suivi 1\u202f000 fois ces 30 derniers jours");
    expect(shown(5000)).toBe("Lien suivi 5\u202f000 fois ces 30 derniers jours");
    expect(followsLabel(5000, "crypto")).toBe("Lien suivi 5\u202f000 fois ces 30 derniers jours");
    expect(followsLabel(5000, "betting")).toBeNull();
  });
});
