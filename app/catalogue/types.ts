import type { RiskNote, RiskNoteChoice } from "./risk-note-choices";
import type { OfferBonus, OfferKind } from "./terms";

export type CategoryId = "all" | "finance" | "crypto" | "food" | "shopping" | "mobility" | "betting" | "other";

export type BrandCategoryId = Exclude<CategoryId, "all">;

/** Everything the site knows about one brand, edited by the owner in data.ts. */
export interface BrandEntry {
  /** Display name, e.g. "BoursoBank". */
  name: string;
  /** Other names the backend may give the brand ("Boursorama Banque"), displayed as `name`. */
  aliases?: string[];
  /** Page address, only where the general rule (lower-case name, spaces turned into hyphens) does not give it. */
  slug?: string;
  /** Old addresses of the brand page, answered with a permanent redirect to its slug. */
  slugAliases?: string[];
  /** The category the brand belongs to. */
  category: BrandCategoryId;
  /** Other categories whose tabs list the brand too. */
  alsoIn?: BrandCategoryId[];
  /** What the service is (brand header on the brand page). */
  serviceDescription: string;
  /** The referral offer in one or two sentences (card description). */
  offerDescription: string;
  /** Referral code, an instruction ('Cliquez sur le lien', 'Me contacter') or "" when there is none. */
  code: string;
  /** Referral link: an https address on the brand's own site. */
  link: string;
  /** Short bullet points shown under 'Avantages'. */
  advantages: string[];
  /** The new customer's bonus, only where the offer's own text states an amount. */
  bonus?: OfferBonus;
  /** What kind of bonus it is, only where the offer's text says so; "non-precise" by default. */
  kind?: OfferKind;
  /** The main conditions the offer's text states, 120 characters at most each, 5 at most. */
  conditions?: string[];
  /** What the referrer gets, where it is stated. */
  referrerReward?: string;
  /** First day the offer shows, ISO date "YYYY-MM-DD"; before it the offer shows nowhere. */
  startsOn?: string;
  /** Last day the offer is valid, ISO date "YYYY-MM-DD" (inclusive). */
  validUntil?: string;
  /** false when the code must not be copied because the offer goes through the link; copyable by default. */
  copyable?: boolean;
  /** One of the home page's featured offers when the backend does not say otherwise. */
  featured?: boolean;
  /**
   * The day the owner last checked that the code and the offer work, ISO "YYYY-MM-DD"; shown as "Vérifié le …".
   * Set it only after checking: without it the offer says "Code non vérifié".
   */
  verifiedOn?: string;
  /** false when there is no public/logos/{slug}.svg; the card then shows the brand's first letter. */
  logo?: boolean;
  /** The warning the offer carries by what it promotes (risk-notes.ts); by default its category's, if any. */
  risk?: RiskNoteChoice;
}

/** The offer the site shows for a brand that the backend lists and data.ts does not. */
export interface GenericOffer {
  description: string;
  code: string;
  link: string;
}

/** A referral offer as displayed: a brand entry, or a backend row completed by its entry. */
export interface ReferralOffer {
  id: string;
  slug: string;
  brand: string;
  /** Other names of the brand, such as former ones ("Boursorama"), which a search finds too. */
  aliases: string[];
  category: BrandCategoryId | null;
  /** Other categories whose tabs list the offer too. */
  alsoIn: BrandCategoryId[];
  serviceDescription: string;
  description: string;
  code: string;
  link: string;
  logo?: string;
  featured: boolean;
  /** Whether the code may be copied, before the rule on instruction codes (see offer-rules.ts). */
  copyable: boolean;
  advantages: string[];
  bonus?: OfferBonus;
  kind: OfferKind;
  conditions: string[];
  referrerReward?: string;
  /** First day the offer shows (ISO date); an offer whose start is to come shows nowhere but in the back office. */
  startsOn?: string;
  validUntil?: string;
  /** The day the owner last checked the offer, ISO "YYYY-MM-DD". */
  verifiedOn?: string;
  /** When the owner last checked the offer or changed its code or link (ISO timestamp): votes count from then. */
  votesSince?: string;
  /** How many times the owner's row of the offer was written (1 once created); none for an offer of the bundle alone. */
  version?: number;
  /** The code shown is the bundle's example: neither set nor confirmed by the owner (examples.ts). */
  exampleCode?: true;
  /** The link is the bundle's example. */
  exampleLink?: true;
  /** On a public site, its examples withheld, it is left with nothing to use: its page says it is being completed. */
  awaiting?: true;
  /** The warning the offer carries by what it promotes (risk-notes.ts); none when absent. */
  risk?: RiskNote;
  /** What the owner states of the offer in the fields declared for visitors (forms/offer-fields.ts, `visitors`). */
  details?: readonly OfferDetail[];
}

/** One field of an offer shown to visitors as it is declared: its label, and its value as text. */
export interface OfferDetail {
  label: string;
  text: string;
}

/** A row of the `brands` table as read from the backend. */
export interface BrandRow {
  id: string | number;
  name: string;
  description: string | null;
  logo_url: string | null;
  [column: string]: unknown;
}
