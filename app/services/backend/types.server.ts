import type { VisitorAlertStore } from "./alert-types.server";
import type { AudienceEvent, AudienceSalt, OfferDayCount, OfferFollows } from "./audience-types.server";
import type { GuideDesk, WritingShelf } from "./guide-types.server";
import type { SiteTextDesk } from "./site-text-types.server";
import type {
  ErasedTestimonial,
  OutgoingReport,
  OutgoingTestimonial,
  OwnerTestimonial,
  PublishedTestimonial,
  ReportOutcome,
  SubmissionResult,
  TestimonialDecision,
} from "./testimonial-types.server";
import type { SendContactEmailPayload } from "@contract/contact-contract";
import type { FeedbackReason } from "@contract/feedback-contract";
import type { AlertCheck } from "~/catalogue/alerts";
import type { FeedChange } from "~/catalogue/feed";
import type { OfferChange, OfferHistoryEntry, OfferSnapshot } from "~/catalogue/history";
import type { BrandRow } from "~/catalogue/types";
import type { BrandColumns } from "~/forms/offer-columns";

/** The backends' contract: its parts on testimonials, audience and alerts live beside it, and are given here too. */
export type * from "./alert-types.server";
export type * from "./audience-types.server";
export type * from "./testimonial-types.server";

export type DeliveryResult = "stored" | "duplicate";

export interface OutgoingMessage {
  payload: SendContactEmailPayload;
  /** Opaque key of the sender (hash of the network address), for rate limiting. */
  clientKey: string;
  /** Opaque key of the sender's wider network (/24, /48): its messages are limited together. */
  networkKey: string;
}

/** A visitor's vote on an offer's code. */
export interface OutgoingVote {
  offerSlug: string;
  worked: boolean;
  /** Only with a "Non". */
  reason: FeedbackReason | null;
  /** The same opaque key as a message's sender: one vote per visitor and offer over the window, 30 an hour. */
  clientKey: string;
  /** The opaque key of the visitor's network (/24, /48): its votes on an offer weigh 3 at most in the rate. */
  networkKey: string;
}

/** "replaced": the visitor had voted on this offer, their new vote took its place. */
export type VoteResult = "stored" | "replaced";

/** The votes on one offer over the summary's window (FEEDBACK_RULES.windowDays). */
export interface FeedbackCounts {
  offerSlug: string;
  yes: number;
  no: number;
  /** The day (YYYY-MM-DD, UTC) of the latest vote: never its time. */
  lastVoteOn: string;
  /** The reason given most often with a "Non", if any. */
  topReason: FeedbackReason | null;
  /** The "Oui" and "Non" as the rate weighs them: each network's scaled down to FEEDBACK_RULES.votesPerNetwork. */
  weightedYes: number;
  weightedNo: number;
  /** How many networks (/24, /48) the votes came from. */
  networks: number;
}

/** A stored message as the back office lists it, with where its e-mail stands (the embedded outbox). */
export interface OwnerMessage {
  id: number;
  name: string;
  email: string;
  subject: string | null;
  brandName: string | null;
  message: string;
  /** ISO timestamps. */
  createdAt: string;
  handledAt: string | null;
  /** Null when the message is not e-mailed by this server (no SMTP_URL, or hosted Supabase's function). */
  delivery: {
    state: "pending" | "sent" | "failed";
    attempts: number;
    lastError: string | null;
    sentAt: string | null;
  } | null;
}

/** The columns of `brands` the back office writes (declared in forms/offer-fields.ts); a null one falls back to the bundle. */
export type { BrandColumns } from "~/forms/offer-columns";

/**
 * A row an offers import writes: the columns given of the brands row `id` while it is still at `version` (the one
 * the CSV was exported with), or, when `id` is null, a row inserted.
 */
export interface OfferImportWrite {
  id: string | null;
  version?: number;
  columns: Partial<BrandColumns>;
}

/**
 * What an import did: every row written, or none, because a row to change no longer exists ("gone") or changed since
 * the export ("changed"), or a name or address to insert is taken ("taken").
 */
export type OfferImportOutcome = { ok: true; written: number } | { ok: false; reason: "gone" | "changed" | "taken" };

/** Who tries to sign in: a browser with a valid device cookie (its keyed hash), or a stranger, and their network. */
export interface SignInVisitor {
  deviceKey: string | null;
  networkKey: string;
}

/** Which page of the messages the back office shows. */
export interface MessagePageRequest {
  /** Text the messages must hold (any case), in a name, an address, the message, the brand or the subject. */
  query: string;
  offset: number;
  limit: number;
}

export interface MessagePage {
  messages: OwnerMessage[];
  /** How many messages match, on every page. */
  total: number;
}

/**
 * What the owner's back office does, with the rights of the service role. Each operation rejects with a
 * BackendError when the backend fails.
 */
