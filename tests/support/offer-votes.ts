import type { OfferVotes } from "~/catalogue/feedback";

/** An offer's votes, each from a network of its own: they weigh what they are. */
export function ownNetworkVotes(yes: number, no: number, lastVoteOn = "2026-11-21"): OfferVotes {
  return { yes, no, lastVoteOn, weightedYes: yes, weightedNo: no, networks: yes + no };
}
