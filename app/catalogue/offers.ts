import { categoryById } from "./categories";
import { canCopyCode, isInstructionCode } from "./copy-rule";
import { isExpired } from "./dates";
import { splitOffer, type OfferLines } from "./headline";
import { BRAND_ENTRIES } from "./data";
import { logoForBrand } from "./logos";
import { brandKey, displayBrandName, foldText } from "./names";
import { DEFAULT_OFFER, OFFER_OVERRIDES, type FallbackOffer } from "./overrides";
import { slugForBrand } from "./slugs";
import type { BrandEntry, BrandRow, CategoryId, ReferralOffer } from "./types";

/** Brands shown on the home page when the backend marks none of its own (SPEC section 9). */
const FEATURED_BRAND_KEYS = new Set(["Revolut", "Widilo", "Boursorama Banque", "BoursoBank"].map(brandKey));

/** The three offers of the home page when the featured brands are not exactly three: a bank, a neobank, a cashback site. */
const DEFAULT_FEATURED_SLUGS = ["boursobank", "n26", "igraal"];

const ENTRIES_BY_KEY = new Map(BRAND_ENTRIES.map((entry) => [brandKey(entry.name), entry]));

export function findBrandEntry(name: string): BrandEntry | undefined {
  return ENTRIES_BY_KEY.get(brandKey(displayBrandName(name)));
}

/** The offer for a brand that has no bundled entry: one of the per-brand overrides, or the generic default. */
export function fallbackOffer(name: string): FallbackOffer {
  switch (brandKey(displayBrandName(name))) {
    case "revolut":
      return OFFER_OVERRIDES.revolut;
    case "widilo":
      return OFFER_OVERRIDES.widilo;
    case "boursobank":
      return OFFER_OVERRIDES.boursoramaBanque;
    default:
      return DEFAULT_OFFER;
  }
}

export function offerFromEntry(entry: BrandEntry): ReferralOffer {
  const slug = slugForBrand(entry.name);
  return {
    id: slug,
    slug,
    brand: entry.name,
    category: entry.category,
    serviceDescription: entry.serviceDescription,
    description: entry.offerDescription,
    code: entry.code,
    link: entry.link,
    logo: logoForBrand(entry.name),
    featured: FEATURED_BRAND_KEYS.has(brandKey(entry.name)),
    hideClipboard: entry.hideClipboard ?? false,
    advantages: entry.advantages,
    validUntil: entry.validUntil,
  };
}

/** Bundled offers, one per brand of the catalogue. */
export const DEFAULT_OFFERS: readonly ReferralOffer[] = BRAND_ENTRIES.map(offerFromEntry);

