import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { BRAND_CATEGORIES } from "~/catalogue/categories";
import { brandShareImage, categoryShareImage, guideShareImage, type ShareImageContent } from "~/catalogue/share-image";
import { getConfig } from "~/services/config/env.server";
import { loadWriting } from "~/services/pages/guides.server";
import { findBrandOffer, loadCatalogue } from "~/services/pages/offers.server";
import {
  defaultShareImage,
  shareImage,
  shareImageHash,
  shareImagePath,
} from "~/services/share-image/share-image.server";
import { networkKey } from "~/services/visitor.server";

/**
 * `/partage/offres/{slug}/{hash}.png`, `/partage/codes/{category}/{hash}.png` and `/partage/guides/{slug}/{hash}.png`:
 * the image a shared brand page, category listing or guide shows (og:image). The hash names what the image draws, so the answer never changes and is kept a
 * year; an address with an older hash (a new bonus since) leads to the current one; any query string is ignored.
 * Past the drawing budget (a client asking every image in a loop), an image not kept answers the site's own image,
 * which a link preview can still show, kept a minute only: never an error a crawler would cache.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const { kind = "", name = "", image = "" } = params;
  const catalogue = await loadCatalogue();
  const site = getConfig();
  let content: ShareImageContent | undefined;
  if (kind === "offres") {
    const offer = findBrandOffer(catalogue, name);
    content = offer ? brandShareImage(offer, catalogue.today, site) : undefined;
  } else if (kind === "codes") {
    const category = BRAND_CATEGORIES.find((candidate) => candidate.id === name);
    content = category ? categoryShareImage(category.id, catalogue.offers, catalogue.today, site) : undefined;
  } else if (kind === "guides") {
    const guide = (await loadWriting())?.guides.find((candidate) => candidate.slug === name);
    content = guide ? guideShareImage(guide, site) : undefined;
  }
  if (!content) throw new Response("Image introuvable", { status: 404, headers: NOT_SNIFFED });
  if (image !== `${shareImageHash(content)}.png`) {
    throw redirect(shareImagePath(kind as "offres" | "codes" | "guides", name, content), {
      status: 301,
      headers: { ...NOT_SNIFFED, "Cache-Control": "public, max-age=300" },
    });
  }
  const drawing = await shareImage(content, networkKey(request));
  if (!drawing) return pngAnswer(await defaultShareImage(), "public, max-age=60");
  const answer = pngAnswer(drawing.png, "public, max-age=31536000, immutable");
  // How long the drawing held the server, for whoever watches its load: a kept image says nothing.
  if (drawing.drawingMs !== null) answer.headers.set("Server-Timing", `draw;dur=${drawing.drawingMs.toFixed(1)}`);
  return answer;
}

/** A resource route's answers get none of the pages' security headers: this one is said here. */
const NOT_SNIFFED = { "X-Content-Type-Options": "nosniff" };

const pngAnswer = (png: Buffer, cacheControl: string) =>
  new Response(new Uint8Array(png), {
    headers: {
      ...NOT_SNIFFED,
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      "Cache-Control": cacheControl,
    },
  });
