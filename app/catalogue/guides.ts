import { foldText } from "./fold-text";

/**
 * The owner's guides, as pages show them: their addresses, how long they take to read, and which offers they name.
 * A guide names an offer by linking to its page, `[BoursoBank](/offres/boursobank)`: the offer then shows under
 * the guide as a card, with its own link, code and notices (docs/guides.md).
 */

export const GUIDES_PATH = "/guides";

export const guidePath = (slug: string) => `${GUIDES_PATH}/${slug}`;

/** Guides per page of /guides. */
export const GUIDES_PER_PAGE = 24;

/** A guide's text at most, in characters. */
export const MAX_GUIDE_LENGTH = 100_000;

/** What the writing form accepts, in characters, besides the text. */
export const GUIDE_LIMITS = { title: 120, summary: 300, slug: 80 } as const;

/** A table of contents from this many sections (level-2 headings) on. */
export const TABLE_OF_CONTENTS_FROM = 3;

/** A French reader's pace of a text online, in words a minute. */
const WORDS_PER_MINUTE = 230;

/** Minutes to read a text, at least one. */
export function readingMinutes(text: string): number {
  const words = text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** The address proposed for a title: its words without accents, joined by hyphens, at most GUIDE_LIMITS.slug long. */
export function slugFromTitle(title: string): string {
  return foldText(title)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, GUIDE_LIMITS.slug)
    .replace(/-+$/, "");
}

/** Whether a text is an address a guide may have: lower-case letters and digits between single hyphens. */
export const isGuideSlug = (slug: string) =>
  slug.length <= GUIDE_LIMITS.slug && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug);

/** The offers' addresses (slugs) among the site's pages a text links to, in order, each once. */
export function offerSlugsLinked(siteLinks: readonly string[]): string[] {
  const slugs = siteLinks.flatMap(
    (link) => /^\/offres\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?(?:[?#].*)?$/.exec(link)?.[1] ?? [],
  );
  return [...new Set(slugs)];
}
