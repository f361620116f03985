import { brandCategoryOf, categoryById } from "./categories";
import { isExpired } from "./dates";
import { offerHeadline } from "./headline";
import { isInCategory, riskNoteOf } from "./listing-rules";
import { SHORT_WARNINGS } from "./risk-warnings";
import { kindLabel } from "./terms";
import type { BrandCategoryId, ReferralOffer } from "./types";

/**
 * What the image a shared page shows (WhatsApp, SMS, social networks) says: the brand or the category, the bonus when
 * the owner gave one, and the site's name. Only facts the page itself shows: no amount is drawn that it does not state.
 * Its server side draws it (services/share-image) and names it by a hash of this, so that a new bonus is a new address.
 */
export interface ShareImageContent {
  /** The small line over the title. */
  eyebrow: string;
  /** The brand's or the category's name. */
  title: string;
  /**
   * What the offer gives, as its card leads with it, while it runs: the amount the owner gave ("Jusqu'à 200 €"), or
   * else the start of the offer's own text ("Offre de bienvenue disponible").
   */
  bonus?: string;
  /** Under the amount: its kind, when known ("Argent versé sur le compte"). */
  bonusKind?: string;
  /** A line instead of the amount: "Offre expirée", "13 offres en cours". */
  note?: string;
  /**
   * The warning the offer carries by what it promotes, as its card does: "18+" and the short gambling message, or
   * the risk of losing capital (crypto-assets, investments).
   */
  warning?: { adultsOnly?: true; text: string };
  /** The tile beside the title: the brand's bundled logo, or its initials. */
  tile: { logo: string } | { initials: string };
  siteName: string;
  /** The site's host, as the image prints it ("codeparrain.fr"). */
  siteHost: string;
}

export interface SiteIdentity {
  siteName: string;
  siteUrl: string;
}

/**
 * Up to two capitals of a name, from its letters and figures only: "BoursoBank" gives "BB", "Uber Eats" "UE",
 * "binance" "B", "🚀 Rocket" "R" (never half of an emoji).
 */
export function initialsOf(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const capitals = [...(words[0] ?? "")].filter((character, index) => index === 0 || /\p{Lu}/u.test(character));
  const initials = words.length > 1 ? words.slice(0, 2).map((word) => [...word][0]) : capitals.slice(0, 2);
  return initials.join("").toUpperCase() || "?";
}

const hostOf = (siteUrl: string) => (URL.canParse(siteUrl) ? new URL(siteUrl).host : siteUrl);

/** Only the bundled logos (files of the site) are drawn: an address elsewhere would make drawing depend on a network. */
const BUNDLED_LOGO = /^\/logos\/[a-z0-9-]+\.svg$/;

function warningOf(offer: ReferralOffer): Pick<ShareImageContent, "warning"> {
  const note = riskNoteOf(offer);
  if (!note) return {};
  return {
    warning: note === "betting" ? { adultsOnly: true, text: SHORT_WARNINGS.betting } : { text: SHORT_WARNINGS[note] },
  };
}

export function brandShareImage(offer: ReferralOffer, today: string, site: SiteIdentity): ShareImageContent {
  const expired = isExpired(offer, today);
  const kind = kindLabel(offer.kind);
  return {
    eyebrow: "Code parrainage",
    title: offer.brand,
    ...(expired ? {} : { bonus: offerHeadline(offer) }),
    ...(kind && !expired ? { bonusKind: kind } : {}),
    ...(expired ? { note: "Offre expirée" } : {}),
    ...warningOf(offer),
    tile: offer.logo && BUNDLED_LOGO.test(offer.logo) ? { logo: offer.logo } : { initials: initialsOf(offer.brand) },
    siteName: site.siteName,
    siteHost: hostOf(site.siteUrl),
  };
}

export function categoryShareImage(
  categoryId: BrandCategoryId,
  offers: readonly ReferralOffer[],
  today: string,
  site: SiteIdentity,
): ShareImageContent {
  const { label } = categoryById(categoryId);
  const running = offers.filter((offer) => isInCategory(offer, categoryId) && !isExpired(offer, today)).length;
  return {
    eyebrow: "Codes parrainage",
    title: label,
    note: `${running} offre${running > 1 ? "s" : ""} en cours`,
    tile: { initials: initialsOf(label) },
    siteName: site.siteName,
    siteHost: hostOf(site.siteUrl),
  };
}

/** A guide's image: "Guide", its category, its title. */
export function guideShareImage(
  guide: { title: string; category: string | null },
  site: SiteIdentity,
): ShareImageContent {
  const category = brandCategoryOf(guide.category);
  return {
    eyebrow: category ? `Guide · ${category.label}` : "Guide",
    title: guide.title,
    tile: { initials: "G" },
    siteName: site.siteName,
    siteHost: hostOf(site.siteUrl),
  };
}