export interface OwnerStore {
  /** One page of the stored messages, newest first, those holding `query` only when one is given. */
  listMessages(page: MessagePageRequest): Promise<MessagePage>;
  /** False when the message no longer exists. */
  setHandled(id: number, handled: boolean): Promise<boolean>;
  /** Deletes a message and its e-mail's row (erasure on request); false when it no longer exists. */
  deleteMessage(id: number): Promise<boolean>;
  /** Changes the columns given of the row `id`; false when it no longer exists. */
  updateBrand(id: string, changes: Partial<BrandColumns>): Promise<boolean>;
  /** Writes the row of a brand by its name: inserted, or the columns given changed when the name has a row. */
  upsertBrand(row: Partial<BrandColumns> & Pick<BrandColumns, "name" | "slug">): Promise<void>;
  /** A new brand; "exists" when its name or slug is already taken. */
  createBrand(row: Partial<BrandColumns> & Pick<BrandColumns, "name" | "slug">): Promise<"created" | "exists">;
  /** Writes an offers import in one transaction (public.import_offers): all of its rows, or none. */
  importOffers(rows: readonly OfferImportWrite[]): Promise<OfferImportOutcome>;
  /** One page of the testimonials: pending first, then published (reported first), then refused. */
  listTestimonials(page: {
    offset: number;
    limit: number;
  }): Promise<{ testimonials: OwnerTestimonial[]; total: number }>;
  /** Applies the owner's decision; gives the testimonial's offer, or null when it does not exist or it does not apply. */
  moderateTestimonial(decision: TestimonialDecision): Promise<string | null>;
  /** Erases a testimonial and its notices; null when it no longer exists. */
  deleteTestimonial(id: number): Promise<ErasedTestimonial | null>;
  /** The audience's daily totals from `day` (YYYY-MM-DD) on, every offer. */
  offerCountsSince(day: string): Promise<OfferDayCount[]>;
  /** Remembers a session signed out (by a keyed hash of its id) until `expiresAt`, forgetting those past theirs. */
  recordSignOut(sessionHash: string, expiresAt: Date): Promise<void>;
  /** Whether the session of that hash was signed out. */
  isSignedOut(sessionHash: string): Promise<boolean>;
  /** The owner's session generation: sessions and device cookies of another are invalid (owner_state). */
  sessionGeneration(): Promise<string>;
  /** Seconds sign-in stays locked for this browser, 0 when open (owner_sign_in_lock). */
  signInLock(visitor: SignInVisitor): Promise<number>;
  /**
   * Counts a try before its password is compared, in one step with the decision (owner_sign_in_attempt): 0 when
   * the password may be compared (the try then counts as a failure until signedIn), else the seconds still locked.
   */
  signInAttempt(visitor: SignInVisitor): Promise<number>;
  /** A right password: this device's, or this stranger network's, failures are forgotten. */
  signedIn(visitor: SignInVisitor): Promise<void>;
}

/** Why the back office cannot work: hosted Supabase without the service role's key. */
export const MISSING_SERVICE_ROLE_KEY = "SUPABASE_SERVICE_ROLE_KEY";

/** The back office's operations, or the variable to set when the backend cannot give them. */
export type OwnerAccess = { ok: true; store: OwnerStore } | { ok: false; missing: typeof MISSING_SERVICE_ROLE_KEY };

/** A change another instance made to what the caches keep, as the database announced it. */
export type SiteChange =
  | { event: "brands-changed" }
  | { event: "vote-stored"; offerSlug: string }
  | { event: "testimonials-changed"; offerSlug: string }
  | { event: "writing-changed" };

export interface SiteChangeListener {
  changed(change: SiteChange): void;
  /** Changes may have been missed (the connection that announces them was lost): everything kept may be stale. */
  missed(): void;
}

/**
 * What the site asks of its data: a Postgres database the site reaches itself, embedded or a server
 * (sql-backend.server.ts), and hosted Supabase (supabase.server.ts) each implement it, and index.server.ts picks one from the configuration. A new operation is
 * added here, in both implementations, and in CachedBackend (cached-backend.server.ts), which the site goes through.
 */
