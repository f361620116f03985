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
  },
): MetaDescriptor[] {
  const url = `${site.siteUrl}${page.path}`;
  const image = `${site.siteUrl}/og-image.png`;
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
    { property: "og:image:alt", content: `${site.siteName} - Les meilleurs codes et offres de parrainage` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { tagName: "link", rel: "canonical", href: url },
  ];
}
