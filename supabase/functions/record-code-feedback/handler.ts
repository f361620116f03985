import {
  FEEDBACK_MESSAGES,
  FEEDBACK_RULES,
  feedbackPayloadSchema,
  todayInFrance,
} from "../_shared/feedback-contract.ts";
import { clientKey, type EndpointDeps, jsonEndpoint, networkKey, REQUEST_ERRORS } from "../_shared/request.ts";

/** A vote is a slug, a boolean and a reason: a few hundred bytes at most. */
export const MAX_BODY_BYTES = 2 * 1024;
/** The hourly limit counts the votes of the last hour, so an hour always frees room. */
export const RETRY_AFTER_SECONDS = 3600;

export const ERRORS = {
  ...REQUEST_ERRORS,
  rateLimited: FEEDBACK_MESSAGES.rateLimited,
  notStored: "L'avis n'a pas pu être enregistré.",
  offerInvalid: FEEDBACK_MESSAGES.offerInvalid,
  offerExpired: FEEDBACK_MESSAGES.offerExpired,
} as const;
export interface HandlerDeps extends EndpointDeps {
  now?: () => Date;
}

export function createHandler(deps: HandlerDeps): (req: Request) => Promise<Response> {
  return jsonEndpoint(
    deps,
    {
      functionName: "record-code-feedback",
      maxBodyBytes: MAX_BODY_BYTES,
      schema: feedbackPayloadSchema,
      errors: ERRORS,
      siteOnly: true,
    },
    async ({ req, payload: vote, json, db, store }) => {
      // The site checks the offer too; the function does not count on it.
      const { data: brands, error } = await db.from("brands").select("valid_until").eq("slug", vote.offerSlug).limit(1);
      if (error || !Array.isArray(brands)) {
        console.error("record-code-feedback : lecture de l'offre impossible", error);
        return json(502, { error: ERRORS.notStored });
      }
      const validUntil = (brands[0] as { valid_until?: string | null } | undefined)?.valid_until;
      if (brands.length === 0) return json(404, { error: ERRORS.offerInvalid });
      if (validUntil && validUntil < todayInFrance(deps.now?.() ?? new Date())) {
        return json(404, { error: ERRORS.offerExpired });
      }
      const result = await store({
        name: "record_code_feedback",
        args: {
          p_offer_slug: vote.offerSlug,
          p_worked: vote.worked,
          p_reason: vote.reason,
          p_visitor_key: await clientKey(req, deps.env, { functionName: "record-code-feedback", counted: "avis" }),
          p_network_key: await networkKey(req, deps.env),
          p_max_per_hour: FEEDBACK_RULES.maxVotesPerHour,
        },
        results: ["stored", "replaced"],
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      });
      return result instanceof Response ? result : json(200, { ok: true, status: result });
    },
  );
}
