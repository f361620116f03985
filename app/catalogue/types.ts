export type CategoryId =
  | "all"
  | "finance"
  | "crypto"
  | "food"
  | "shopping"
  | "mobility"
  | "betting"
  | "other";

export type BrandCategoryId = Exclude<CategoryId, "all">;

/** Static, owner-edited data for one brand (SPEC section 3, "Per-brand static data"). */
export interface BrandEntry {
  /** Display name, e.g. "BoursoBank". */
  name: string;
  /** The category table the entry is listed in. */
  category: BrandCategoryId;
  /** What the service is (brand header on the brand page). */
  serviceDescription: string;
  /** The referral offer in one or two sentences (card description). */
  offerDescription: string;
  /** Referral code, a placeholder phrase ('Cliquez sur le lien', 'Me contacter') or "" when there is none. */
  code: string;
  /** Referral link: an https address on the brand's own site. */
  link: string;
  /** Short bullet points shown under 'Avantages'. */
  advantages: string[];
  /** Last day the offer is valid, ISO date "YYYY-MM-DD" (inclusive). */
  validUntil?: string;
  hideClipboard?: boolean;
}

/** A referral offer as displayed (SPEC section 3, "Referral offer (displayed)"). */
export interface ReferralOffer {
  id: string;
  slug: string;
  brand: string;
  category: BrandCategoryId | null;
  serviceDescription: string;
  description: string;
  code: string;
  link: string;
  logo?: string;
  featured: boolean;
  hideClipboard: boolean;
  advantages: string[];
  validUntil?: string;
}

/** A row of the `brands` table as read from the backend. */
export interface BrandRow {
  id: string | number;
  name: string;
  description: string | null;
  logo_url: string | null;
  [column: string]: unknown;
}
