/**
 * Requests that came through a reverse proxy TRUST_PROXY does not name, as this process saw them: said in the log
 * at the first and then at most once an hour, and on the back office's first page, until TRUST_PROXY is set.
 */
import { log } from "../log.server";
export interface UnnamedProxySighting {
  /** The proxy's address (the connection's peer). */
  proxy: string;
  /** Requests since the first. */
  requests: number;
  firstAt: number;
  lastAt: number;
}

/** How often the log says it again while such requests keep coming. */
export const UNNAMED_PROXY_LOG_EVERY_MS = 60 * 60 * 1000;

let sighting: UnnamedProxySighting | undefined;
let loggedAt = 0;

/** Notes one such request; says so in the log at the first, then at most once per UNNAMED_PROXY_LOG_EVERY_MS. */
export function noteUnnamedProxy(proxy: string, now = Date.now()): void {
  sighting = sighting
    ? { ...sighting, proxy, requests: sighting.requests + 1, lastAt: now }
    : { proxy, requests: 1, firstAt: now, lastAt: now };
  if (loggedAt && now - loggedAt < UNNAMED_PROXY_LOG_EVERY_MS) return;
  loggedAt = now;
  log.error(
    `Proxy non désigné : ${sighting.requests} requête(s) depuis ${new Date(sighting.firstAt).toISOString()} ` +
      `arrivent par ${proxy} avec un X-Forwarded-For que TRUST_PROXY ne permet pas de croire. Les avis sont ` +
      "désactivés ; témoignages, messages et connexion comptent chaque visiteur à l'adresse que ce proxy a écrite. " +
      "Définissez TRUST_PROXY (par exemple « loopback » ou « 1 »).",
  );
}

/** What this process saw, or undefined when no request came through an unnamed proxy. */
export function unnamedProxySighting(): UnnamedProxySighting | undefined {
  return sighting;
}
