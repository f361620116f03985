import { createHmac, timingSafeEqual } from "node:crypto";

/** Both sides hashed with `key` to 32 bytes first: the comparison takes the same time whatever the guess's length. */
const digest = (key: string, value: string) => createHmac("sha256", key).update(value, "utf8").digest();

/** Whether `candidate` is `password`, compared in constant time. */
export function passwordMatches(candidate: string, password: string, key: string): boolean {
  return timingSafeEqual(digest(key, candidate), digest(key, password));
}

/** A fingerprint of `password` a session keeps: changing the password signs every session out. */
export function passwordTag(password: string, key: string): string {
  return digest(key, `mot-de-passe:${password}`).toString("base64url");
}
