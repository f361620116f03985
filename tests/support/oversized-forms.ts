/** Oversized posts to both message forms, sent as a browser or Node's fetch would send them. */
export const OVERSIZED_BYTES = 2 * 1024 * 1024;

export const FORM_PATHS = ["/contact", "/offres/binance"] as const;
export const ENCODINGS = ["urlencoded", "multipart", "chunked"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** The body of one oversized post: a message of OVERSIZED_BYTES, with or without Content-Length. */
export function oversizedInit(encoding: Encoding, bytes = OVERSIZED_BYTES): RequestInit & { duplex?: "half" } {
  const fields = { name: "Anne Martin", email: "anne@exemple.fr", subject: "question" };
  const message = "x".repeat(bytes);
  if (encoding === "urlencoded") {
    return { method: "POST", body: new URLSearchParams({ ...fields, message }) };
  }
  if (encoding === "multipart") {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...fields, message })) form.set(name, value);
    return { method: "POST", body: form };
  }
  // No Content-Length: the body is streamed in chunks (Transfer-Encoding: chunked).
  const prefix = new TextEncoder().encode(`${new URLSearchParams(fields)}&message=`);
  const piece = new TextEncoder().encode("x".repeat(64 * 1024));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(prefix);
      if (sent >= bytes) return controller.close();
      controller.enqueue(piece);
      sent += piece.byteLength;
    },
  });
  return { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body, duplex: "half" };
}

/** The visible part of a page: what is between <main> and </main>, as text. */
export function mainText(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "";
  const entities: Record<string, string> = { "&#x27;": "'", "&quot;": '"', "&lt;": "<", "&gt;": ">", "&amp;": "&" };
  return main
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&quot;|&lt;|&gt;|&amp;/g, (entity) => entities[entity] ?? entity)
    .replace(/[^\S\u00a0\u202f]+/g, " ")
    .trim();
}
