import { createClient } from "@supabase/supabase-js";
import * as z from "zod";
import { FEEDBACK_MESSAGES, FEEDBACK_RULES, feedbackPayloadSchema } from "../_shared/feedback-contract.ts";
import {
  clientKey,
  corsHeaders,
  isJsonContentType,
  PayloadTooLargeError,
  readBody,
  REQUEST_ERRORS,
} from "../_shared/request.ts";

export interface HandlerDeps {
  env: (name: string) => string | undefined;
  fetch: typeof fetch;
}

/** A vote is a slug, a boolean and a reason: a few hundred bytes at most. */
export const MAX_BODY_BYTES = 2 * 1024;
/** The hourly limit counts the votes of the last hour, so an hour always frees room. */
export const RETRY_AFTER_SECONDS = 3600;

export const ERRORS = {
  ...REQUEST_ERRORS,
  rateLimited: FEEDBACK_MESSAGES.rateLimited,
  notStored: "L'avis n'a pas pu être enregistré.",
} as const;

type RecordResult = "stored" | "replaced" | "rate_limited";
const RECORD_RESULTS: readonly string[] = ["stored", "replaced", "rate_limited"] satisfies RecordResult[];

export function createHandler(deps: HandlerDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    const cors = corsHeaders(deps.env("ALLOWED_ORIGIN") ?? "*");
    const json = (status: number, body: unknown, extra: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), { status, headers: { ...cors, ...extra } });

    if (req.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
    if (req.method !== "POST") {
      return json(405, { error: ERRORS.methodNotAllowed }, { Allow: "POST, OPTIONS" });
    }
    if (!isJsonContentType(req.headers.get("content-type"))) {
      return json(415, { error: ERRORS.unsupportedMediaType });
    }

    try {
      let text: string;
      try {
        text = await readBody(req, MAX_BODY_BYTES);
      } catch (error) {
        if (error instanceof PayloadTooLargeError) return json(413, { error: ERRORS.payloadTooLarge });
        // Undecodable bytes are as unusable as broken JSON.
        if (error instanceof TypeError) return json(400, { error: ERRORS.malformedJson });
        throw error;
      }

      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return json(400, { error: ERRORS.malformedJson });
      }

      const parsed = feedbackPayloadSchema.safeParse(body);
      if (!parsed.success) {
        return json(400, { error: ERRORS.invalidFields, fieldErrors: fieldErrorsOf(parsed.error) });
      }
      const vote = parsed.data;

      const supabaseUrl = deps.env("SUPABASE_URL");
      const serviceRoleKey = deps.env("SUPABASE_SERVICE_ROLE_KEY");
      if (!supabaseUrl || !serviceRoleKey) {
        console.error("record-code-feedback : SUPABASE_URL ou SUPABASE_SERVICE_ROLE_KEY n'est pas défini.");
        return json(500, { error: ERRORS.misconfigured });
      }

      const supabase = createClient(supabaseUrl, serviceRoleKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { fetch: deps.fetch },
      });
      const { data, error } = await supabase.rpc("record_code_feedback", {
        p_offer_slug: vote.offerSlug,
        p_worked: vote.worked,
        p_reason: vote.reason,
        p_visitor_key: await clientKey(req, deps.env, { functionName: "record-code-feedback", counted: "avis" }),
        p_max_per_hour: FEEDBACK_RULES.maxVotesPerHour,
        p_one_vote_per: `${FEEDBACK_RULES.oneVotePerHours} hours`,
      });
      if (error || typeof data !== "string" || !RECORD_RESULTS.includes(data)) {
        console.error("record-code-feedback : échec de record_code_feedback", error ?? { data });
        return json(502, { error: ERRORS.notStored });
      }

      const result = data as RecordResult;
      if (result === "rate_limited") {
        return json(429, { error: ERRORS.rateLimited }, { "Retry-After": String(RETRY_AFTER_SECONDS) });
      }
      return json(200, { ok: true, status: result });
    } catch (error) {
      console.error("record-code-feedback : erreur inattendue", error);
      return json(500, { error: ERRORS.internal });
    }
  };
}

function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const { fieldErrors } = z.flattenError(error);
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (Array.isArray(messages)) result[field] = messages;
  }
  return result;
}
