import { Parser } from "htmlparser2";

/** The elements and attributes a page may show of the owner's text (app/services/writing/markdown.server.ts). */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  h2: ["id"],
  h3: ["id"],
  h4: ["id"],
  p: [],
  br: [],
  hr: [],
  em: [],
  strong: [],
  del: [],
  ul: [],
  ol: ["start"],
  li: [],
  a: ["href"],
  blockquote: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ["align"],
  td: ["align"],
  code: [],
  pre: [],
  img: ["src", "alt"],
  span: [],
};

/** Whether an address is one a link may lead to: http(s), mailto, or the site's own. */
const safeHref = (href: string) => /^(https?:|mailto:|\/(?!\/)|#)/i.test(href);
/** Whether an image's address is the site's own. */
const safeSrc = (src: string) => /^\/(?!\/)/.test(src);

/**
 * What makes an HTML fragment unsafe to show, as read by a browser-grade parser (htmlparser2, entities decoded): an
 * element or attribute outside the allow-list, a link or image to an address that is not allowed. Empty when safe.
 */
export function unsafeParts(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const allowed = ALLOWED[name];
        if (!allowed) {
          found.push(`<${name}>`);
          return;
        }
        for (const [attribute, value] of Object.entries(attributes)) {
          if (!allowed.includes(attribute)) found.push(`<${name} ${attribute}>`);
          if (attribute === "href" && !safeHref(value.trim())) found.push(`href="${value}"`);
          if (attribute === "src" && !safeSrc(value.trim())) found.push(`src="${value}"`);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}
