import { createHmac } from "node:crypto";
import { sessionSecret } from "../backend/index.server";
import { getConfig } from "../config/env.server";

/**
 * Every key the site derives from its secret (SESSION_SECRET, or the embedded default's), in one place. Each serves
 * one purpose, so that a value signed or hashed for one is never taken for another's.
 */
export type KeyPurpose =
  /** The owner's session cookie. */
  | "gestion:session"
  /** The owner's device cookie, which strangers' failed sign-ins never lock. */
  | "gestion:appareil"
  /** What the owner had typed when their session ended, carried through sign-in back to the form. */
  | "gestion:brouillon"
  /** When a testimonial's form was shown (its hidden field). */
  | "temoignages"
  /** An author's e-mail address, for the per-address limit. */
  | "adresses"
  /** The erasure link shown once on a testimonial's thank-you page. */
  | "lien-effacement"
  /** The toasts' flash cookie. */
  | "notifications"
  /** An alert subscriber's address: one row per address, and the per-address limit. */
  | "alertes:adresses"
  /** The secret of the links in a subscriber's e-mails, derived from its stored salt. */
  | "alertes:liens";

const keys = new Map<KeyPurpose, string>();

/** The key of `purpose` under `secret`: the HMAC-SHA256 of its name. */
const keyUnder = (secret: string, purpose: KeyPurpose): string =>
  createHmac("sha256", secret).update(purpose).digest("hex");

/** The key of `purpose` under the site's secret. */
export function keyFor(purpose: KeyPurpose): string {
  let key = keys.get(purpose);
  if (!key) {
    key = keyUnder(sessionSecret(), purpose);
    keys.set(purpose, key);
  }
  return key;
}

/**
 * The keys of `purpose` a cookie accepts: this secret's, which signs, then the previous secret's during a rotation
 * (SESSION_SECRET_PREVIOUS). Only for cookies whose content holds no right (the toasts, the erasure link, the
 * owner's device): the owner's session is never carried over, since the sign-outs recorded under the old secret
 * could not be told.
 */
export function acceptedKeysFor(purpose: KeyPurpose): string[] {
  const previous = getConfig().previousSessionSecret;
  return [keyFor(purpose), ...(previous ? [keyUnder(previous, purpose)] : [])];
}

/**
 * A secret's fingerprint, which the database keeps to tell instances keyed differently apart: an HMAC of a fixed text
 * under it, from which the secret cannot be found.
 */
export function secretFingerprint(secret: string): string {
  return createHmac("sha256", secret).update("codeparrain:empreinte-du-secret").digest("hex");
}

/** `text` hashed under the key of `purpose`. */
export function keyedHash(purpose: KeyPurpose, text: string, encoding: "hex" | "base64url" = "hex"): string {
  return createHmac("sha256", keyFor(purpose)).update(text).digest(encoding);
}

/** `text` hashed under the key of `purpose` derived from `secret` (the previous one, during a rotation). */
export function keyedHashUnder(secret: string, purpose: KeyPurpose, text: string): string {
  return createHmac("sha256", keyUnder(secret, purpose)).update(text).digest("hex");
}

/**
 * A visitor's network hashed under the site's secret itself, the one derivation without a purpose of its own: the
 * keys the database already holds (votes, limits, counts) stay the same visitor's.
 */
export function networkHash(network: string): string {
  return createHmac("sha256", sessionSecret()).update(network).digest("hex");
}

let replaced = false;

/**
 * Whether the database holds a newer secret than this instance's: a rotation this instance was not restarted for
 * (site-secret.server.ts looks every few seconds). It then writes no keyed row, and /healthz answers 503.
 */
export const siteSecretReplaced = (): boolean => replaced;

export function noteSiteSecretReplaced(now: boolean): void {
  replaced = now;
}