export interface Backend {
  /** Gets ready to answer (opens, and on first start creates, the embedded database); not bound by any timeout. */
  warmUp(): Promise<void>;
  /** All brands ordered by name; rejects with a BackendError. `signal` abandons the read where the backend can. */
  listBrands(signal?: AbortSignal): Promise<BrandRow[]>;
  /**
   * What the brands say, in a few bytes: a hash of every row as listBrands reads them, worked out where they are
   * stored, so that a refresh that finds it unchanged keeps the rows it has instead of reading them all again. Absent
   * where the backend cannot (hosted Supabase): each refresh then reads the rows.
   */
  brandsFingerprint?(signal?: AbortSignal): Promise<string>;
  /**
   * Reads one brand row as visitors read them (the health check): resolves when the source answers, at the cost of
   * one row. Absent where a backend has nothing cheaper than listBrands.
   */
  probe?(signal?: AbortSignal): Promise<void>;
  /** Stores or forwards a visitor's message; rejects with RateLimitedError or DeliveryError. */
  sendMessage(message: OutgoingMessage): Promise<DeliveryResult>;
  /** Stores a vote; rejects with RateLimitedError (VOTES_RATE_LIMITED) or DeliveryError. */
  recordVote(vote: OutgoingVote): Promise<VoteResult>;
  /** The votes per offer over the window (offers without votes are absent); rejects with a BackendError. */
  listFeedback(signal?: AbortSignal): Promise<FeedbackCounts[]>;
  /**
   * Queues the alerts not sent yet (an offer's report alert until it has recovered, an expiry alert once per offer
   * and date) for the owner's e-mail, and notes the offers that recovered; a backend that e-mails nothing ignores it.
   * Gives how many e-mails it queued.
   */
  queueAlerts(check: AlertCheck): Promise<number>;
  /** Stores a pending testimonial; rejects with RateLimitedError (TESTIMONIALS_RATE_LIMITED) or DeliveryError. */
  submitTestimonial(testimonial: OutgoingTestimonial): Promise<SubmissionResult>;
  /**
   * The button of an author's confirmation link (its hash): the offer of the testimonial whose address now hears the
   * outcome, or null when none waits for that link. Rejects with DeliveryError.
   */
  confirmTestimonialEmail(confirmTokenHash: string): Promise<string | null>;
  /** Stores a notice; "missing" when the testimonial is not published; rejects like submitTestimonial. */
  reportTestimonial(report: OutgoingReport): Promise<ReportOutcome>;
  /** Erases the testimonial of an erasure link (its hash); null when none has it. Rejects with DeliveryError. */
  eraseTestimonial(eraseTokenHash: string): Promise<ErasedTestimonial | null>;
  /** Every published testimonial, newest first; rejects with a BackendError. */
  listPublishedTestimonials(signal?: AbortSignal): Promise<PublishedTestimonial[]>;
  /** Each offer's follows from `since` (YYYY-MM-DD) on; none when this backend cannot read them. */
  listFollowsSince(since: string, signal?: AbortSignal): Promise<OfferFollows[]>;
  /** Today's audience salt, shared by every instance; null when this backend cannot store counts. */
  audienceSalt(): Promise<AudienceSalt | null>;
  /**
   * Adds a batch of events to the stored daily totals, each key once a day across instances; false when this
   * backend cannot store them.
   */
  addAudienceEvents(events: AudienceEvent[]): Promise<boolean>;
  /** The back office's operations, or the name of the variable to set when this backend cannot give them. */
  owner(): OwnerAccess;
  /** The published guides and their old addresses, as visitors read them; rejects with a BackendError. */
  readWriting(signal?: AbortSignal): Promise<WritingShelf>;
  /** The back office's guides, or null when this backend cannot give them (as owner()). */
  guideDesk(): GuideDesk | null;
  /** The back office's site texts, or null when this backend cannot give them (as owner()). */
  siteTextDesk(): SiteTextDesk | null;
  /** The offers' dated history, or null when this backend keeps none. */
  history(): OfferHistoryStore | null;
  /** The visitors' e-mail alerts, or null when this backend sends none (no SMTP_URL; Supabase without its key). */
  visitorAlerts(): VisitorAlertStore | null;
  /**
   * Why this process could not write now, in French (the embedded database's disk is full), or null when it can;
   * /healthz asks. Undefined for a backend whose storage is another's to watch (hosted Supabase).
   */
  storageProblem(): string | null | undefined;
  /**
   * Follows the changes other instances on the same database make (brands, votes, testimonials, guides); the function
   * returned stops. Absent when this backend serves one instance only (the embedded database).
   */
  watchChanges?(listener: SiteChangeListener): () => void;
}

/** The last day an offer was added or improved (YYYY-MM-DD, in France). */
export interface OfferNews {
  offerSlug: string;
  day: string;
}

/** Where the offers' history is kept (20250208000000_offer_history.sql); each operation rejects with a BackendError. */
export interface OfferHistoryStore {
  /** The last snapshot recorded of each offer, by slug. */
  snapshots(): Promise<Map<string, OfferSnapshot>>;
  /** Records each change whose `before` is still the stored snapshot; how many were recorded. */
  record(changes: OfferChange[]): Promise<number>;
  /** An offer's last `limit` changes, newest first. */
  entries(slug: string, limit: number): Promise<OfferHistoryEntry[]>;
  /** The offers added or improved from `day` on, each with its last such day. */
  newsSince(day: string): Promise<OfferNews[]>;
  /** The last `limit` additions and improvements, newest first, of the offers `slugs` (null: every offer). */
  newsEntries(slugs: readonly string[] | null, limit: number): Promise<FeedChange[]>;
}

/** Brands per read of the table: hosted Supabase's API answers at most 1 000 rows a request by default. */
export const BRANDS_PER_READ = 1000;
