/** The testimonials and their notices as every backend stores them: what goes in, what the owner and visitors read. */
import type { TestimonialReason } from "@contract/testimonial-fields";
import type { Testimonial } from "~/catalogue/testimonials";

/**
 * A testimonial stored; "stored_unmailed" when its address already had its confirmation e-mail of the day, so that
 * it was stored without the address.
 */
export type SubmissionResult = "stored" | "stored_unmailed";

/** A testimonial written on a brand page, with what the database needs besides to store it. */
export interface OutgoingTestimonial {
  offerSlug: string;
  /** "Anonyme" when the author gave none. */
  name: string;
  text: string;
  /** "YYYY-MM". */
  experiencedIn: string;
  /**
   * Only when the site e-mails: it gets one confirmation e-mail, and the outcome of moderation once its owner has
   * confirmed it.
   */
  email: string | null;
  /** A keyed hash of the address (the per-address limit on confirmation e-mails), with `email`. */
  emailKey: string | null;
  /** SHA-256 (hex) of the address's confirmation link, with `email`. */
  confirmTokenHash: string | null;
  /** SHA-256 (hex) of the author's private erasure link. */
  eraseTokenHash: string;
  /** The confirmation e-mail, when they gave an address and the site e-mails. */
  mail: { subject: string; body: string } | null;
  /** The line of the owner's digest that names it, when the site e-mails the owner. */
  alert: string | null;
  clientKey: string;
  networkKey: string;
}

/** A visitor's notice about a published testimonial. */
/** A notice taken, about a testimonial no longer published, or refused: the testimonial has its share of notices. */
export type ReportOutcome = "stored" | "missing" | "full";

export interface OutgoingReport {
  testimonialId: number;
  reason: TestimonialReason;
  details: string | null;
  clientKey: string;
  networkKey: string;
}

/** A published testimonial, as anyone may read it (public.published_testimonials). */
export type PublishedTestimonial = Testimonial;

/** What an erasure took away: enough to clear the pages that showed it and to erase it again after a restore. */
export interface ErasedTestimonial {
  id: number;
  offerSlug: string;
  /** ISO timestamp of its arrival. */
  createdAt: string;
  wasPublic: boolean;
}

/** A testimonial as the owner moderates it. */
export interface OwnerTestimonial extends Omit<PublishedTestimonial, "publishedAt"> {
  status: "pending" | "published" | "refused";
  refusalReason: string | null;
  /** Whether the author left an e-mail (erased once the owner decides). */
  hasEmail: boolean;
  createdAt: string;
  publishedAt: string | null;
  reports: { reason: string; details: string | null; createdAt: string }[];
}

export type ModerationAction = "publish" | "refuse" | "feature" | "unfeature" | "dismiss-reports";

export interface TestimonialDecision {
  id: number;
  action: ModerationAction;
  /** With "refuse". */
  reason: string | null;
  /** The e-mail telling the author, queued when they left an address and the site e-mails. */
  mail: { subject: string; body: string } | null;
}
