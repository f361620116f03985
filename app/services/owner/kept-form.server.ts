import { createCookie, data } from "@remix-run/node";
import { isBackOfficePath, type KeptForm } from "~/forms/kept-form";
import { OFFER_FIELDS, type OfferFieldDeclaration } from "~/forms/offer-fields";
import { formBytesFor, readForm } from "../form-request.server";
import { secureCookieFor } from "../http/cookies.server";
import { keyFor } from "../lifecycle/secrets.server";

/** The cookie that carries a kept form through sign-in back to its page: 10 minutes, back office only. */
const DRAFT_COOKIE_NAME = "cp_brouillon";
const DRAFT_MINUTES = 10;
/** What a cookie may carry, signature and attributes included: browsers drop a larger one. */
const DRAFT_MAX_BYTES = 3_800;

let draftCookie: ReturnType<typeof createCookie> | undefined;
const draftCookieOf = () =>
  (draftCookie ??= createCookie(DRAFT_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "strict",
    path: "/gestion",
    maxAge: DRAFT_MINUTES * 60,
    secrets: [keyFor("gestion:brouillon")],
  }));

/**
 * The answer to a back-office form that cannot be taken now: its text fields, read here, shown again by the root's
 * error boundary (401: sign in again; 503: the database did not answer). Nothing of it is written.
 */
export async function keptFormAnswer(request: Request, reason: KeptForm["reason"]): Promise<Response> {
  let fields: Array<[string, string]> = [];
  let hadFile = false;
  try {
    for (const [name, value] of await readForm(request, formBytesFor(new URL(request.url).pathname))) {
      if (typeof value !== "string") hadFile = true;
      else if (name !== "password") fields.push([name, value]);
    }
  } catch {
    // Too large or malformed: nothing to keep.
    fields = [];
  }
  const labels = Object.fromEntries(
    fields.flatMap(([name]) => {
      const label = (OFFER_FIELDS as Record<string, OfferFieldDeclaration>)[name]?.input?.label;
      return label ? [[name, label]] : [];
    }),
  );
  const keptForm: KeptForm = { reason, path: new URL(request.url).pathname, fields, hadFile, labels };
  const status = reason === "session" ? 401 : 503;
  const headers: Record<string, string> = { "Cache-Control": "private, no-store" };
  if (reason === "base") headers["Retry-After"] = "60";
  return data({ keptForm }, { status, headers }) as unknown as Response;
}

/** The fields a sign-in form carried back (`brouillon`, JSON) for `retour`, when both are well formed. */
export function draftFromSignIn(form: FormData): { path: string; fields: Array<[string, string]> } | undefined {
  const path = form.get("retour");
  const draft = form.get("brouillon");
  if (typeof path !== "string" || !isBackOfficePath(path) || typeof draft !== "string") return undefined;
  try {
    const fields: unknown = JSON.parse(draft);
    if (!Array.isArray(fields)) return undefined;
    const pairs = fields.filter(
      (pair): pair is [string, string] =>
        Array.isArray(pair) && pair.length === 2 && typeof pair[0] === "string" && typeof pair[1] === "string",
    );
    return { path, fields: pairs };
  } catch {
    return undefined;
  }
}

/** The Set-Cookie that carries `draft` to its page after sign-in; undefined when it would not fit in a cookie. */
export async function draftCookieFor(
  request: Request,
  draft: { path: string; fields: Array<[string, string]> },
): Promise<string | undefined> {
  const cookie = await draftCookieOf().serialize(draft, { secure: secureCookieFor(request) });
  return cookie.length <= DRAFT_MAX_BYTES ? cookie : undefined;
}

/**
 * The fields kept for the page at `path`, if the browser brings them (once: the answer's `Set-Cookie` drops them),
 * for its loader to put back in its form. Nothing is sent: the owner reads them, then saves.
 */
export async function takeDraft(
  request: Request,
): Promise<{ fields: Map<string, string>; setCookie: string } | undefined> {
  const value: unknown = await draftCookieOf().parse(request.headers.get("Cookie"));
  const draft = value as { path?: unknown; fields?: unknown } | null;
  if (!draft || draft.path !== new URL(request.url).pathname || !Array.isArray(draft.fields)) return undefined;
  const setCookie = await draftCookieOf().serialize("", { maxAge: 0, secure: secureCookieFor(request) });
  return { fields: new Map(draft.fields as Array<[string, string]>), setCookie };
}
