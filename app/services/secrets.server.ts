import { createHmac } from "node:crypto";
import { sessionSecret } from "./backend/index.server";

/**
 * Every key the site derives from its secret (SESSION_SECRET, or the embedded default's), in one place. Each serves
 * one purpose, so that a value signed or hashed for one is never taken for another's.
 */
export type KeyPurpose =
  /** The owner's session cookie. */
  | "gestion:session"
  /** The owner's device cookie, which strangers' failed sign-ins never lock. */
  | "gestion:appareil"
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

/** The key of `purpose`: the HMAC-SHA256 of its name under the site's secret. */
export function keyFor(purpose: KeyPurpose): string {
  let key = keys.get(purpose);
  if (!key) {
    key = createHmac("sha256", sessionSecret()).update(purpose).digest("hex");
    keys.set(purpose, key);
  }
  return key;
}

/** `text` hashed under the key of `purpose`. */
export function keyedHash(purpose: KeyPurpose, text: string, encoding: "hex" | "base64url" = "hex"): string {
  return createHmac("sha256", keyFor(purpose)).update(text).digest(encoding);
}

/**
 * A visitor's network hashed under the site's secret itself, the one derivation without a purpose of its own: the
 * keys the database already holds (votes, limits, counts) stay the same visitor's.
 */
export function networkHash(network: string): string {
  return createHmac("sha256", sessionSecret()).update(network).digest("hex");
}
