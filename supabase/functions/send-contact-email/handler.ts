import {
  contactMessageSchema,
  MESSAGES_PER_NETWORK_PER_HOUR,
  MESSAGES_SUMMARY,
  offerQuestionSchema,
  printable,
  type SendContactEmailPayload,
  sendContactEmailPayloadSchema,
  subjectLabel,
} from "../_shared/contact-contract.ts";
import {
  clientKey,
  type EndpointDeps,
  fieldErrorsOf,
  jsonEndpoint,
  networkKey,
  REQUEST_ERRORS,
} from "../_shared/request.ts";
import type * as z from "zod";

export interface HandlerDeps extends EndpointDeps {
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

export function createHandler(deps: HandlerDeps): (req: Request) => Promise<Response> {
  return jsonEndpoint(
    deps,
    {
      functionName: "send-contact-email",
      maxBodyBytes: MAX_BODY_BYTES,
      schema: sendContactEmailPayloadSchema,
      fieldErrors: formFieldErrors,
      errors: ERRORS,
    },
    async ({ req, payload, json, store }) => {
      const maxPerWindow = positiveInteger(deps.env("CONTACT_RATE_LIMIT_MAX"), DEFAULT_RATE_LIMIT_MAX);
      const windowSeconds = positiveInteger(
        deps.env("CONTACT_RATE_LIMIT_WINDOW_SECONDS"),
        DEFAULT_RATE_LIMIT_WINDOW_SECONDS,
      );

      const result = await store({
        name: "submit_contact_message",
        args: {
          p_name: payload.name,
          p_email: payload.email,
          p_subject: "subject" in payload ? payload.subject : null,
          p_message: payload.message,
          p_brand_name: "brandName" in payload ? payload.brandName : null,
          p_submission_id: payload.submissionId ?? null,
          p_client_key: await clientKey(req, deps.env, { functionName: "send-contact-email", counted: "message" }),
          p_network_key: await networkKey(req, deps.env),
          p_max_per_window: maxPerWindow,
          p_window: `${windowSeconds} seconds`,
          p_max_per_network: positiveInteger(deps.env("CONTACT_NETWORK_LIMIT_PER_HOUR"), MESSAGES_PER_NETWORK_PER_HOUR),
        },
        results: ["stored", "stored_summary", "stored_quiet", "duplicate"],
        retryAfterSeconds: windowSeconds,
      });
      if (result instanceof Response) return result;
      if (result === "duplicate") return json(200, { ok: true, status: "duplicate" });
      // Past the hourly ceiling of e-mails, the first message sends the one summary, the next ones nothing.
      const email = result === "stored" ? buildEmail(payload, (deps.now ?? (() => new Date()))()) : summaryEmail();
      const emailSent = result === "stored_quiet" ? false : await sendEmail(deps, email, payload.email);
      return json(200, { ok: true, status: "stored", emailSent });
    },
  );
}

/**
 * A failed union only reports "Invalid input" at its root: the field messages come from the form the
 * payload was meant to be, a question when it names a brand, a contact message otherwise.
 */
function formFieldErrors(body: unknown, unionError: z.ZodError): Record<string, string[]> {
  const isQuestion = typeof body === "object" && body !== null && "brandName" in body;
  const schema = isQuestion ? offerQuestionSchema : contactMessageSchema;
  return fieldErrorsOf(schema.safeParse(body).error ?? unionError);
}

function positiveInteger(value: string | undefined, fallback: number): number {
  const number = Number(value ?? fallback);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** The e-mail that tells the owner the messages past the hourly ceiling wait in the back office. */
function summaryEmail(): { subject: string; text: string; html: string } {
  return {
    subject: MESSAGES_SUMMARY.subject,
    text: MESSAGES_SUMMARY.text,
    html: `<p style="white-space: pre-wrap">${escapeHtml(MESSAGES_SUMMARY.text)}</p>`,
  };
}

/** Returns whether the owner was e-mailed; the message is stored either way. */
async function sendEmail(
  deps: HandlerDeps,
  email: { subject: string; text: string; html: string },
  replyTo: string,
): Promise<boolean> {
  const apiKey = deps.env("RESEND_API_KEY");
  const to = deps.env("CONTACT_TO_EMAIL");
  if (!apiKey || !to) return false;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), EMAIL_TIMEOUT_MS);
  try {
    const response = await deps.fetch(deps.env("RESEND_API_URL") ?? DEFAULT_RESEND_API_URL, {
      method: "POST",
      headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        from: deps.env("CONTACT_FROM_EMAIL") ?? DEFAULT_FROM_EMAIL,
        to: [to],
        reply_to: headerValue(replyTo),
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
    ["E-mail", payload.email],
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

/** Characters that break a line or act on a terminal: none may reach an e-mail header. */
// deno-lint-ignore no-control-regex
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One line without control characters, so that no value can add a header to the e-mail. */
export function headerValue(value: string): string {
  return value.replace(LINE_BREAKING, " ").replace(/\s+/g, " ").trim();
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
