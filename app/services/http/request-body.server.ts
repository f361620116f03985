import type { IncomingMessage } from "node:http";

/** What the request pipeline reads of a request itself: a header's first value, gzip's acceptance, a small form. */

/** The largest vote form the pipeline reads itself. */
export const MAX_VOTE_BODY_BYTES = 4_096;

export const firstHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * Whether Accept-Encoding prefers gzip to no encoding, as Express's `acceptsEncodings("gzip", "identity")` decides:
 * gzip's q-value (its own, else `*`'s) above 0, and not below identity's when the client names identity.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const weights = new Map<string, number>();
  for (const part of String(header ?? "").split(",")) {
    const [coding = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    if (coding) weights.set(coding, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const gzipWeight = weights.get("gzip") ?? weights.get("*") ?? 0;
  const identityWeight = weights.get("identity") ?? 0;
  return gzipWeight > 0 && gzipWeight >= identityWeight;
}

/** A urlencoded body of at most MAX_VOTE_BODY_BYTES, as text; anything else (or more) reads as empty. */
export async function readSmallForm(req: IncomingMessage): Promise<string> {
  const type = String(req.headers["content-type"] ?? "")
    .split(";")[0]
    ?.trim()
    .toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return "";
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_VOTE_BODY_BYTES) return "";
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
