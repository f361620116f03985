import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  ANONYMOUS,
  experienceYears,
  reportFormSchema,
  TESTIMONIAL_MESSAGES,
  testimonialFormSchema,
} from "@contract/testimonial-contract";
import { createCookieSessionStorage, data } from "@remix-run/node";
import * as z from "zod";
import {
  testimonialConfirmationMail,
  homeTestimonials,
  offerTestimonials,
  pendingAlert,
  toTestimonialView,
  type Testimonial,
} from "~/catalogue/testimonials";
import { HONEYPOT_FIELD } from "~/forms/message-form";
import { refusedForm } from "~/forms/refused-form";
import { TESTIMONIAL_FETCHER_FIELD, type TestimonialAnswer } from "~/forms/testimonial-form";
import { log } from "../log.server";
import { findBrandOffer, type Catalogue } from "./offers.server";
import { RateLimitedError } from "../backend/errors.server";
import { getBackend } from "../backend/index.server";
import { getConfig } from "../config/env.server";
import { readForm } from "../form-request.server";
import { acceptedKeysFor, keyedHash } from "../lifecycle/secrets.server";
import { networkKey, visitorKey } from "../visitor.server";
import type { SubmissionResult } from "../backend/types.server";

/**
 * What the brand pages' testimonial form and notices need on the server: the time check, the author's private
 * erasure link, the submission itself, and the published testimonials read for the pages.
 */

/** A person needs longer than this to write 20 characters and tick a box; a script that posts at once does not. */
export const MIN_FILL_MS = 3_000;
/** A form rendered longer ago is sent back to be checked and sent again. */
export const MAX_FILL_MS = 24 * 60 * 60 * 1000;
/** The hidden field that carries when the form was rendered, signed. */
export const STARTED_FIELD = "debut";

const sign = (text: string) => keyedHash("temoignages", text, "base64url");

/** When the form was rendered, signed so that it cannot be made up. */
export function formStartedToken(now = Date.now()): string {
  return `${now}.${sign(String(now))}`;
}

/** "ok", "too-fast" (sent back to be sent again: scripts rarely wait), or "expired" (unsigned, tampered or too old). */
export function checkFormStarted(token: unknown, now = Date.now()): "ok" | "too-fast" | "expired" {
  const [time = "", signature = ""] = typeof token === "string" ? token.split(".") : [];
  const expected = Buffer.from(sign(time));
  const given = Buffer.from(signature);
  if (!/^\d{1,15}$/.test(time) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return "expired";
  }
  const elapsed = now - Number(time);
  if (elapsed > MAX_FILL_MS || elapsed < -60_000) return "expired";
  return elapsed < MIN_FILL_MS ? "too-fast" : "ok";
}

/**
 * A private link's secret part (erasure, confirmation: given once to the author) and its hash (stored). In lower-case hex: addresses of the site
 * are lower case, and a capital letter would be redirected away.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("hex");
  return { token, hash: linkTokenHash(token) };
}

export const linkTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** The token of a private link (erasure, confirmation) in a route's `token` parameter; any other is a 404. */
export function linkToken(params: { token?: string }): string {
  const token = params.token ?? "";
  if (!/^[0-9a-f]{64}$/.test(token)) throw new Response("Lien introuvable", { status: 404 });
  return token;
}

/**
 * The button of a private link's page: `outcomeFor` gets the hash of the link's token and gives the outcome to show; a
 * backend failure is logged as `what` and answered "failed" (502), a link that matches nothing "unknown" (404).
 */
export async function pressLinkButton<Outcome extends string>(
  { request, params }: { request: Request; params: { token?: string } },
  what: string,
  outcomeFor: (tokenHash: string) => Promise<Outcome>,
) {
  const token = linkToken(params);
  await readForm(request);
  try {
    const outcome = await outcomeFor(linkTokenHash(token));
    // A link that matches nothing is told so, never taken for a success (a one-click unsubscribe reads the status).
    return data({ outcome }, { status: outcome === "unknown" ? 404 : 200 });
  } catch (error) {
    log.error(`${what} impossible :`, error);
    return data({ outcome: "failed" as const }, { status: 502 });
  }
}

/** The author's private erasure link. */
export const erasePath = (token: string) => `/temoignages/effacer/${token}`;

/** The link that confirms an author's address (a token of newLinkToken). */
export const confirmPath = (token: string) => `/temoignages/confirmer/${token}`;

/** A keyed hash of an e-mail address: the per-address limit counts it, and the database never links it back. */
const addressKey = (email: string) => keyedHash("adresses", email.trim().toLowerCase());

