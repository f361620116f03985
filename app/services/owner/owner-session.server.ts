import { createHmac, randomBytes } from "node:crypto";
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { getBackend, sessionSecret } from "../backend/index.server";
import { getConfig } from "../env.server";
import { passwordMatches, passwordTag as tagOf } from "./owner-password.server";
import type { OwnerStore } from "../backend/types.server";

/** The back office's session cookie: its own name, sent only to /gestion addresses. */
export const OWNER_COOKIE_NAME = "cp_gestion";
export const SESSION_MS = 12 * 60 * 60 * 1000;
export const SIGN_IN_PATH = "/gestion/connexion";

/** Wrong passwords one address may send before sign-in is locked for it, and for how long. */
export const SIGN_IN_RULES = { maxFailures: 5, lockMs: 15 * 60 * 1000 } as const;

/** What the session cookie holds: its id, when it was opened, and a tag of the password it was opened with. */
interface OwnerSessionData {
  sid: string;
  signedInAt: number;
  passwordTag: string;
}

let cookie: { key: string; storage: ReturnType<typeof createCookieSessionStorage<OwnerSessionData>> } | undefined;

/**
 * The session's key and signed cookie, made on first use (the secret comes from the backend's start). The key is its
 * own, derived from the session secret: a cookie signed for another use is never a session.
 */
function ownerCookie() {
  if (!cookie) {
    const config = getConfig();
    const key = createHmac("sha256", sessionSecret()).update("gestion:session").digest("hex");
    const storage = createCookieSessionStorage<OwnerSessionData>({
      cookie: {
        name: OWNER_COOKIE_NAME,
        httpOnly: true,
        sameSite: "strict",
        path: "/gestion",
        // As the toast cookie: over HTTPS only in production on an https address.
        secure: config.nodeEnv === "production" && config.siteUrl.startsWith("https://"),
        secrets: [key],
        maxAge: SESSION_MS / 1000,
      },
    });
    cookie = { key, storage };
  }
  return cookie;
}

/** Whether `candidate` is OWNER_PASSWORD, compared in constant time. */
export const isOwnerPassword = (candidate: string, password: string) =>
  passwordMatches(candidate, password, ownerCookie().key);

/** Which password a session was opened with: changing OWNER_PASSWORD signs every session out. */
const passwordTag = (password: string) => tagOf(password, ownerCookie().key);

/**
 * Sessions signed out before their 12 hours were up (a copy of their cookie must not sign in again): kept by the
 * backend (table owner_signed_out_sessions), so that a restart or another instance of the server refuses them too,
 * and here, which answers at once and alone when the backend cannot keep them (hosted Supabase without the service
 * role's key, where the back office shows nothing anyway).
 */
const signedOut = new LRUCache<string, true>({ max: 10_000, ttl: SESSION_MS });

/** What the backend keeps of a signed-out session: a keyed hash of its id, never the id itself. */
const signedOutHash = (sid: string) =>
  createHmac("sha256", ownerCookie().key).update(`signed-out:${sid}`).digest("hex");

async function ownerStore(): Promise<OwnerStore | undefined> {
  const access = (await getBackend()).owner();
  return access.ok ? access.store : undefined;
}

async function wasSignedOut(sid: string): Promise<boolean> {
  if (signedOut.has(sid)) return true;
  const store = await ownerStore();
  return store ? store.isSignedOut(signedOutHash(sid)) : false;
}

/**
 * Failed sign-ins by visitor key (clientKey). Kept in the server's memory: the site runs as one process (the
 * embedded database allows no other), a restart is not in an attacker's hands, and the lock then costs no write to
 * the database for each guess.
 */
const failures = new LRUCache<string, { count: number; lockedUntil: number }>({
  max: 50_000,
  ttl: SIGN_IN_RULES.lockMs,
});

/** The back office's password, or a 404 for every /gestion address when OWNER_PASSWORD is not set. */
export function ownerPassword(): string {
  const password = getConfig().ownerPassword;
  if (!password) throw new Response("Page introuvable", { status: 404 });
  return password;
}

/** When sign-in is locked for this visitor, the seconds until it opens again. */
export function lockedForSeconds(visitor: string, now = Date.now()): number | undefined {
  const entry = failures.get(visitor);
  if (!entry || entry.lockedUntil <= now) return undefined;
  return Math.ceil((entry.lockedUntil - now) / 1000);
}

/** Counts a wrong password; the last allowed one locks sign-in for SIGN_IN_RULES.lockMs. */
export function recordFailure(visitor: string, now = Date.now()): void {
  const count = (failures.get(visitor)?.count ?? 0) + 1;
  failures.set(visitor, {
    count: count >= SIGN_IN_RULES.maxFailures ? 0 : count,
    lockedUntil: count >= SIGN_IN_RULES.maxFailures ? now + SIGN_IN_RULES.lockMs : 0,
  });
}

export function forgetFailures(visitor: string): void {
  failures.delete(visitor);
}

/** Whether the request carries a session of the owner still valid: signed, under 12 hours, not signed out. */
async function validSession(request: Request, password: string) {
  const session = await ownerCookie().storage.getSession(request.headers.get("Cookie"));
  const { sid, signedInAt, passwordTag: tag } = session.data;
  const age = typeof signedInAt === "number" ? Date.now() - signedInAt : Number.NaN;
  const valid = typeof sid === "string" && age >= -60_000 && age < SESSION_MS && tag === passwordTag(password);
  return valid && !(await wasSignedOut(sid)) ? session : undefined;
}

export async function isSignedIn(request: Request): Promise<boolean> {
  return Boolean(await validSession(request, ownerPassword()));
}

/**
 * For every loader and action of the back office but sign-in: a 404 without OWNER_PASSWORD, the sign-in page
 * without a valid session.
 */
export async function requireOwner(request: Request): Promise<void> {
  if (!(await validSession(request, ownerPassword()))) throw redirect(SIGN_IN_PATH, 303);
}

/** The Set-Cookie of a new session: a new id, never one the browser brought (no session fixation). */
export async function newSessionCookie(): Promise<string> {
  const { storage } = ownerCookie();
  const session = await storage.getSession();
  session.set("sid", randomBytes(32).toString("base64url"));
  session.set("signedInAt", Date.now());
  session.set("passwordTag", passwordTag(ownerPassword()));
  return storage.commitSession(session);
}

/** Ends the session: its id is refused from now on, and the browser is told to drop the cookie. */
export async function endSessionCookie(request: Request): Promise<string> {
  const { storage } = ownerCookie();
  const session = await storage.getSession(request.headers.get("Cookie"));
  const { sid, signedInAt } = session.data;
  if (typeof sid === "string" && typeof signedInAt === "number") {
    signedOut.set(sid, true);
    try {
      await (await ownerStore())?.recordSignOut(signedOutHash(sid), new Date(signedInAt + SESSION_MS));
    } catch (error) {
      // The browser still drops its cookie, and this server refuses the session until it restarts.
      console.error("Déconnexion retenue par ce serveur seulement, la base ne l'a pas enregistrée :", error);
    }
  }
  return storage.destroySession(session);
}
