import type { SendContactEmailPayload } from "@contract/contact-contract";
import type { FeedbackReason } from "@contract/feedback-contract";
import type { BrandRow } from "~/catalogue/types";

export type DeliveryResult = "stored" | "duplicate";

export interface OutgoingMessage {
  payload: SendContactEmailPayload;
  /** Opaque key of the sender (hash of the network address), for rate limiting. */
  clientKey: string;
}

/** A visitor's vote on an offer's code. */
export interface OutgoingVote {
  offerSlug: string;
  worked: boolean;
  /** Only with a "Non". */
  reason: FeedbackReason | null;
  /** The same opaque key as a message's sender: one vote per visitor and offer over the window, 30 an hour. */
  clientKey: string;
}

/** "replaced": the visitor had voted on this offer, their new vote took its place. */
export type VoteResult = "stored" | "replaced";

/** The votes on one offer over the summary's window (FEEDBACK_RULES.windowDays). */
export interface FeedbackCounts {
  offerSlug: string;
  yes: number;
  no: number;
  /** The day (YYYY-MM-DD, UTC) of the latest vote: never its time. */
  lastVoteOn: string;
  /** The reason given most often with a "Non", if any. */
  topReason: FeedbackReason | null;
}

/**
 * What the site asks of its data: the embedded database (embedded.server.ts) and hosted Supabase
 * (supabase.server.ts) each implement it, and index.server.ts picks one from the configuration. A new operation is
 * added here, in both implementations, and in CachedBackend (brands-cache.server.ts), which the site goes through.
 */
export interface Backend {
  /** Gets ready to answer (opens, and on first start creates, the embedded database); not bound by any timeout. */
  warmUp(): Promise<void>;
  /** All brands ordered by name; rejects with a BackendError. `signal` abandons the read where the backend can. */
  listBrands(signal?: AbortSignal): Promise<BrandRow[]>;
  /** Stores or forwards a visitor's message; rejects with RateLimitedError or DeliveryError. */
  sendMessage(message: OutgoingMessage): Promise<DeliveryResult>;
  /** Stores a vote; rejects with RateLimitedError (VOTES_RATE_LIMITED) or DeliveryError. */
  recordVote(vote: OutgoingVote): Promise<VoteResult>;
  /** The votes per offer over the window (offers without votes are absent); rejects with a BackendError. */
  listFeedback(signal?: AbortSignal): Promise<FeedbackCounts[]>;
}
