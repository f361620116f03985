import { afterEach, describe, expect, it } from "vitest";
import { formatFrenchDate } from "~/catalogue/dates";
import {
  DISPLAY_THRESHOLDS,
  isReportedNotWorking,
  NOT_ENOUGH_VOTES,
  NOT_VERIFIED,
  offerTrust,
  REPORTED_NOT_WORKING,
  successPercent,
  type OfferVotes,
} from "~/catalogue/feedback";
import { ownNetworkVotes } from "../support/offer-votes";

/** The trust loop's wording and thresholds (DISPLAY_THRESHOLDS), as a card or a brand page shows them. */

const votes = ownNetworkVotes;

/**
 * The votes of `networks`, each [yes, no], weighed as the database's code_feedback_summary() does: a network's votes
 * are scaled down to 3 at most, with their split kept.
 */
function fromNetworks(...networks: [yes: number, no: number][]): OfferVotes {
  const scale = (yes: number, no: number) => Math.min(1, 3 / (yes + no));
  return {
    yes: networks.reduce((sum, [yes]) => sum + yes, 0),
    no: networks.reduce((sum, [, no]) => sum + no, 0),
    lastVoteOn: "2026-11-21",
    weightedYes: networks.reduce((sum, [yes, no]) => sum + yes * scale(yes, no), 0),
    weightedNo: networks.reduce((sum, [yes, no]) => sum + no * scale(yes, no), 0),
    networks: networks.length,
  };
}
const summary = (yes: number, no: number) => offerTrust(votes(yes, no), undefined).summary;

