/**
 * The owner's Markdown (guides, the site's texts), read and made safe on the server only: parsed by remark (with
 * GitHub's tables and autolinks), turned into HTML without its raw HTML, then cut down to an allow-list by
 * rehype-sanitize. What the owner typed that the site refuses is said in French (`markdownProblems`); what a page
 * shows is only ever the sanitized HTML (`renderMarkdown`). The visitors' JavaScript carries none of it.
 */
import rehypeSanitize, { type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { MAX_GUIDE_LENGTH } from "~/catalogue/guides";
import { foldText } from "~/catalogue/names";
import { typeset } from "~/catalogue/typography";
import type { Element, ElementContent, Root as HtmlRoot, RootContent } from "hast";
import type { Root as MarkdownRoot, RootContent as MarkdownNode } from "mdast";

export { MAX_GUIDE_LENGTH };

/** The addresses a link may lead to: the web, e-mail, and the site's own pages (relative addresses). */
const LINK_PROTOCOLS = ["http", "https", "mailto"];

/**
 * What a page may show of the owner's text, and nothing else. Headings start at level 2: the page has its one `h1`.
 * Images only from the site itself (a relative address: no protocol is allowed for `src`).
 */
const SCHEMA: SanitizeSchema = {
  tagNames: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "em",
    "strong",
    "del",
    "ul",
    "ol",
    "li",
    "a",
    "blockquote",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "code",
    "pre",
    "img",
  ],
  attributes: { a: ["href"], img: ["src", "alt"], ol: ["start"], th: ["align"], td: ["align"] },
  protocols: { href: LINK_PROTOCOLS, src: [] },
  strip: ["script", "style"],
  clobberPrefix: "",
  clobber: [],
  required: {},
  ancestors: { li: ["ol", "ul"], tbody: ["table"], thead: ["table"], tr: ["table"], th: ["table"], td: ["table"] },
};

/** A heading of the text, for the table of contents. */
export interface TextHeading {
  id: string;
  level: 2 | 3 | 4;
  text: string;
}

export interface RenderedText {
  /** Safe HTML, typeset in French. */
  html: string;
  headings: TextHeading[];
  /** The addresses of the site the text links to ("/offres/boursobank"), in order, each once. */
  siteLinks: string[];
}

const parser = unified().use(remarkParse).use(remarkGfm);

