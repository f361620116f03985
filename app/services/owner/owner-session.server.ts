import { randomBytes } from "node:crypto";
import { createCookie, createCookieSessionStorage, redirect } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { getBackend } from "../backend/index.server";
import { getConfig } from "../config/env.server";
import { acceptedKeysFor, keyedHash, keyFor } from "../lifecycle/secrets.server";
import { networkKey } from "../visitor.server";
import { passwordMatches, passwordTag as tagOf } from "./owner-password.server";
import { secureCookieFor } from "../http/cookies.server";
import { log } from "../log.server";
import { keptFormAnswer } from "./kept-form.server";
import type { OwnerStore, SignInVisitor } from "../backend/types.server";

/** The back office's session cookie: its own name, sent only to /gestion addresses. */
export const OWNER_COOKIE_NAME = "cp_gestion";
export const SESSION_MS = 12 * 60 * 60 * 1000;
export const SIGN_IN_PATH = "/gestion/connexion";

/** The cookie of a browser that has signed in before: sign-in then counts its own failures only. */
export const DEVICE_COOKIE_NAME = "cp_appareil";
const DEVICE_COOKIE_DAYS = 400;

/**
 * Wrong passwords a device, or a stranger's network, may send before sign-in is locked for it, and for how long
 * (the database's owner_sign_in_rules(), which applies them, names the same).
 */
export const SIGN_IN_RULES = { maxFailures: 5, lockMs: 15 * 60 * 1000 } as const;

/**
 * What the session cookie holds: its id, when it was opened, a tag of the password it was opened with, and the
 * owner's session generation then (npm run restore draws a new one).
 */
interface OwnerSessionData {
  sid: string;
  signedInAt: number;
  passwordTag: string;
  generation: string;
}

let cookie: { key: string; storage: ReturnType<typeof createCookieSessionStorage<OwnerSessionData>> } | undefined;

/**
 * The session's key and signed cookie, made on first use (the secret comes from the backend's start). The key is its
 * own, derived from the session secret: a cookie signed for another use is never a session.
 */
