import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipAround } from "~/services/http/gzip-around.server";
import { SHARED_PAGE_CACHE } from "~/services/http/headers.server";
import { PageCache } from "~/services/http/page-cache.server";

/** A page as the site renders them: long, repetitive, with its nonce in several places, far apart. */
function page(nonce: string): Buffer {
  const cards = Array.from(
    { length: 400 },
    (_, index) =>
      `<li class="card"><a href="/offres/marque-${index % 37}">Marque ${index}</a><p>Offre ${index * 7}</p></li>`,
  ).join("");
  return Buffer.from(
    `<!DOCTYPE html><html lang="fr"><head><script nonce="${nonce}">window.a=1</script></head><body><ul>${cards}</ul>` +
      `<script nonce="${nonce}">window.b=2</script><p>é ✓ ${cards.slice(0, 900)}</p><script nonce="${nonce}"></script>` +
      `</body></html>`,
  );
}

const nonce = () => randomBytes(16).toString("base64");
const split = (whole: Buffer, separator: string) =>
  whole
    .toString("latin1")
    .split(separator)
    .map((part) => Buffer.from(part, "latin1"));

describe("a page gzipped around its nonce", () => {
  it("decompresses to the page with each answer's nonce, as small as gzipping it whole", () => {
    const rendered = nonce();
    const parts = split(page(rendered), rendered);
    expect(parts).toHaveLength(4);
    const gzip = gzipAround(parts, Buffer.byteLength(rendered));
    if (!gzip) throw new Error("The page has no zero byte: it can be compressed beforehand.");
    for (let answer = 0; answer < 50; answer += 1) {
      const next = nonce();
      const sent = gzip.withGap(Buffer.from(next));
      if (!sent) throw new Error("A nonce of the same length fits.");
      expect(gunzipSync(sent).equals(page(next))).toBe(true);
      expect(sent.byteLength).toBeLessThanOrEqual(gzipSync(page(next)).byteLength * 1.02 + 40);
    }
  });

  it("is not made for a page holding a zero byte, nor sent with a value of another length", () => {
    expect(gzipAround([Buffer.from("a\0b"), Buffer.from("c")], 24)).toBeUndefined();
    expect(gzipAround([Buffer.from("a"), Buffer.from("b")], 24)?.withGap(Buffer.from("court"))).toBeUndefined();
  });

  it("is what the page cache sends a kept page as, with the nonce of the answer", () => {
    const rendered = nonce();
    const cache = new PageCache(60_000);
    const kept = cache.prepare("/offres", page(rendered), rendered, { status: 200, cacheControl: SHARED_PAGE_CACHE });
    const next = nonce();
    const sent = kept.gzipWithNonce?.(next);
    if (!sent) throw new Error("A kept page is gzipped beforehand.");
    expect(gunzipSync(sent).equals(kept.withNonce(next))).toBe(true);
  });
});
