import type { SubmissionResult } from "@conform-to/react";

/**
 * The testimonial form of a brand page. Rules and texts: the shared contract (`@contract/testimonial-fields`); the
 * action: `routes/offres.$slug_.temoignage.tsx`; the form: `components/testimonials.tsx`. Without JavaScript a
 * testimonial stored answers with a 303 to its thank-you page, which shows the erasure link once; with JavaScript
 * the answer is data and the thanks replace the form. Invalid values: 400, too many: 429, the backend failed: 502,
 * each with the French message and the values typed kept.
 */

/** Sent by the form once JavaScript runs: the action then answers with data instead of a redirect. */
export const TESTIMONIAL_FETCHER_FIELD = "reponse";

export type TestimonialAnswer =
  | {
      status: "sent";
      /** The author's private erasure link: shown once (null for a form a script's honeypot caught). */
      eraseLink: string | null;
      /**
       * What became of the address typed: "confirmation", one e-mail asks to confirm it; "already-asked", it had its
       * confirmation e-mail of the day and was not kept; null, none was given.
       */
      addressNote: AddressNote | null;
    }
  | {
      status: "refused";
      /**
       * Conform's answer: the form's error above it (limits, expired form, backend failure), each field's, and the
       * values typed.
       */
      result: SubmissionResult;
    };

export type AddressNote = "confirmation" | "already-asked";

/** What a notice's action answers with JavaScript. */
export type ReportAnswer = { ok: true } | { ok: false; result: SubmissionResult };

/** The thanks, shown in place of the form. */
export const TESTIMONIAL_THANKS = "Merci ! Votre témoignage sera publié après modération.";
