import { FEEDBACK_MESSAGES, FEEDBACK_RULES, feedbackPayloadSchema } from "../_shared/feedback-contract.ts";
import { clientKey, type EndpointDeps, jsonEndpoint, REQUEST_ERRORS } from "../_shared/request.ts";

export type HandlerDeps = EndpointDeps;

/** A vote is a slug, a boolean and a reason: a few hundred bytes at most. */
export const MAX_BODY_BYTES = 2 * 1024;
/** The hourly limit counts the votes of the last hour, so an hour always frees room. */
export const RETRY_AFTER_SECONDS = 3600;

export const ERRORS = {
  ...REQUEST_ERRORS,
  rateLimited: FEEDBACK_MESSAGES.rateLimited,
  notStored: "L'avis n'a pas pu être enregistré.",
} as const;

export function createHandler(deps: HandlerDeps): (req: Request) => Promise<Response> {
  return jsonEndpoint(
    deps,
    {
      functionName: "record-code-feedback",
      maxBodyBytes: MAX_BODY_BYTES,
      schema: feedbackPayloadSchema,
      errors: ERRORS,
    },
    async ({ req, payload: vote, json, store }) => {
      const result = await store({
        name: "record_code_feedback",
        args: {
          p_offer_slug: vote.offerSlug,
          p_worked: vote.worked,
          p_reason: vote.reason,
          p_visitor_key: await clientKey(req, deps.env, { functionName: "record-code-feedback", counted: "avis" }),
          p_max_per_hour: FEEDBACK_RULES.maxVotesPerHour,
          p_one_vote_per: `${FEEDBACK_RULES.oneVotePerHours} hours`,
        },
        results: ["stored", "replaced"],
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      });
      return result instanceof Response ? result : json(200, { ok: true, status: result });
    },
  );
}