function present(text: string | null | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/** A brand read from the backend as an offer: its own columns first, then the bundled entry, then the fallback. */
export function offerFromBrandRow(row: BrandRow): ReferralOffer {
  const brand = displayBrandName(row.name);
  const entry = findBrandEntry(brand);
  const fallback: FallbackOffer = entry
    ? {
        description: entry.offerDescription,
        code: entry.code,
        link: entry.link,
        featured: FEATURED_BRAND_KEYS.has(brandKey(brand)),
        validUntil: entry.validUntil,
      }
    : { ...fallbackOffer(brand), featured: FEATURED_BRAND_KEYS.has(brandKey(brand)) };
  const column = <T>(name: string): T | undefined => (row[name] ?? undefined) as T | undefined;
  const category = column<string>("category");
  return {
    id: String(row.id),
    slug: present(column<string>("slug")) ?? slugForBrand(brand),
    brand,
    category: (category && category !== "all" ? category : entry?.category ?? null) as ReferralOffer["category"],
    serviceDescription: present(row.description) ?? entry?.serviceDescription ?? "",
    description: present(column<string>("offer_description")) ?? fallback.description,
    code: column<string>("code") ?? fallback.code,
    link: present(column<string>("link")) ?? fallback.link,
    logo: present(row.logo_url) ?? logoForBrand(brand),
    featured: column<boolean>("featured") ?? fallback.featured,
    hideClipboard: column<boolean>("hide_clipboard") ?? entry?.hideClipboard ?? false,
    advantages: column<string[]>("advantages") ?? entry?.advantages ?? [],
    validUntil: present(column<string>("valid_until")) ?? fallback.validUntil,
  };
}

/** Keeps the first offer of each brand; later ones are dropped with a warning. */
export function dedupeOffers(offers: readonly ReferralOffer[]): ReferralOffer[] {
  const seen = new Set<string>();
  return offers.filter((offer) => {
    const key = brandKey(offer.brand);
    if (seen.has(key)) {
      console.warn(`Offre en double ignorée pour la marque « ${offer.brand} » (id ${offer.id}).`);
      return false;
    }
    seen.add(key);
    return true;
  });
}

const frenchCollator = new Intl.Collator("fr", { sensitivity: "base", ignorePunctuation: false });

/** Current offers first, then expired ones; each group by brand name in French order, ignoring case and accents. */
export function sortOffers(offers: readonly ReferralOffer[], today: string): ReferralOffer[] {
  return [...offers].sort(
    (a, b) => Number(isExpired(a, today)) - Number(isExpired(b, today)) || frenchCollator.compare(a.brand, b.brand),
  );
}

/**
 * The offers to show: each backend brand replaces the bundled offer of the same brand, bundled offers with no
 * backend match are kept, duplicates are dropped. With no backend data, the bundled offers alone.
 */
export function mergeOffers(
  apiOffers: readonly ReferralOffer[] | null | undefined,
  today: string,
  defaults: readonly ReferralOffer[] = DEFAULT_OFFERS,
): ReferralOffer[] {
  const fromApi = dedupeOffers(apiOffers ?? []);
  const apiByKey = new Map(fromApi.map((offer) => [brandKey(offer.brand), offer]));
  const defaultKeys = new Set(defaults.map((offer) => brandKey(offer.brand)));
  const merged = [
    ...defaults.map((offer) => apiByKey.get(brandKey(offer.brand)) ?? offer),
    ...fromApi.filter((offer) => !defaultKeys.has(brandKey(offer.brand))),
  ];
  return sortOffers(dedupeOffers(merged), today);
}

/**
 * The home page's three offers: the backend's featured, current brands when there are exactly three,
 * otherwise the built-in defaults.
 */
export function selectFeatured(apiOffers: readonly ReferralOffer[] | null | undefined, today: string): ReferralOffer[] {
  const featured = (apiOffers ?? []).filter((offer) => offer.featured && !isExpired(offer, today));
  if (featured.length === 3) return featured;
  return DEFAULT_FEATURED_SLUGS.map((slug) => DEFAULT_OFFERS.find((offer) => offer.slug === slug) as ReferralOffer);
}

/** Case- and accent-insensitive substring match on the brand name; an empty search matches everything. */
export function matchesSearch(offer: Pick<ReferralOffer, "brand">, query: string): boolean {
  const needle = foldText(query.trim());
  return !needle || foldText(offer.brand).includes(needle);
}

export function isInCategory(offer: Pick<ReferralOffer, "brand" | "category">, categoryId: CategoryId): boolean {
  if (categoryId === "all") return true;
  return offer.category === categoryId || categoryById(categoryId).brands.has(brandKey(offer.brand));
}

export function filterOffers(
  offers: readonly ReferralOffer[],
  { query = "", category = "all" }: { query?: string; category?: CategoryId },
): ReferralOffer[] {
  return offers.filter((offer) => matchesSearch(offer, query) && isInCategory(offer, category));
}

export function findOfferBySlug(offers: readonly ReferralOffer[], slug: string): ReferralOffer | undefined {
  return offers.find((offer) => offer.slug === slug);
}

/** What a card needs to show an offer, decided on the server. */
export interface OfferCardView {
  id: string;
  slug: string;
  brand: string;
  /** The offer text in full (meta description, structured data). */
  description: string;
  /** The same text cut in two: what the visitor gets (the most prominent line), then how. */
  lines: OfferLines;
  code: string;
  /** The code is an instruction ('Cliquez sur le lien', 'Me contacter') or empty: shown as a sentence, not as a code. */
  codeIsInstruction: boolean;
  link: string;
  logo?: string;
  expired: boolean;
  canCopy: boolean;
  /** Offers that carry a legal notice: betting (18+ and the mandatory message) or crypto (risk of loss). */
  regulated: "betting" | "crypto" | null;
}

export function regulationOf(offer: Pick<ReferralOffer, "brand" | "category">): OfferCardView["regulated"] {
  if (isInCategory(offer, "betting")) return "betting";
  if (isInCategory(offer, "crypto")) return "crypto";
  return null;
}

export function toCardView(offer: ReferralOffer, today: string): OfferCardView {
  return {
    id: offer.id,
    slug: offer.slug,
    brand: offer.brand,
    lines: splitOffer(offer.description),
    description: offer.description,
    code: offer.code,
    codeIsInstruction: isInstructionCode(offer.code),
    link: offer.link,
    logo: offer.logo,
    expired: isExpired(offer, today),
    canCopy: canCopyCode(offer),
    regulated: regulationOf(offer),
  };
}
