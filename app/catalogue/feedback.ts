import { formatFrenchDate } from "./dates";

/** How the pages show the votes: the site's own thresholds (what the database applies is FEEDBACK_RULES). */
export const DISPLAY_THRESHOLDS = {
  /** Below this many votes the summary says "Pas encore assez d'avis". */
  minVotesForRate: 3,
  /**
   * The rate and the warning both need votes from at least this many networks (IPv4 /24, IPv6 /48): one network
   * alone, however many addresses it holds, is one opinion.
   */
  minNetworks: 3,
  /** The warning needs at least this many votes, each of a different visitor, from minNetworks networks... */
  warningMinVotes: 5,
  /** ...and a weighed success rate under this share. */
  warningBelowRate: 0.5,
} as const;

/**
 * The votes on one offer over the summary's window (FEEDBACK_RULES.windowDays), since the owner's last check: the
 * real counts, which the pages show, and the weights the rate is computed from.
 */
export interface OfferVotes {
  yes: number;
  no: number;
  /** The day (YYYY-MM-DD) of the latest vote. */
  lastVoteOn: string;
  /** The "Oui" and "Non" once each network's votes are scaled down to FEEDBACK_RULES.votesPerNetwork. */
  weightedYes: number;
  weightedNo: number;
  /** How many networks the votes came from. */
  networks: number;
}

/** What an offer says about its votes and its last check, worded once for cards and the brand page. */
export interface OfferTrust {
  /**
   * "{p} % de réussite sur {n} avis", with "de {k} réseaux" when fewer networks than votes sent them; "Pas encore
   * assez d'avis", with "({n} avis de {k} réseau)" when the votes are enough but their networks are not.
   */
  summary: string;
  /** REPORTED_NOT_WORKING when visitors report the code no longer works (the offer is then never featured). */
  warning: string | null;
  /**
   * "depuis le 21 novembre 2026" once the owner's check restarted the count, else null: the summary then reads "… sur
   * 3 avis depuis le 21 novembre 2026".
   */
  since: string | null;
  /** "Dernier avis le 21 novembre 2026", or null without votes. */
  lastVote: string | null;
  /** "Vérifié le 21 novembre 2026" or "Code non vérifié". */
  verification: string;
}

export const NOT_ENOUGH_VOTES = "Pas encore assez d'avis";
export const REPORTED_NOT_WORKING = "Plusieurs visiteurs signalent que ce code ne fonctionne plus.";
export const NOT_VERIFIED = "Code non vérifié";

/** The weighed share of "Oui": one network's many votes count as a few, with their split kept. */
function weighedRate(votes: OfferVotes): number {
  const weight = votes.weightedYes + votes.weightedNo;
  return weight > 0 ? votes.weightedYes / weight : 0;
}

/** The weighed share of "Oui" as a whole percentage, or null below the minimum number of votes or networks. */
export function successPercent(votes: OfferVotes | undefined): number | null {
  const total = votes ? votes.yes + votes.no : 0;
  if (!votes || total < DISPLAY_THRESHOLDS.minVotesForRate || votes.networks < DISPLAY_THRESHOLDS.minNetworks) {
    return null;
  }
  return Math.round(weighedRate(votes) * 100);
}

/** "3 réseaux", "1 réseau". */
const networksText = (networks: number) => `${networks} réseau${networks > 1 ? "x" : ""}`;

/** What the votes say, never claiming more opinions than the rate weighs (see OfferTrust.summary). */
function summaryOf(votes: OfferVotes | undefined): string {
  const percent = successPercent(votes);
  const total = votes ? votes.yes + votes.no : 0;
  if (!votes || total < DISPLAY_THRESHOLDS.minVotesForRate) return NOT_ENOUGH_VOTES;
  if (percent === null) return `${NOT_ENOUGH_VOTES} (${total} avis de ${networksText(votes.networks)})`;
  const fromFewer = votes.networks < total ? ` de ${networksText(votes.networks)}` : "";
  return `${percent}\u202f% de réussite sur ${total} avis${fromFewer}`;
}

/** Enough visitors, from enough networks, and too little weight says the code worked. */
export function isReportedNotWorking(votes: OfferVotes | undefined): boolean {
  if (!votes) return false;
  return (
    votes.yes + votes.no >= DISPLAY_THRESHOLDS.warningMinVotes &&
    votes.networks >= DISPLAY_THRESHOLDS.minNetworks &&
    weighedRate(votes) < DISPLAY_THRESHOLDS.warningBelowRate
  );
}

/**
 * `votesSince`: when the owner last checked the offer or changed its code or link (an ISO timestamp), from which on
 * votes count.
 */
export function offerTrust(
  votes: OfferVotes | undefined,
  verifiedOn: string | undefined,
  votesSince?: string,
): OfferTrust {
  return {
    summary: summaryOf(votes),
    warning: isReportedNotWorking(votes) ? REPORTED_NOT_WORKING : null,
    since: votesSince ? `depuis le ${formatFrenchDate(votesSince)}` : null,
    lastVote: votes ? `Dernier avis le ${formatFrenchDate(votes.lastVoteOn)}` : null,
    verification: verifiedOn ? `Vérifié le ${formatFrenchDate(verifiedOn)}` : NOT_VERIFIED,
  };
}
