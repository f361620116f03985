import { brandIndexPaths } from "~/catalogue/brand-index";
import { GUIDES_PATH, guidePath } from "~/catalogue/guides";
import { sitemapFiles } from "~/catalogue/sitemap";
import { brandIndexOf } from "./brand-index.server";
import { loadWriting } from "./guides.server";
import { tryLoadCatalogue } from "./offers.server";
import { alertStore } from "../alerts/visitor-alerts.server";
import { SITEMAP_PAGES } from "../http/route-policy.server";
import type { WritingShelf } from "../backend/guide-store.server";

/** The files of the sitemap (one below the protocol's limit), or null when the offers cannot be read. */
export async function loadSitemapFiles(): Promise<string[][] | null> {
  const catalogue = await tryLoadCatalogue();
  if (!catalogue) return null;
  return sitemapFiles([
    ...SITEMAP_PAGES,
    // What can be followed by e-mail, where the site sends alerts.
    ...((await alertStore()) ? ["/alertes"] : []),
    ...brandIndexPaths(brandIndexOf(catalogue).groups),
    // The guides, and their list once there is one.
    ...guidePaths(await loadWriting()),
    ...catalogue.offers.map((offer) => `/offres/${offer.slug}`),
  ]);
}

export const SITEMAP_UNAVAILABLE = () =>
  new Response("Plan du site momentanément indisponible.", { status: 503, headers: { "Retry-After": "30" } });

export const xmlResponse = (body: string) =>
  new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });

function guidePaths(shelf: WritingShelf | null): string[] {
  const guides = shelf?.guides ?? [];
  return guides.length === 0 ? [] : [GUIDES_PATH, ...guides.map((guide) => guidePath(guide.slug))];
}
