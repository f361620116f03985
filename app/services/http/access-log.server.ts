import type { RoutePolicy } from "./route-policy.server";
import type { IncomingMessage, ServerResponse } from "node:http";

/** What the servers' logs show of a request whose address holds a secret (an erasure link's token). */

/** The path to log in place of `pathname` when its route has a secret parameter: that parameter written "…". */
export function withoutSecret(
  pathname: string,
  route: { policy: RoutePolicy; params: Record<string, string | undefined> } | undefined,
) {
  const secret = route?.policy.secretParam ? route.params[route.policy.secretParam] : undefined;
  return secret ? pathname.split(secret).join("…") : undefined;
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
