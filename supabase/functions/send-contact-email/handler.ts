import { createClient } from "@supabase/supabase-js";
import * as z from "zod";
import {
  contactMessageSchema,
  offerQuestionSchema,
  type SendContactEmailPayload,
  sendContactEmailPayloadSchema,
  printable,
  subjectLabel,
} from "../_shared/contact-contract.ts";
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
  now?: () => Date;
}

export const MAX_BODY_BYTES = 16 * 1024;
const DEFAULT_RATE_LIMIT_MAX = 5;
const DEFAULT_RATE_LIMIT_WINDOW_SECONDS = 600;
const DEFAULT_RESEND_API_URL = "https://api.resend.com/emails";
const DEFAULT_FROM_EMAIL = "CodeParrain <onboarding@resend.dev>";
const EMAIL_TIMEOUT_MS = 10_000;
const SUBJECT_MAX = 150;

export const ERRORS = {
  ...REQUEST_ERRORS,
  rateLimited: "Trop de messages envoyés. Veuillez réessayer dans quelques minutes.",
  notStored: "Le message n'a pas pu être enregistré.",
} as const;

type SubmitResult = "stored" | "duplicate" | "rate_limited";
const SUBMIT_RESULTS: readonly string[] = ["stored", "duplicate", "rate_limited"] satisfies SubmitResult[];

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

      const parsed = sendContactEmailPayloadSchema.safeParse(body);
      if (!parsed.success) {
        return json(400, { error: ERRORS.invalidFields, fieldErrors: fieldErrorsOf(body, parsed.error) });
      }
      const payload = parsed.data;

      const supabaseUrl = deps.env("SUPABASE_URL");
      const serviceRoleKey = deps.env("SUPABASE_SERVICE_ROLE_KEY");
      if (!supabaseUrl || !serviceRoleKey) {
        console.error("send-contact-email : SUPABASE_URL ou SUPABASE_SERVICE_ROLE_KEY n'est pas défini.");
        return json(500, { error: ERRORS.misconfigured });
      }

      const maxPerWindow = positiveInteger(deps.env("CONTACT_RATE_LIMIT_MAX"), DEFAULT_RATE_LIMIT_MAX);
      const windowSeconds = positiveInteger(
        deps.env("CONTACT_RATE_LIMIT_WINDOW_SECONDS"),
        DEFAULT_RATE_LIMIT_WINDOW_SECONDS,
      );

      const supabase = createClient(supabaseUrl, serviceRoleKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { fetch: deps.fetch },
      });
      const { data, error } = await supabase.rpc("submit_contact_message", {
        p_name: payload.name,
        p_email: payload.email,
        p_subject: "subject" in payload ? payload.subject : null,
        p_message: payload.message,
        p_brand_name: "brandName" in payload ? payload.brandName : null,
        p_submission_id: payload.submissionId ?? null,
        p_client_key: await clientKey(req, deps.env, { functionName: "send-contact-email", counted: "message" }),
        p_max_per_window: maxPerWindow,
        p_window: `${windowSeconds} seconds`,
      });
      if (error || typeof data !== "string" || !SUBMIT_RESULTS.includes(data)) {
        console.error("send-contact-email : échec de submit_contact_message", error ?? { data });
        return json(502, { error: ERRORS.notStored });
      }

      const result = data as SubmitResult;
      if (result === "rate_limited") {
        return json(429, { error: ERRORS.rateLimited }, { "Retry-After": String(windowSeconds) });
      }
      if (result === "duplicate") return json(200, { ok: true, status: "duplicate" });

      const emailSent = await sendEmail(deps, payload);
      return json(200, { ok: true, status: "stored", emailSent });
    } catch (error) {
      console.error("send-contact-email : erreur inattendue", error);
      return json(500, { error: ERRORS.internal });
    }
  };
}

/**
 * A failed union only reports "Invalid input" at its root: the field messages come from the form the
 * payload was meant to be, a question when it names a brand, a contact message otherwise.
 */
function fieldErrorsOf(body: unknown, unionError: z.ZodError): Record<string, string[]> {
  const isQuestion = typeof body === "object" && body !== null && "brandName" in body;
  const schema = isQuestion ? offerQuestionSchema : contactMessageSchema;
  const error: z.ZodError = schema.safeParse(body).error ?? unionError;
  const { fieldErrors } = z.flattenError(error);
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (Array.isArray(messages)) result[field] = messages;
  }
  return result;
}

function positiveInteger(value: string | undefined, fallback: number): number {
  const number = Number(value ?? fallback);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** Returns whether the owner was e-mailed; the message is stored either way. */
async function sendEmail(deps: HandlerDeps, payload: SendContactEmailPayload): Promise<boolean> {
  const apiKey = deps.env("RESEND_API_KEY");
  const to = deps.env("CONTACT_TO_EMAIL");
  if (!apiKey || !to) return false;

  const email = buildEmail(payload, (deps.now ?? (() => new Date()))());
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), EMAIL_TIMEOUT_MS);
  try {
    const response = await deps.fetch(deps.env("RESEND_API_URL") ?? DEFAULT_RESEND_API_URL, {
      method: "POST",
      headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        from: deps.env("CONTACT_FROM_EMAIL") ?? DEFAULT_FROM_EMAIL,
        to: [to],
        reply_to: headerValue(payload.email),
        ...email,
      }),
      signal: controller.signal,
    });
    if (!response.ok) {
      console.error(`send-contact-email : Resend a répondu ${response.status}`, printable(await response.text()));
      return false;
    }
    await response.body?.cancel();
    return true;
  } catch (error) {
    console.error("send-contact-email : e-mail non envoyé", error);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function buildEmail(
  payload: SendContactEmailPayload,
  receivedAt: Date,
): { subject: string; text: string; html: string } {
  const isQuestion = "brandName" in payload;
  const topic = isQuestion ? payload.brandName : (subjectLabel(payload.subject) ?? payload.subject);
  const subject = truncate(headerValue(`${isQuestion ? "[Question]" : "[Contact]"} ${topic}`), SUBJECT_MAX);

  const fields: [string, string][] = [
    ["Nom", payload.name],
    ["Email", payload.email],
    isQuestion ? ["Marque", payload.brandName] : ["Sujet", topic],
    ["Reçu le", receivedAt.toISOString()],
  ];
  const heading = isQuestion ? "Nouvelle question sur une offre" : "Nouveau message de contact";

  const text = [
    heading,
    "",
    ...fields.map(([label, value]) => `${label} : ${value}`),
    "",
    "Message :",
    payload.message,
  ].join("\n");

  const html = [
    `<h1>${escapeHtml(heading)}</h1>`,
    "<ul>",
    ...fields.map(([label, value]) => `<li><strong>${escapeHtml(label)} :</strong> ${escapeHtml(value)}</li>`),
    "</ul>",
    `<p style="white-space: pre-wrap">${escapeHtml(payload.message)}</p>`,
  ].join("\n");

  return { subject, text, html };
}

/** One line without control characters, so that no value can add a header to the e-mail. */
export function headerValue(value: string): string {
  // deno-lint-ignore no-control-regex
  return value
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function truncate(value: string, max: number): string {
  const characters = Array.from(value);
  return characters.length > max ? characters.slice(0, max).join("") : value;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