function ownerCookie() {
  if (!cookie) {
    const key = keyFor("gestion:session");
    const storage = createCookieSessionStorage<OwnerSessionData>({
      cookie: {
        name: OWNER_COOKIE_NAME,
        httpOnly: true,
        sameSite: "strict",
        path: "/gestion",
        // Set for each answer: secureCookieFor(request).
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
const signedOutHash = (sid: string) => keyedHash("gestion:session", `signed-out:${sid}`);

async function ownerStore(): Promise<OwnerStore | undefined> {
  const access = (await getBackend()).owner();
  return access.ok ? access.store : undefined;
}

async function wasSignedOut(sid: string): Promise<boolean> {
  if (signedOut.has(sid)) return true;
  const store = await ownerStore();
  return store ? store.isSignedOut(signedOutHash(sid)) : false;
}

const GENERATION_KEPT_MS = 10_000;
let generationRead: { value: Promise<string>; at: number } | undefined;

/**
 * The owner's session generation, read from the backend at most every 10 s; "aucune-base" without the service
 * role's key (the back office then shows nothing).
 */
function currentGeneration(): Promise<string> {
  if (!generationRead || Date.now() - generationRead.at > GENERATION_KEPT_MS) {
    const value = ownerStore().then((store) => (store ? store.sessionGeneration() : "aucune-base"));
    generationRead = { value, at: Date.now() };
    value.catch(() => (generationRead = undefined));
  }
  return generationRead.value;
}

let deviceCookie: ReturnType<typeof createCookie> | undefined;
function deviceCookieOf() {
  deviceCookie ??= createCookie(DEVICE_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "strict",
    path: "/gestion",
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
    // Signed with this secret's key, read under the previous one's too: a rotation keeps the owner's browser known.
    secrets: acceptedKeysFor("gestion:appareil"),
  });
  return deviceCookie;
}

/**
 * Who tries to sign in: a browser whose device cookie is signed (under this secret or, during a rotation, the
 * previous one) is that device (a keyed hash of its id), any other is a stranger; both with their network's key.
 * The cookie holds no right, only which failures count for the browser, so it outlives a restore (a new session
 * generation) and a rotation: strangers' wrong passwords right after either never lock the owner out.
 */
export async function signInVisitor(request: Request): Promise<SignInVisitor & { deviceId: string | null }> {
  const value: unknown = await deviceCookieOf().parse(request.headers.get("Cookie"));
  const device = value as { d?: unknown } | null;
  const deviceId = typeof device?.d === "string" && /^[\w-]{43}$/.test(device.d) ? device.d : null;
  return {
    deviceId,
    deviceKey: deviceId ? keyedHash("gestion:session", `appareil:${deviceId}`) : null,
    networkKey: networkKey(request),
  };
}

/** The device cookie a browser gets when it signs in: the one it had, or a new device. */
export async function deviceCookieFor(request: Request, deviceId: string | null): Promise<string> {
  const id = deviceId ?? randomBytes(32).toString("base64url");
  return deviceCookieOf().serialize({ d: id }, { secure: secureCookieFor(request) });
}

/**
 * The failure counters when the backend cannot keep them (hosted Supabase without the service role's key, where the
 * back office shows nothing anyway): this process's memory, per device or stranger's network.
 */
const failures = new LRUCache<string, { count: number; lockedUntil: number }>({
  max: 50_000,
  ttl: SIGN_IN_RULES.lockMs,
});
const memoryKey = ({ deviceKey, networkKey: network }: SignInVisitor) => deviceKey ?? `reseau:${network}`;

const configuredOwnerPassword = () => getConfig().ownerPassword;

/** The back office's password, or a 404 for every /gestion address when OWNER_PASSWORD is not set. */
export function ownerPassword(): string {
  const password = configuredOwnerPassword();
  if (!password) throw new Response("Page introuvable", { status: 404 });
  return password;
}

/** When sign-in is locked for this visitor, the seconds until it opens again. */
export async function lockedForSeconds(visitor: SignInVisitor, now = Date.now()): Promise<number | undefined> {
  const store = await ownerStore();
  if (store) return (await store.signInLock(visitor)) || undefined;
  const entry = failures.get(memoryKey(visitor));
  if (!entry || entry.lockedUntil <= now) return undefined;
  return Math.ceil((entry.lockedUntil - now) / 1000);
}

/**
 * Counts a try before its password is compared, deciding in the same step whether it may be: undefined when it may
 * (it counts as a failure until forgetFailures), else the seconds sign-in stays locked for this visitor. Tries sent at
 * once cannot all pass one count: at most SIGN_IN_RULES.maxFailures of them reach the password.
 */
export async function beginSignInAttempt(visitor: SignInVisitor, now = Date.now()): Promise<number | undefined> {
  const store = await ownerStore();
  if (store) return (await store.signInAttempt(visitor)) || undefined;
  const locked = await lockedForSeconds(visitor, now);
  if (locked !== undefined) return locked;
  const key = memoryKey(visitor);
  const count = (failures.get(key)?.count ?? 0) + 1;
  failures.set(key, {
    count: count >= SIGN_IN_RULES.maxFailures ? 0 : count,
    lockedUntil: count >= SIGN_IN_RULES.maxFailures ? now + SIGN_IN_RULES.lockMs : 0,
  });
  return undefined;
}

export async function forgetFailures(visitor: SignInVisitor): Promise<void> {
  const store = await ownerStore();
  if (store) await store.signedIn(visitor);
  else failures.delete(memoryKey(visitor));
}

/**
 * The header the request pipeline hands the application a back-office request with, once it has found the owner's
 * session valid (any copy a browser sends is dropped).
 */
export const OWNER_SESSION_HEADER = "x-codeparrain-proprietaire";
/**
 * Its values: the session is valid; it ended (or there is none) and a form was posted, which comes back kept; the
 * database did not answer, so it could not be checked.
 */
export const OWNER_SESSION = { valid: "1", ended: "finie", unknown: "inconnue" } as const;

/** Whether a Cookie header carries a session of the owner still valid: signed, under 12 hours, not signed out. */
export async function ownerSessionValid(cookie: string | null | undefined): Promise<boolean> {
  const password = configuredOwnerPassword();
  return password !== undefined && (await validSession(cookie ?? null, password)) !== undefined;
}

/**
 * How the request pipeline hands on a back-office request, read once before it: OWNER_SESSION's mark for the route's
 * requireOwner; none for a data request without a session (requireOwner words Remix's redirect); "sign-in" for a page
 * asked without one. A form posted without a session goes on, to come back with its values and a sign-in form; when
 * the database cannot tell, the request goes on marked so, for the French 503 page.
 */
export async function ownerSessionMark(
  cookie: string | undefined,
  request: { post: boolean; data: boolean },
): Promise<(typeof OWNER_SESSION)[keyof typeof OWNER_SESSION] | "sign-in" | undefined> {
  try {
    if (await ownerSessionValid(cookie)) return OWNER_SESSION.valid;
  } catch (error) {
    log.error("Gestion : session impossible à vérifier, la base ne répond pas :", error);
    return OWNER_SESSION.unknown;
  }
  if (request.data) return undefined;
  return request.post ? OWNER_SESSION.ended : "sign-in";
}

async function validSession(cookie: string | null, password: string) {
  const session = await ownerCookie().storage.getSession(cookie);
  const { sid, signedInAt, passwordTag: tag, generation } = session.data;
  const age = typeof signedInAt === "number" ? Date.now() - signedInAt : Number.NaN;
  const valid =
    typeof sid === "string" &&
    age >= -60_000 &&
    age < SESSION_MS &&
    tag === passwordTag(password) &&
    generation === (await currentGeneration());
  return valid && !(await wasSignedOut(sid)) ? session : undefined;
}

export async function isSignedIn(request: Request): Promise<boolean> {
  return Boolean(await validSession(request.headers.get("Cookie"), ownerPassword()));
}

/**
 * For every loader and action of the back office but sign-in and sign-out, whose route rows say `owner: true`: the
 * request pipeline has read the session once, before them, and answered 404 or the sign-in page itself; here the
 * request only shows what it found. A data request it let through without a session is sent to sign in here, so that
 * Remix words the redirect as its client expects.
 */
export async function requireOwner(request: Request): Promise<void> {
  ownerPassword();
  const session = request.headers.get(OWNER_SESSION_HEADER);
  if (session === OWNER_SESSION.valid) return;
  // A form posted when it cannot be taken comes back with what it held: never lost, never sent on.
  if (session === OWNER_SESSION.ended) throw await keptFormAnswer(request, "session");
  if (session === OWNER_SESSION.unknown) {
    if (request.method === "POST") throw await keptFormAnswer(request, "base");
    throw new Response(OWNER_SESSION_UNCHECKED, { status: 503, headers: { "Retry-After": "60" } });
  }
  throw redirect(SIGN_IN_PATH, 303);
}

/** What a back-office page says when the database cannot tell whether the owner's session still holds. */
export const OWNER_SESSION_UNCHECKED =
  "La gestion est momentanément indisponible : la base de données ne répond pas. Réessayez dans quelques minutes.";

/**
 * The Set-Cookie of a new session: a new id, never one the browser brought (no session fixation); Secure when the
 * request came over https.
 */
export async function newSessionCookie(request: Request): Promise<string> {
  const { storage } = ownerCookie();
  const session = await storage.getSession();
  session.set("sid", randomBytes(32).toString("base64url"));
  session.set("signedInAt", Date.now());
  session.set("passwordTag", passwordTag(ownerPassword()));
  session.set("generation", await currentGeneration());
  return storage.commitSession(session, { secure: secureCookieFor(request) });
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
      log.error("Déconnexion retenue par ce serveur seulement, la base ne l'a pas enregistrée :", error);
    }
  }
  return storage.destroySession(session, { secure: secureCookieFor(request) });
}
