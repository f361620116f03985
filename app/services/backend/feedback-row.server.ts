import type { FeedbackCounts } from "./types.server";

/** A row of code_feedback_summary, as Postgres and the REST API name its columns. */
export interface FeedbackRow {
  offer_slug: string;
  yes_votes: number;
  no_votes: number;
  last_vote_on: string;
  top_reason: string | null;
  weighted_yes: number;
  weighted_no: number;
  networks: number;
}

export function toFeedbackCounts(row: FeedbackRow): FeedbackCounts {
  return {
    offerSlug: row.offer_slug,
    yes: Number(row.yes_votes),
    no: Number(row.no_votes),
    lastVoteOn: row.last_vote_on,
    topReason: (row.top_reason as FeedbackCounts["topReason"]) ?? null,
    weightedYes: Number(row.weighted_yes),
    weightedNo: Number(row.weighted_no),
    networks: Number(row.networks),
  };
}