/** Whether an address is one a link may have: http, https, mailto, or the site's own (starting with "/" or "#"). */
function isAllowedLink(url: string): boolean {
  const address = url.trim();
  if (/^\/(?!\/)|^#/.test(address)) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(address)?.[1]?.toLowerCase();
  return scheme !== undefined && LINK_PROTOCOLS.includes(scheme);
}

/** An image's address the site serves itself: "/…", never "//other-site" nor any scheme. */
const isSiteImage = (url: string) => /^\/(?!\/)/.test(url.trim());

function lineOf(node: { position?: { start: { line: number } } }): string {
  return node.position ? ` (ligne ${node.position.start.line})` : "";
}

/**
 * What the site refuses in a text, each said in French with its line: raw HTML, a link that is not http, https,
 * mailto or the site's own, an image from another site, a heading of level 1. Empty when the text is accepted.
 */
export function markdownProblems(text: string, maxLength = MAX_GUIDE_LENGTH): string[] {
  if (text.length > maxLength) {
    const [length, most] = [text.length, maxLength].map((count) => count.toLocaleString("fr-FR"));
    return [`Le texte fait ${length} caractères, pour ${most} au plus\u00a0: raccourcissez-le.`];
  }
  const problems: string[] = [];
  const visit = (node: MarkdownRoot | MarkdownNode) => {
    if (node.type === "html") {
      problems.push(`Le HTML n'est pas accepté${lineOf(node)}\u00a0: écrivez en Markdown.`);
    } else if ((node.type === "link" || node.type === "definition") && !isAllowedLink(node.url)) {
      problems.push(
        `Adresse refusée${lineOf(node)}\u00a0: un lien commence par https://, http://, mailto: ou / pour une page du site.`,
      );
    } else if (node.type === "image" && !isSiteImage(node.url)) {
      problems.push(
        `Image refusée${lineOf(node)}\u00a0: seules les images du site (adresse commençant par /) sont acceptées.`,
      );
    } else if (node.type === "heading" && node.depth === 1) {
      problems.push(`Titre de niveau 1${lineOf(node)}\u00a0: le titre de la page est le seul\u00a0; commencez par ##.`);
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(parser.parse(text));
  return [...new Set(problems)];
}

const textOf = (node: ElementContent | RootContent): string =>
  node.type === "text" ? node.value : "children" in node ? node.children.map(textOf).join("") : "";

/** An id from a heading's text: folded, words joined by "-", unique within the text ("-2", "-3" after the first). */
function headingId(text: string, taken: Map<string, number>): string {
  const base =
    foldText(text)
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "section";
  const count = (taken.get(base) ?? 0) + 1;
  taken.set(base, count);
  return count === 1 ? base : `${base}-${count}`;
}

/**
 * After sanitizing: levels 5 and 6 read as 4, ids on headings, French spacing in the text outside code; the headings
 * and the site's addresses linked to are noted.
 */
function finish(tree: HtmlRoot, headings: TextHeading[], siteLinks: Set<string>): void {
  const taken = new Map<string, number>();
  const walk = (node: HtmlRoot | Element, inCode: boolean) => {
    for (const child of node.children) {
      if (child.type === "text" && !inCode) child.value = typeset(child.value);
      if (child.type !== "element") continue;
      if (child.tagName === "img" && !isSiteImage(String(child.properties?.src ?? ""))) {
        // An image from another site shows as its description.
        Object.assign(child, {
          tagName: "span",
          properties: {},
          children: [{ type: "text", value: String(child.properties?.alt ?? "") }],
        });
      }
      // A link the form would refuse (an address without a scheme nor "/", read as relative) leads nowhere.
      if (child.tagName === "a" && !isAllowedLink(String(child.properties?.href ?? ""))) child.properties = {};
      const href = child.tagName === "a" ? String(child.properties?.href ?? "") : "";
      if (/^\/(?!\/)/.test(href)) siteLinks.add(href);
      const heading = /^h([2-4])$/.exec(child.tagName);
      if (heading) {
        const text = typeset(textOf(child)).trim();
        const id = headingId(text, taken);
        child.properties = { id };
        headings.push({ id, level: Number(heading[1]) as TextHeading["level"], text });
      }
      walk(child, inCode || child.tagName === "code" || child.tagName === "pre");
    }
  };
  walk(tree, false);
}

/** Heading levels as the page needs them: 1 becomes 2 (the page's title is its one h1), 5 and 6 become 4. */
function clampHeadings(tree: MarkdownRoot): void {
  const walk = (node: MarkdownRoot | MarkdownNode) => {
    if (node.type === "heading") node.depth = Math.min(Math.max(node.depth, 2), 4) as 2 | 3 | 4;
    if ("children" in node) for (const child of node.children) walk(child);
  };
  walk(tree);
}

/** What the last step of a render notes, in its file's data. */
interface RenderNotes {
  headings?: TextHeading[];
  siteLinks?: Set<string>;
}

/** Built once: a render's headings and links go in its own file's data, never in the processor. */
const renderer = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(() => clampHeadings)
  .use(remarkRehype)
  .use(rehypeSanitize, SCHEMA)
  .use(() => (tree: HtmlRoot, file: { data: unknown }) => {
    const notes: RenderNotes = { headings: [], siteLinks: new Set() };
    finish(tree, notes.headings!, notes.siteLinks!);
    Object.assign(file.data as RenderNotes, notes);
  })
  .use(rehypeStringify)
  .freeze();

/** The text as a page shows it: safe HTML (see SCHEMA) and its headings. Raw HTML is dropped, never shown. */
export function renderMarkdown(text: string): RenderedText {
  const file = renderer.processSync(text);
  const notes = file.data as RenderNotes;
  return { html: String(file), headings: notes.headings ?? [], siteLinks: [...(notes.siteLinks ?? [])] };
}
