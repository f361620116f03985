import { categoryById } from "~/catalogue/categories";
import { brandShareImage, categoryShareImage } from "~/catalogue/share-image";
import { getConfig } from "~/services/config/env.server";
import { shareImagePath } from "~/services/share-image/share-image.server";
import type { Catalogue } from "./offers.server";
import type { BrandCategoryId, ReferralOffer } from "~/catalogue/types";

/** What a page's meta names as its share image: its address, from the site's root, and its text alternative. */
export interface PageShareImage {
  path: string;
  alt: string;
}

/** The images named, by offer (a new offer object for each change) and day, so that a page's render hashes nothing. */
const brandImages = new WeakMap<ReferralOffer, { today: string; image: PageShareImage }>();

/** A brand page's share image: its address changes with what it draws (a new bonus, a new name). */
export function brandPageImage(offer: ReferralOffer, catalogue: Pick<Catalogue, "today">): PageShareImage {
  const kept = brandImages.get(offer);
  if (kept?.today === catalogue.today) return kept.image;
  const image = namedBrandImage(offer, catalogue.today);
  brandImages.set(offer, { today: catalogue.today, image });
  return image;
}

function namedBrandImage(offer: ReferralOffer, today: string): PageShareImage {
  const content = brandShareImage(offer, today, getConfig());
  return {
    path: shareImagePath("offres", offer.slug, content),
    alt: [`Code parrainage ${offer.brand}`, content.bonus, content.bonusKind].filter(Boolean).join(" : "),
  };
}

/** A category listing's share image. */
export function categoryPageImage(
  categoryId: BrandCategoryId,
  catalogue: Pick<Catalogue, "today" | "offers">,
): PageShareImage {
  let images = categoryImages.get(catalogue.offers);
  if (!images) categoryImages.set(catalogue.offers, (images = new Map()));
  const key = `${categoryId} ${catalogue.today}`;
  let image = images.get(key);
  if (!image) images.set(key, (image = namedCategoryImage(categoryId, catalogue)));
  return image;
}

/** The category images named, by list of offers, category and day. */
const categoryImages = new WeakMap<readonly ReferralOffer[], Map<string, PageShareImage>>();

function namedCategoryImage(
  categoryId: BrandCategoryId,
  catalogue: Pick<Catalogue, "today" | "offers">,
): PageShareImage {
  const content = categoryShareImage(categoryId, catalogue.offers, catalogue.today, getConfig());
  return {
    path: shareImagePath("codes", categoryId, content),
    alt: `Codes parrainage ${categoryById(categoryId).label} : ${content.note ?? ""}`.trim(),
  };
}
