import { FEEDBACK_REASONS, type FeedbackReason } from "@contract/feedback-fields";
import { refusedForm } from "./refused-form";
import type { SubmissionResult } from "@conform-to/react";
import type { OfferTrust } from "~/catalogue/feedback";
import type { ToastMessage } from "~/components/toast-context";

/**
 * The vote "Ce code a-t-il fonctionné ?" on a brand page. Rules and texts of the fields and the thresholds: the
 * shared contract (`@contract/feedback-fields`); the action: `routes/offres.$slug_.avis.tsx`; the block:
 * `components/feedback-block.tsx`. Every answer goes one way:
 * - stored (or replacing the visitor's vote of the day): without JavaScript a 303 back to the brand page with
 *   `FEEDBACK_SENT_TOAST` (feedback-toasts.server.ts) flashed (after a "Non", the page then asks why); with JavaScript the same toast and the
 *   offer's new summary in the answer, which the brand page shows in place of its own (it does not read its data
 *   again: that would empty a question the visitor is typing);
 * - invalid values: 400, too many votes: 429, the backend failed: 502, each with its French message and the
 *   visitor's choice kept.
 */

/** The id of the vote block on a brand page. */
export const FEEDBACK_ANCHOR = "avis";

/** Sent by the block once JavaScript runs: the action then answers with data instead of a redirect. */
export const FETCHER_FIELD = "reponse";

/** The vote's fetcher, shared by the block that sends it and the brand page that shows its new summary. */
export const voteFetcherKey = (offerSlug: string) => `vote-${offerSlug}`;

/** The query the brand page reads after a "Non" sent without a reason: it then asks why. */
export const ASK_REASON_PARAMETER = "avis";

/** What the vote's action answers when it does not redirect. */
export type FeedbackActionData =
  | { status: "sent"; worked: boolean; reason: FeedbackReason | null; toast: ToastMessage; trust: OfferTrust }
  | {
      status: "refused";
      /** Conform's answer: the French reason as the form's error, and the visitor's choice (VoteChoice) kept. */
      result: SubmissionResult;
      toast: ToastMessage | null;
    };

/** A visitor's choice as their vote's form sent it: anything but the form's own values counts as no choice. */
export interface VoteChoice {
  worked: "oui" | "non" | null;
  /** Only after a "Non". */
  reason: FeedbackReason | null;
}

/** Reads the choice of a vote's fields (a form's values, as Conform's payload gives them). */
export function voteChoiceOf(values: Readonly<Record<string, unknown>>): VoteChoice {
  const worked = values.worked === "oui" || values.worked === "non" ? values.worked : null;
  const reason = FEEDBACK_REASONS.find(({ value }) => value === values.reason)?.value ?? null;
  return { worked, reason: worked === "non" ? reason : null };
}

/** A refused vote as Conform reads it: `error` above the form, the choice kept in its fields. */
export function refusedVote(choice: VoteChoice, error: string): SubmissionResult {
  const values: Record<string, string> = {};
  if (choice.worked) values.worked = choice.worked;
  if (choice.reason) values.reason = choice.reason;
  return refusedForm(values, error);
}
