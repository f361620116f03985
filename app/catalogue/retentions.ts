/**
 * How long the site keeps what visitors send, named once: the texts that promise it read it here, and
 * tests/integration/rules-in-one-home.test.ts holds it to the SQL functions that erase it (a change on one side fails there).
 */
export const RETENTIONS = {
  /** Contact and question messages (delete_expired_contact_messages). */
  messagesMonths: 12,
  /** Votes on codes (delete_expired_code_feedback). */
  votesMonths: 12,
  /** A refused testimonial, counted from the decision (delete_expired_testimonials). */
  refusedTestimonialDays: 30,
  /** A testimonial never moderated (delete_expired_testimonials). */
  pendingTestimonialDays: 90,
  /** The audience's totals by offer and day (delete_expired_offer_counts). */
  audienceTotalsMonths: 25,
  /** An alert requested and never confirmed, with its confirmation link (delete_expired_alerts). */
  unconfirmedAlertHours: 48,
  /** A confirmed address without a new confirmation, and the consent records after an unsubscription. */
  alertConsentYears: 3,
} as const;
