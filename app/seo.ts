import type { BrandCategoryId } from "./catalogue/types";
import type { MetaDescriptor } from "@remix-run/node";

export interface SiteInfo {
  siteName: string;
  siteUrl: string;
}

const DEFAULT_KEYWORDS =
  "code parrainage, codes parrainage, lien de parrainage, code promo, offre de parrainage, bonus inscription, parrainage banque, parrainage crypto, cashback";

/** The site's name and address, from the root loader's data as route `meta` functions receive it. */
export function siteInfo(matches: ReadonlyArray<{ id: string; data: unknown }>): SiteInfo {
  const root = matches.find((match) => match.id === "root")?.data as Partial<SiteInfo> | undefined;
  return { siteName: root?.siteName ?? "CodeParrain", siteUrl: root?.siteUrl ?? "" };
}

export function pageMeta(
  site: SiteInfo,
  page: {
    title: string;
    description: string;
    path: string;
    noindex?: boolean;
    type?: "website" | "article";
    keywords?: string;
    /** The Atom feed the page announces: every offer's, or a category's (its id and its name). */
    feed?: { id: "all" | BrandCategoryId; name: string };
    /** The page's own share image (a brand's, a category's); the site's default otherwise. */
    image?: { path: string; alt: string } | null;
  },
): MetaDescriptor[] {
  const url = `${site.siteUrl}${page.path}`;
  const image = `${site.siteUrl}${page.image?.path ?? "/og-image.png"}`;
  const imageAlt = page.image?.alt ?? `${site.siteName} - Les meilleurs codes et offres de parrainage`;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { name: "keywords", content: page.keywords ?? DEFAULT_KEYWORDS },
    { name: "author", content: site.siteName },
    { name: "robots", content: page.noindex ? "noindex, follow" : "index, follow" },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:locale", content: "fr_FR" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    { tagName: "link", rel: "canonical", href: url },
    ...(page.feed ? [feedLink(site, page.feed)] : []),
  ];
}

/** The address of the Atom feed of every offer, or of a category's (`/flux/crypto.atom`). */
export const feedPath = (feed: "all" | BrandCategoryId) => `/flux/${feed === "all" ? "offres" : feed}.atom`;

function feedLink(site: SiteInfo, feed: { id: "all" | BrandCategoryId; name: string }): MetaDescriptor {
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/atom+xml",
    title: `${site.siteName} : offres nouvelles et améliorées (${feed.name})`,
    href: `${site.siteUrl}${feedPath(feed.id)}`,
  };
}

/** The feed of every offer, as the home page and /offres announce it. */
export const EVERY_OFFER_FEED = { id: "all", name: "toutes les offres" } as const;