/** Whether the site e-mails authors (SMTP_URL, and the service role's key with hosted Supabase): only then is an e-mail asked for. */
export function authorsAreEmailed(): boolean {
  const { mail, backend } = getConfig();
  return Boolean(mail) && (backend.kind !== "supabase" || Boolean(backend.serviceRoleKey));
}

/** The published testimonials, newest first; none, logged, when they cannot be read: a page never fails for them. */
export async function publishedTestimonials(): Promise<Testimonial[]> {
  try {
    return await (await getBackend()).publishedTestimonials();
  } catch (error) {
    log.error("Lecture des témoignages impossible :", error);
    return [];
  }
}

/** The home page's cards, each with its offer's page and brand. */
export async function homeTestimonialCards(catalogue: Catalogue) {
  const listed = (slug: string) => findBrandOffer(catalogue, slug);
  return homeTestimonials(await publishedTestimonials(), (slug) => Boolean(listed(slug))).map((testimonial) => ({
    ...toTestimonialView(testimonial),
    slug: testimonial.offerSlug,
    brand: listed(testimonial.offerSlug)?.brand ?? testimonial.offerSlug,
  }));
}

const TEXT_FIELDS = ["text", "name", "month", "year", "email", "consent"] as const;

/** The values the visitor typed, sent back with the errors so that nothing is lost. */
function typedValues(form: FormData): Record<string, string> {
  return Object.fromEntries(TEXT_FIELDS.map((name) => [name, String(form.get(name) ?? "").slice(0, 2000)] as const));
}

/** What the page shows next, and the answer's HTTP status (and Retry-After, past the limits). */
export interface SubmissionOutcome {
  answer: TestimonialAnswer;
  httpStatus: number;
  retryAfter?: number;
}

/** A refused testimonial as the form reads it (Conform): the form's error, each field's, the values kept. */
const refused = (
  httpStatus: number,
  formError: string | null,
  fieldErrors: Record<string, string[] | null>,
  values: Record<string, string>,
): SubmissionOutcome => ({
  answer: { status: "refused", result: refusedForm(values, formError, fieldErrors) },
  httpStatus,
});

/**
 * A testimonial sent from a brand page: honeypot and time check, the contract's rules, the day's limits. Gives what
 * the page shows next: thanks (with the erasure link, and what became of the address), or the errors with the values
 * kept.
 */
export async function submitTestimonial(
  request: Request,
  form: FormData,
  offer: { slug: string; brand: string },
): Promise<SubmissionOutcome> {
  const values = typedValues(form);
  if (form.get(HONEYPOT_FIELD)) {
    log.info("Témoignage ignoré : champ piège rempli.");
    return { answer: { status: "sent", eraseLink: null, addressNote: null }, httpStatus: 200 };
  }
  // A person who pastes a text can be quick: they are asked to send it again, never silently dropped.
  const started = checkFormStarted(form.get(STARTED_FIELD));
  if (started !== "ok") {
    return refused(400, TESTIMONIAL_MESSAGES[started === "too-fast" ? "tooFast" : "expiredForm"], {}, values);
  }
  const submission = parseWithZod(form, { schema: testimonialFormSchema() });
  if (submission.status !== "success") {
    return refused(400, null, submission.error ?? {}, values);
  }
  const { text, name, month, year, email } = submission.value;
  const mailing = authorsAreEmailed() && email !== undefined;
  const { token, hash } = newLinkToken();
  const confirm = newLinkToken();
  let stored: SubmissionResult;
  try {
    stored = await (
      await getBackend()
    ).submitTestimonial({
      offerSlug: offer.slug,
      name: name ?? ANONYMOUS,
      text,
      experiencedIn: `${year}-${month}`,
      email: mailing ? email : null,
      emailKey: mailing ? addressKey(email) : null,
      confirmTokenHash: mailing ? confirm.hash : null,
      eraseTokenHash: hash,
      mail: mailing
        ? testimonialConfirmationMail(offer.brand, `${getConfig().siteUrl}${confirmPath(confirm.token)}`)
        : null,
      alert: pendingAlert(offer.brand),
      clientKey: visitorKey(request),
      networkKey: networkKey(request),
    });
  } catch (error) {
    if (error instanceof RateLimitedError) {
      return { ...refused(429, error.message, {}, values), retryAfter: error.retryAfterSeconds };
    }
    log.error("Enregistrement du témoignage impossible :", error);
    return refused(502, TESTIMONIAL_MESSAGES.notStored, {}, values);
  }
  const addressNote = !mailing ? null : stored === "stored" ? "confirmation" : "already-asked";
  return { answer: { status: "sent", eraseLink: erasePath(token), addressNote }, httpStatus: 200 };
}

