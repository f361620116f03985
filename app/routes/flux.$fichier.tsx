import { createHash } from "node:crypto";
import { BRAND_CATEGORIES } from "~/catalogue/categories";
import { atomFeed, FEED_ENTRIES, guidesAtomFeed } from "~/catalogue/feed";
import { isInCategory } from "~/catalogue/listing-rules";
import { findOfferBySlug } from "~/catalogue/offers";
import { getBackend } from "~/services/backend/index.server";
import { getConfig } from "~/services/config/env.server";
import { SHARED_DATA_CACHE } from "~/services/http/headers.server";
import { feedLastModified } from "~/services/pages/feed-dates.server";
import { loadWriting, renderedGuide } from "~/services/pages/guides.server";
import { loadCatalogue } from "~/services/pages/offers.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { CategoryId } from "~/catalogue/types";

/**
 * `/flux/offres.atom` and `/flux/{catégorie}.atom` (finance, crypto…): the offers added or improved, as Atom. A feed
 * reader asks again often: the answer carries its ETag and Last-Modified, and a request that names them gets a 304.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (params.fichier === "guides.atom") return guidesFeed(request);
  const category = feedCategory(params.fichier ?? "");
  if (!category) throw new Response("Flux introuvable", { status: 404 });
  const catalogue = await loadCatalogue();
  const offers =
    category === "all" ? catalogue.offers : catalogue.offers.filter((offer) => isInCategory(offer, category));
  const history = (await getBackend()).history();
  // A few more than shown: an entry whose offer no longer shows (removed, not started) is left out.
  const changes = history
    ? await history.newsEntries(category === "all" ? null : offers.map((offer) => offer.slug), 2 * FEED_ENTRIES)
    : [];
  const entries = changes
    .flatMap((change) => {
      const offer = findOfferBySlug(offers, change.slug);
      return offer ? [{ change, offer }] : [];
    })
    .slice(0, FEED_ENTRIES);
  const { siteName, siteUrl } = getConfig();
  const { xml } = atomFeed(entries, {
    siteUrl,
    siteName,
    category,
    selfPath: `/flux/${params.fichier}`,
    pagePath: category === "all" ? "/offres" : `/codes?cat=${category}`,
  });
  const etag = `"${createHash("sha256").update(xml).digest("base64url").slice(0, 27)}"`;
  return feedAnswer(request, xml, etag, feedLastModified(params.fichier ?? "", etag, changes[0]?.recordedAt));
}

/** The published guides' feed: an entry for each, updated with it. */
async function guidesFeed(request: Request): Promise<Response> {
  const shelf = await loadWriting();
  if (!shelf) throw new Response("Flux momentanément indisponible.", { status: 503 });
  const { siteUrl, siteName } = getConfig();
  const guides = shelf.guides.map((guide) => ({ ...guide, html: renderedGuide(guide).html }));
  const { xml, updated } = guidesAtomFeed(guides, { siteUrl, siteName });
  const etag = `"${createHash("sha256").update(xml).digest("base64url").slice(0, 27)}"`;
  return feedAnswer(request, xml, etag, updated);
}

/** The feed, or a 304 to a reader whose copy is current. */
function feedAnswer(request: Request, xml: string, etag: string, updated: string): Response {
  const lastModified = new Date(updated).toUTCString();
  const headers = {
    "Content-Type": "application/atom+xml; charset=utf-8",
    "Cache-Control": SHARED_DATA_CACHE,
    ETag: etag,
    "Last-Modified": lastModified,
  };
  return new Response(isCurrent(request, etag, updated) ? null : xml, {
    status: isCurrent(request, etag, updated) ? 304 : 200,
    headers,
  });
}

/** The category of a feed's file name (`crypto.atom`), "all" for `offres.atom`, undefined for any other. */
function feedCategory(file: string): CategoryId | "all" | undefined {
  const name = /^([a-z]+)\.atom$/.exec(file)?.[1];
  if (name === "offres") return "all";
  return BRAND_CATEGORIES.find((category) => category.id === name)?.id;
}

/** Whether the reader's copy is current (RFC 9110 13.1): its ETag, else, without one, its date. */
function isCurrent(request: Request, etag: string, updated: string): boolean {
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch !== null) {
    return ifNoneMatch.split(",").some((tag) => ["*", etag, `W/${etag}`].includes(tag.trim()));
  }
  const since = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  return Number.isFinite(since) && Math.floor(Date.parse(updated) / 1000) * 1000 <= since;
}
