import type { RoutePolicy } from "./route-policy.server";
import type { IncomingMessage, ServerResponse } from "node:http";

/** What the servers' logs show of a request whose address holds a secret (an erasure link's token). */

/**
 * `pathname` as a log may show it: every segment that looks like a private link's token (24 hexadecimal digits or
 * more, as every token of the site is) written "…", whatever route the path falls to (a 404 included).
 */
export const pathForLog = (pathname: string): string =>
  pathname.replace(/(?<=\/)(?:[0-9a-f]{24,}|[0-9A-F]{24,})(?=\/|$|\.)/g, "…");

/**
 * The path to log in place of `pathname` when its route has a secret parameter (that parameter written "…") or
 * it holds a segment that looks like a token; undefined when it can be logged as it is.
 */
export function withoutSecret(
  pathname: string,
  route: { policy: RoutePolicy; params: Record<string, string | undefined> } | undefined,
) {
  const secret = route?.policy.secretParam ? route.params[route.policy.secretParam] : undefined;
  const shown = pathForLog(secret ? pathname.split(secret).join("…") : pathname);
  return shown === pathname ? undefined : shown;
}

/**
 * Makes the request read as `shown` once its answer starts: Remix has read the real address by then, and an access
 * log written when the answer ends (remix-serve's) writes `shown`.
 */
export function logAs(req: IncomingMessage, res: ServerResponse, shown: string): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    req.url = shown;
    (req as { originalUrl?: string }).originalUrl = shown;
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