/** Time zones far on either side of Paris: a date read in the server's own zone would land on another day. */
const TIME_ZONES = [
  "UTC",
  "Pacific/Pago_Pago",
  "America/Los_Angeles",
  "Europe/Paris",
  "Asia/Tokyo",
  "Pacific/Kiritimati",
];
const originalTimeZone = process.env.TZ;
afterEach(() => {
  if (originalTimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalTimeZone;
});

describe("the summary of an offer's votes", () => {
  it(`says "Pas encore assez d'avis" below ${DISPLAY_THRESHOLDS.minVotesForRate} votes`, () => {
    expect(NOT_ENOUGH_VOTES).toBe("Pas encore assez d'avis");
    expect(offerTrust(undefined, undefined).summary).toBe("Pas encore assez d'avis");
    expect(summary(0, 0)).toBe("Pas encore assez d'avis");
    expect(summary(2, 0)).toBe("Pas encore assez d'avis");
    expect(summary(1, 1)).toBe("Pas encore assez d'avis");
    expect(successPercent(votes(2, 0))).toBeNull();
  });

  it('says "{p} % de réussite sur {n} avis" from 3 votes, p the share of "Oui" rounded to a whole percent', () => {
    expect(summary(3, 0)).toBe("100\u202f% de réussite sur 3 avis");
    expect(summary(2, 1)).toBe("67\u202f% de réussite sur 3 avis");
    expect(summary(1, 2)).toBe("33\u202f% de réussite sur 3 avis");
    expect(summary(0, 3)).toBe("0\u202f% de réussite sur 3 avis");
    expect(summary(1, 7)).toBe("13\u202f% de réussite sur 8 avis");
    expect(summary(5, 3)).toBe("63\u202f% de réussite sur 8 avis");
    expect(summary(199, 1)).toBe("100\u202f% de réussite sur 200 avis");
    expect(successPercent(votes(2, 1))).toBe(67);
  });
});

describe("the warning that the code no longer works", () => {
  it("needs at least 5 votes: 4 votes at 0 % give no warning", () => {
    expect(isReportedNotWorking(votes(0, 4))).toBe(false);
    expect(offerTrust(votes(0, 4), undefined).warning).toBeNull();
    expect(isReportedNotWorking(undefined)).toBe(false);
  });

  it("shows from 5 votes under 50 % of success: 5 votes at 40 % give the warning", () => {
    expect(isReportedNotWorking(votes(2, 3))).toBe(true);
    expect(offerTrust(votes(2, 3), undefined).warning).toBe(REPORTED_NOT_WORKING);
    expect(REPORTED_NOT_WORKING).toMatch(/ne fonctionne plus/);
    expect(isReportedNotWorking(votes(0, 5))).toBe(true);
    expect(isReportedNotWorking(votes(49, 51))).toBe(true);
  });

  it("does not show at exactly 50 % of success, nor above", () => {
    expect(isReportedNotWorking(votes(5, 5))).toBe(false);
    expect(isReportedNotWorking(votes(3, 3))).toBe(false);
    expect(isReportedNotWorking(votes(3, 2))).toBe(false);
    expect(offerTrust(votes(5, 5), undefined).warning).toBeNull();
  });
});

describe("votes from one network", () => {
  it("weigh at most 3 in the rate, keeping their split, while the count shown stays the real one, networks said", () => {
    // 8 "Oui" and 2 "Non" of 10 networks, then 40 "Non" of one /48: 8 / (8 + 2 + 3).
    const campaign = fromNetworks(
      ...Array.from({ length: 8 }, () => [1, 0] as [number, number]),
      [0, 1],
      [0, 1],
      [0, 40],
    );
    expect(offerTrust(campaign, undefined).summary).toBe("62\u202f% de réussite sur 50 avis de 11 réseaux");
    expect(isReportedNotWorking(campaign)).toBe(false);
    // A network split 2 to 2 weighs 1.5 and 1.5: none of its votes is picked over another.
    const split = fromNetworks([1, 0], [1, 0], [2, 2]);
    expect(split.weightedYes).toBe(3.5);
    expect(successPercent(split)).toBe(70);
  });

  it("never set a rate alone: a rate needs votes from 3 networks, and says how many sent fewer", () => {
    // Ten "Non" from one /48, as a tunnel broker's customer sends them.
    expect(successPercent(fromNetworks([0, 10]))).toBeNull();
    expect(offerTrust(fromNetworks([0, 10]), undefined).summary).toBe("Pas encore assez d'avis (10 avis de 1 réseau)");
    expect(offerTrust(fromNetworks([0, 5], [2, 0]), undefined).summary).toBe(
      "Pas encore assez d'avis (7 avis de 2 réseaux)",
    );
    // Below 3 votes, nothing more is said.
    expect(offerTrust(fromNetworks([0, 2]), undefined).summary).toBe("Pas encore assez d'avis");
    // Three networks: a rate, its votes counted as they are.
    expect(offerTrust(fromNetworks([0, 1], [1, 0], [1, 0]), undefined).summary).toBe(
      "67\u202f% de réussite sur 3 avis",
    );
    expect(offerTrust(fromNetworks([0, 2], [1, 0], [1, 0]), undefined).summary).toBe(
      "50\u202f% de réussite sur 4 avis de 3 réseaux",
    );
  });

  it("never warn alone: the warning needs 5 visitors from at least 3 networks", () => {
    expect(isReportedNotWorking(fromNetworks([0, 40]))).toBe(false);
    expect(isReportedNotWorking(fromNetworks([0, 20], [0, 20]))).toBe(false);
    expect(isReportedNotWorking(fromNetworks([0, 3], [0, 1], [0, 1]))).toBe(true);
    expect(isReportedNotWorking(fromNetworks([0, 2], [0, 1], [0, 1]))).toBe(false);
  });
});

describe("the owner's verification date", () => {
  it('says "Vérifié le 21 novembre 2026" for "2026-11-21", that calendar day whatever the server\'s time zone', () => {
    for (const zone of TIME_ZONES) {
      process.env.TZ = zone;
      expect(offerTrust(undefined, "2026-11-21").verification, zone).toBe("Vérifié le 21 novembre 2026");
      expect(offerTrust(undefined, "2027-01-01").verification, zone).toBe("Vérifié le 1 janvier 2027");
      expect(formatFrenchDate("2026-12-31"), zone).toBe("31 décembre 2026");
    }
  });

  it('says "Code non vérifié" without a date', () => {
    expect(NOT_VERIFIED).toBe("Code non vérifié");
    expect(offerTrust(undefined, undefined).verification).toBe("Code non vérifié");
    expect(offerTrust(votes(3, 0), undefined).verification).toBe("Code non vérifié");
  });
});

describe("the count restarted by the owner's check", () => {
  it('says "depuis le …" with the day in France the count restarted, and nothing before any check', () => {
    process.env.TZ = "UTC";
    expect(offerTrust(votes(3, 0), "2026-11-21", "2026-11-21T23:30:00Z").since).toBe("depuis le 22 novembre 2026");
    expect(offerTrust(undefined, undefined, "2026-11-21T10:00:00Z").since).toBe("depuis le 21 novembre 2026");
    expect(offerTrust(votes(3, 0), "2026-11-21").since).toBeNull();
  });
});

describe("the date of the latest vote", () => {
  it('says "Dernier avis le …" with the day in France of the latest vote, whatever the server\'s time zone', () => {
    for (const zone of TIME_ZONES) {
      process.env.TZ = zone;
      expect(offerTrust(votes(1, 0, "2026-11-21"), undefined).lastVote, zone).toBe("Dernier avis le 21 novembre 2026");
      // 23:30 UTC is already the next day in Paris.
      expect(offerTrust(votes(0, 1, "2026-11-21T23:30:00Z"), undefined).lastVote, zone).toBe(
        "Dernier avis le 22 novembre 2026",
      );
    }
  });

  it("is null without votes", () => {
    expect(offerTrust(undefined, undefined).lastVote).toBeNull();
    expect(offerTrust(undefined, "2026-11-21").lastVote).toBeNull();
  });
});
