/** A transparent 1 × 1 GIF: a brand page's count image. */
export const COUNT_IMAGE = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** Its headers, the same for every view (a plain object: it is sent at the rate cached pages are). */
export const COUNT_IMAGE_HEADERS = {
  "Content-Type": "image/gif",
  "Content-Length": String(COUNT_IMAGE.byteLength),
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "X-Content-Type-Options": "nosniff",
};