/**
 * What a brand page's testimonials route receives, told apart by `intent`: a notice about a published testimonial
 * ("signaler"), or a testimonial ("temoigner"; a page opened before its form carried the field sends none). Either
 * may come from the page's script (TESTIMONIAL_FETCHER_FIELD), which then wants data rather than a redirect.
 */
const testimonialPostSchema = z.preprocess(
  (payload) => ({ intent: "temoigner", ...(payload as Record<string, unknown>) }),
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("signaler"),
      temoignage: z.string().default(""),
      reason: z.string().default(""),
      details: z.string().default(""),
      [TESTIMONIAL_FETCHER_FIELD]: z.string().optional(),
    }),
    z.object({ intent: z.literal("temoigner"), [TESTIMONIAL_FETCHER_FIELD]: z.string().optional() }),
  ]),
);

export type TestimonialPost = z.output<typeof testimonialPostSchema>;
export type NoticePost = Extract<TestimonialPost, { intent: "signaler" }>;

/** The route's post, typed; null for an intent it does not know. */
export function testimonialPostOf(form: FormData): (TestimonialPost & { byScript: boolean }) | null {
  const submission = parseWithZod(form, { schema: testimonialPostSchema });
  if (submission.status !== "success") return null;
  return { ...submission.value, byScript: submission.value[TESTIMONIAL_FETCHER_FIELD] === "1" };
}

/** A visitor's notice about a published testimonial. */
export async function reportTestimonial(
  request: Request,
  notice: NoticePost,
): Promise<{ ok: true } | { ok: false; error: string; status: number }> {
  const id = /^\d{1,15}$/.test(notice.temoignage) ? Number(notice.temoignage) : Number.NaN;
  const parsed = reportFormSchema.safeParse({
    reason: notice.reason || undefined,
    details: notice.details || undefined,
  });
  if (!Number.isSafeInteger(id) || id <= 0) return { ok: false, error: "Ce témoignage n'existe pas.", status: 404 };
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "", status: 400 };
  try {
    const result = await (
      await getBackend()
    ).reportTestimonial({
      testimonialId: id,
      reason: parsed.data.reason,
      details: parsed.data.details ?? null,
      clientKey: visitorKey(request),
      networkKey: networkKey(request),
    });
    if (result === "full") return { ok: false, error: TESTIMONIAL_MESSAGES.reportsFull, status: 409 };
    return result === "stored" ? { ok: true } : { ok: false, error: "Ce témoignage n'est plus publié.", status: 404 };
  } catch (error) {
    if (error instanceof RateLimitedError) return { ok: false, error: error.message, status: 429 };
    log.error("Enregistrement du signalement impossible :", error);
    return { ok: false, error: TESTIMONIAL_MESSAGES.reportNotStored, status: 502 };
  }
}

/** Carries the erasure link from the answer to a form sent without JavaScript to the page that shows it, once. */
type LinkStorage = ReturnType<
  typeof createCookieSessionStorage<Record<string, never>, { lien: string; adresse: string }>
>;
let linkStorage: LinkStorage | undefined;
export function eraseLinkFlash() {
  if (!linkStorage) {
    linkStorage = createCookieSessionStorage<Record<string, never>, { lien: string; adresse: string }>({
      cookie: {
        name: "__lien_effacement",
        httpOnly: true,
        sameSite: "lax",
        // Each answer sets the path of its own thank-you page: no other page gets the cookie.
        path: "/temoignages",
        // Set per answer: secureCookieFor(request).
        secrets: acceptedKeysFor("lien-effacement"),
        maxAge: 600,
      },
    });
  }
  return linkStorage;
}

/**
 * A brand page's testimonials: the published ones of page `page`, newest first, and the form's settings when the offer
 * still takes testimonials; undefined for a page past the last.
 */
export async function brandTestimonials(slug: string, page: number, takesTestimonials: boolean) {
  const found = offerTestimonials(await publishedTestimonials(), slug, page);
  if (!found) return undefined;
  return {
    testimonials: { items: found.items.map(toTestimonialView), page: found.number, pageCount: found.count },
    testimonialForm: takesTestimonials
      ? { startedToken: formStartedToken(), askEmail: authorsAreEmailed(), years: experienceYears() }
      : null,
  };
}
