/**
 * The owner's guides as visitors read them: the published ones, kept in memory with the brands (CachedBackend), each
 * rendered once per version (Markdown to safe HTML, on the server only), with the offers it names as cards.
 */
import { LRUCache } from "lru-cache";
import { brandCategoryOf } from "~/catalogue/categories";
import { formatFrenchDate } from "~/catalogue/dates";
import { guidePath, offerSlugsLinked, readingMinutes } from "~/catalogue/guides";
import { findOfferBySlug } from "~/catalogue/offers";
import { guideShareImage } from "~/catalogue/share-image";
import { getBackend } from "~/services/backend/index.server";
import { getConfig } from "~/services/config/env.server";
import { shareImagePath } from "~/services/share-image/share-image.server";
import { renderMarkdown, type TextHeading } from "~/services/writing/markdown.server";
import { toCardView, type Catalogue } from "./offers.server";
import type { OfferCardView } from "~/catalogue/card";
import type { WritingShelf, PublishedGuide } from "~/services/backend/guide-store.server";

/** A guide's text as a page shows it. */
export interface RenderedGuide {
  html: string;
  /** Its sections (level-2 headings), for the table of contents when there are enough. */
  sections: TextHeading[];
  /** The offers it links to, by slug. */
  offerSlugs: string[];
  minutes: number;
}

/**
 * Rendered once per guide and version: a page view renders nothing. Bounded by size (a 3 000-word guide's HTML is
 * some 50 KB in memory), not by count: the guides most read stay, the memory a large site needs stays known.
 */
const renderedGuides = new LRUCache<string, RenderedGuide>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (rendered) => rendered.html.length * 2 + 1_024,
});

/** The offers each guide and version names: kept apart from the HTML, which need not stay for them. */
const offersNamed = new LRUCache<string, string[]>({ max: 10_000 });

/** Renders a text (a preview's too), without keeping it. */
export function renderGuideText(body: string): RenderedGuide {
  const { html, headings, siteLinks } = renderMarkdown(body);
  return {
    html,
    sections: headings.filter((heading) => heading.level === 2),
    offerSlugs: offerSlugsLinked(siteLinks),
    minutes: readingMinutes(body),
  };
}

const versionKey = (guide: Pick<PublishedGuide, "id" | "version">) => `${guide.id}:${guide.version}`;

export function renderedGuide(guide: Pick<PublishedGuide, "id" | "version" | "body">): RenderedGuide {
  const key = versionKey(guide);
  let rendered = renderedGuides.get(key);
  if (!rendered) {
    renderedGuides.set(key, (rendered = renderGuideText(guide.body)));
    offersNamed.set(key, rendered.offerSlugs);
  }
  return rendered;
}

/** Rendered (and kept) when not known: the guide's page will want its HTML anyway. */
const offersNamedBy = (guide: PublishedGuide): string[] =>
  offersNamed.get(versionKey(guide)) ?? renderedGuide(guide).offerSlugs;

/** Each shelf's guides by the offers they name, made once: a brand page looks its own up. */
const guidesByOffer = new WeakMap<WritingShelf, Map<string, { path: string; title: string }[]>>();

/** The published guides, or null when they cannot be read now. */
export async function loadWriting(): Promise<WritingShelf | null> {
  try {
    return await (await getBackend()).writingShelf();
  } catch {
    return null;
  }
}

export const categoryLabelOf = (category: string | null) => brandCategoryOf(category)?.label ?? null;

/** The cards of the offers a guide names that the site shows, in the guide's order. */
export function namedOfferCards(slugs: readonly string[], catalogue: Catalogue | null): OfferCardView[] {
  if (!catalogue) return [];
  return slugs.flatMap((slug) => {
    const offer = findOfferBySlug(catalogue.offers, slug);
    return offer ? [toCardView(offer, catalogue)] : [];
  });
}

/** The notices a guide opens with: the gambling one when it names a betting offer, each risk warning once. */
export function guideNotices(cards: readonly OfferCardView[]): { betting: boolean; warnings: string[] } {
  return {
    betting: cards.some((card) => card.regulated === "betting"),
    warnings: [
      ...new Set(cards.flatMap((card) => (card.regulated !== "betting" && card.warning ? [card.warning] : []))),
    ],
  };
}

/** A guide in a list: its address, title, summary and dates as the page says them. */
export interface GuideListItem {
  slug: string;
  path: string;
  title: string;
  summary: string;
  categoryLabel: string | null;
  publishedOn: string;
  /** The last change's day, when later than the publication's. */
  updatedOn: string | null;
  minutes: number;
}

export function guideListItem(guide: PublishedGuide): GuideListItem {
  const publishedOn = formatFrenchDate(guide.publishedAt);
  const updatedOn = formatFrenchDate(guide.updatedAt);
  return {
    slug: guide.slug,
    path: guidePath(guide.slug),
    title: guide.title,
    summary: guide.summary,
    categoryLabel: categoryLabelOf(guide.category),
    publishedOn,
    updatedOn: updatedOn === publishedOn ? null : updatedOn,
    minutes: readingMinutes(guide.body),
  };
}

/** The published guides naming an offer, newest first ("Nos guides sur …" of its page). */
export function guidesNaming(shelf: WritingShelf | null, offerSlug: string): { path: string; title: string }[] {
  if (!shelf) return [];
  let index = guidesByOffer.get(shelf);
  if (!index) {
    guidesByOffer.set(shelf, (index = new Map()));
    for (const guide of shelf.guides) {
      for (const slug of offersNamedBy(guide)) {
        index.set(slug, [...(index.get(slug) ?? []), { path: guidePath(guide.slug), title: guide.title }]);
      }
    }
  }
  return index.get(offerSlug) ?? [];
}

/** How many guides the home page links to, the newest. */
export const HOME_GUIDES = 3;

/** The newest published guides, for the home page. */
export function latestGuides(shelf: WritingShelf | null): { path: string; title: string }[] {
  return (shelf?.guides ?? [])
    .slice(0, HOME_GUIDES)
    .map((guide) => ({ path: guidePath(guide.slug), title: guide.title }));
}

/** The published guides of a category, newest first. */
export function guidesOfCategory(shelf: WritingShelf | null, category: string): { path: string; title: string }[] {
  return (shelf?.guides ?? [])
    .filter((guide) => guide.category === category)
    .map((guide) => ({ path: guidePath(guide.slug), title: guide.title }));
}

/** A guide's share image, drawn by the pipeline of the brands' (its address changes with its title or category). */
export function guidePageImage(guide: Pick<PublishedGuide, "slug" | "title" | "category">) {
  const content = guideShareImage(guide, getConfig());
  return { path: shareImagePath("guides", guide.slug, content), alt: `Guide\u00a0: ${guide.title}` };
}
