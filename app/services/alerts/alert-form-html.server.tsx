import { LRUCache } from "lru-cache";
import { renderToStaticMarkup } from "react-dom/server";
import { AlertForm } from "~/components/alert-form";
import type { AlertFormView } from "~/catalogue/alert-topics";

/** Each brand's and category's form, rendered once: it changes only with its view. */
const rendered = new LRUCache<string, string>({ max: 1_000 });

/**
 * The "Me prévenir" form of a brand page or a category's listing as HTML: a native form, the same with or without
 * JavaScript, so those pages send it as data (`ServerMarkup`) rather than its code in their first-load JavaScript.
 */
export function alertFormHtml(view: AlertFormView): string {
  const key = JSON.stringify(view);
  let html = rendered.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(<AlertForm view={view} />);
    rendered.set(key, html);
  }
  return html;
}
