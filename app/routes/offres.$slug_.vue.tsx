import { COUNT_IMAGE } from "~/services/http/count-image.server";

/**
 * `/offres/{slug}/vue`: the image a brand page asks for by itself, never stored, so that a page served from a shared
 * cache is counted too, with or without JavaScript. The request pipeline answers and counts the page's own request
 * (a plain GET) itself, at the cost of a cached page; this route answers the rest (HEAD, a query) uncounted.
 */
export function loader() {
  return new Response(COUNT_IMAGE, {
    headers: { "Content-Type": "image/gif", "X-Robots-Tag": "noindex" },
  });
}
