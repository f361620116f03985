import { LRUCache } from "lru-cache";
import { FOLLOWS_PERIOD_DAYS, periodDays } from "~/catalogue/audience";
import { todayInFrance } from "~/catalogue/dates";
import { NEWS_DAYS } from "~/catalogue/ranking";
import { siteEvents, type SiteEventBus } from "../events.server";
import { toBackendError } from "./errors.server";
import { savesTold, type GuideDesk, type WritingShelf } from "./guide-store.server";
import { ReadAfterWriteCache } from "./read-after-write-cache.server";
import { within } from "./time-limit.server";
import type { SiteTextDesk } from "./site-text-types.server";
import type * as types from "./types.server";
import type { AlertCheck } from "~/catalogue/alerts";
import type { OfferHistoryEntry } from "~/catalogue/history";
import type { BrandRow } from "~/catalogue/types";

export interface BrandsCacheOptions {
  /** How long a read stays fresh; 0 turns the cache off. */
  ttlMs: number;
  /** Longest wait for the backend's brands before the read counts as failed. */
  timeoutMs: number;
  /** How long a successful health check (ping) is answered again without asking the backend; 5 s unless told. */
  pingKeptMs?: number;
}

const PING_KEPT_MS = 5_000;

/**
 * The backend the site goes through: its brands read kept in memory, fresh for `ttlMs`, then served stale while one
 * background refresh runs; kept when a refresh fails, so the site stays up while its backend does not. Concurrent
 * misses share one call. Each read of the backend is bounded by `timeoutMs`. Messages go straight through. The
 * votes' summary is kept the same way, and read again as soon as a vote is stored. A write (a vote, a brand changed)
 * never cancels a read under way: pages never get "no brands" or "no votes" because of one (ReadAfterWriteCache).
 */
export class CachedBackend implements types.Backend {
  private readonly cache: ReadAfterWriteCache<BrandRow[]> | undefined;
  private readonly feedbackCache: ReadAfterWriteCache<types.FeedbackCounts[]> | undefined;
  private readonly testimonialsCache: ReadAfterWriteCache<types.PublishedTestimonial[]> | undefined;
  private readonly followsCache: ReadAfterWriteCache<types.OfferFollows[]> | undefined;
  private readonly newsCache: ReadAfterWriteCache<types.OfferNews[]> | undefined;
  private readonly writingCache: ReadAfterWriteCache<WritingShelf> | undefined;
  /** Each brand page's history, by offer and length: read once, then again only after a change or its TTL. */
  private readonly historyCaches = new LRUCache<string, ReadAfterWriteCache<OfferHistoryEntry[]>>({ max: 1_000 });
  /** The brands last read whole, with the fingerprint read just before them (backends that give one). */
  private lastRead: { fingerprint: string; rows: BrandRow[] } | undefined;

  constructor(
    private readonly backend: types.Backend,
    private readonly options: BrandsCacheOptions,
    /** Where "vote-stored" and "brands-changed" are emitted. */
    private readonly events: SiteEventBus = siteEvents,
  ) {
    if (options.ttlMs > 0) {
      this.cache = new ReadAfterWriteCache(options.ttlMs, () => this.readBackend(), "des marques");
      this.feedbackCache = new ReadAfterWriteCache(options.ttlMs, () => this.readFeedback(), "des votes");
      this.testimonialsCache = new ReadAfterWriteCache(options.ttlMs, () => this.readTestimonials(), "des témoignages");
      this.followsCache = new ReadAfterWriteCache(
        options.ttlMs,
        () => this.readFollows(),
        "les liens suivis par offre",
      );
      this.newsCache = new ReadAfterWriteCache(options.ttlMs, () => this.readNews(), "des dates des nouveautés");
      this.writingCache = new ReadAfterWriteCache(options.ttlMs, () => this.readWritingKept(), "des guides");
    }
    this.stopWatching = backend.watchChanges?.({
      changed: (change) => this.changedElsewhere(change),
      missed: () => this.forgetEverything(),
    });
  }

  /** Stops following other instances' changes (a test's backend, before its database goes). */
  readonly stopWatching: (() => void) | undefined;

  /** What another instance changed: dropped here as if it had been written through this one. */
  private changedElsewhere(change: types.SiteChange): void {
    switch (change.event) {
      case "brands-changed":
        this.brandsChanged();
        return;
      case "vote-stored":
        this.voteStored(change.offerSlug);
        return;
      case "testimonials-changed":
        this.testimonialsChanged(change.offerSlug);
        return;
      case "writing-changed":
        this.writingChanged();
    }
  }

  /** Some changes may have been missed: every cache is read again and every page kept is dropped. */
  private forgetEverything(): void {
    this.testimonialsCache?.invalidate();
    this.followsCache?.invalidate();
    this.writingCache?.invalidate();
    this.brandsChanged();
  }

  private brandsChanged(): void {
    this.cache?.invalidate();
    // A change recorded in an offer's history is announced as a brand changed.
    this.newsCache?.invalidate();
    for (const entries of this.historyCaches.values()) entries.invalidate();
    // A check, or a new code or link, restarts the offer's votes (brands.votes_since).
    this.feedbackCache?.invalidate();
    this.events.emit("brands-changed", {});
  }

  private voteStored(offerSlug: string): void {
    // The next page shown counts this vote: the visitor who sent it sees it at once.
    this.feedbackCache?.invalidate();
    this.events.emit("vote-stored", { offerSlug });
  }

  /** Fills the cache (and, on first start, creates the embedded database). */
  async warmUp(): Promise<void> {
    await this.listBrands();
  }

  storageProblem(): string | null | undefined {
    return this.backend.storageProblem();
  }

  /** The health check under way, shared by every caller meanwhile, and when the last one succeeded. */
  private pinging: Promise<void> | undefined;
  private pingedAt = Number.NEGATIVE_INFINITY;

  /**
   * Resolves when the backend answers a read of the brands now (one row, where the backend can), not from the
   * cache; /healthz asks this. Concurrent checks share one read, and a success is answered again for `pingKeptMs`
   * (5 s): a client polling /healthz costs the backend one small read every few seconds. A failure is not kept.
   */
  ping(): Promise<void> {
    if (Date.now() - this.pingedAt < (this.options.pingKeptMs ?? PING_KEPT_MS)) return Promise.resolve();
    this.pinging ??= (async () => {
      try {
        await this.backend.warmUp();
        await within(this.options.timeoutMs, async (signal) => {
          if (this.backend.probe) await this.backend.probe(signal);
          else await this.backend.listBrands(signal);
        });
        this.pingedAt = Date.now();
      } finally {
        this.pinging = undefined;
      }
    })();
    return this.pinging;
  }

  /**
   * One read of the backend, bounded by the timeout. Getting the backend ready is not: on its first start the
   * embedded database takes a few seconds to create, and visitors then wait rather than get an error.
   */
  private async readBackend(): Promise<BrandRow[]> {
    await this.backend.warmUp();
    return within(this.options.timeoutMs, async (signal) => {
      const fingerprint = await this.backend.brandsFingerprint?.(signal);
      if (fingerprint !== undefined && this.lastRead?.fingerprint === fingerprint) return this.lastRead.rows;
      const rows = await this.backend.listBrands(signal);
      // Taken before the rows: a change made between the two reads gives another fingerprint next time, which reads
      // them again.
      this.lastRead = fingerprint === undefined ? undefined : { fingerprint, rows };
      return rows;
    });
  }

  async listBrands(): Promise<BrandRow[]> {
    try {
      return await (this.cache ? this.cache.get() : this.readBackend());
    } catch (error) {
      throw toBackendError(error);
    }
  }

  sendMessage(message: types.OutgoingMessage): Promise<types.DeliveryResult> {
    return this.backend.sendMessage(message);
  }

  async recordVote(vote: types.OutgoingVote): Promise<types.VoteResult> {
    const result = await this.backend.recordVote(vote);
    this.voteStored(vote.offerSlug);
    return result;
  }

  listFeedback(): Promise<types.FeedbackCounts[]> {
    return within(this.options.timeoutMs, (signal) => this.backend.listFeedback(signal));
  }

  private async readFeedback(): Promise<types.FeedbackCounts[]> {
    await this.backend.warmUp();
    return this.listFeedback();
  }

  /** The votes of the summary's window, per offer; rejects with a BackendError when they cannot be read. */
  async recentFeedback(): Promise<types.FeedbackCounts[]> {
    return this.feedbackCache ? this.feedbackCache.get() : this.readFeedback();
  }

  submitTestimonial(testimonial: types.OutgoingTestimonial): Promise<types.SubmissionResult> {
    return this.backend.submitTestimonial(testimonial);
  }

  confirmTestimonialEmail(confirmTokenHash: string): Promise<string | null> {
    return this.backend.confirmTestimonialEmail(confirmTokenHash);
  }

  reportTestimonial(report: types.OutgoingReport): Promise<types.ReportOutcome> {
    return this.backend.reportTestimonial(report);
  }

  async eraseTestimonial(eraseTokenHash: string): Promise<types.ErasedTestimonial | null> {
    const erased = await this.backend.eraseTestimonial(eraseTokenHash);
    if (erased) this.testimonialsChanged(erased.offerSlug);
    return erased;
  }

  listPublishedTestimonials(): Promise<types.PublishedTestimonial[]> {
    return within(this.options.timeoutMs, (signal) => this.backend.listPublishedTestimonials(signal));
  }

  private async readTestimonials(): Promise<types.PublishedTestimonial[]> {
    await this.backend.warmUp();
    return this.listPublishedTestimonials();
  }

  /** The published testimonials, newest first; rejects with a BackendError when they cannot be read. */
  async publishedTestimonials(): Promise<types.PublishedTestimonial[]> {
    return this.testimonialsCache ? this.testimonialsCache.get() : this.readTestimonials();
  }

  /** The next page read shows the change, and no page kept shows what it was. */
  private testimonialsChanged(offerSlug: string): void {
    this.testimonialsCache?.invalidate();
    this.events.emit("testimonials-changed", { offerSlug });
  }

  listFollowsSince(since: string): Promise<types.OfferFollows[]> {
    return within(this.options.timeoutMs, (signal) => this.backend.listFollowsSince(since, signal));
  }

  private async readFollows(): Promise<types.OfferFollows[]> {
    await this.backend.warmUp();
    return this.listFollowsSince(periodDays(todayInFrance(), FOLLOWS_PERIOD_DAYS)[0] ?? "");
  }

  /** Each offer's follows over the last 30 days, kept as the brands are; rejects with a BackendError. */
  async recentFollows(): Promise<types.OfferFollows[]> {
    return this.followsCache ? this.followsCache.get() : this.readFollows();
  }

  private async readNews(): Promise<types.OfferNews[]> {
    const history = this.backend.history();
    if (!history) return [];
    await this.backend.warmUp();
    return within(this.options.timeoutMs, () => history.newsSince(periodDays(todayInFrance(), NEWS_DAYS + 1)[0] ?? ""));
  }

  /** The offers added or improved in the last NEWS_DAYS days, kept as the brands are; rejects with a BackendError. */
  async recentNews(): Promise<types.OfferNews[]> {
    return this.newsCache ? this.newsCache.get() : this.readNews();
  }

  /** The history; a change recorded here shows at once, as a brand written through this instance does. */
  history(): types.OfferHistoryStore | null {
    const history = this.backend.history();
    if (!history) return null;
    // Built once for the backend's store: a brand page asks for it on every render.
    if (this.historyWrapper?.of === history) return this.historyWrapper.store;
    this.historyWrapper = { of: history, store: this.wrapHistory(history) };
    return this.historyWrapper.store;
  }

  private historyWrapper: { of: types.OfferHistoryStore; store: types.OfferHistoryStore } | undefined;

  visitorAlerts(): types.VisitorAlertStore | null {
    return this.backend.visitorAlerts();
  }

  private wrapHistory(history: types.OfferHistoryStore): types.OfferHistoryStore {
    return {
      snapshots: () => within(this.options.timeoutMs, () => history.snapshots()),
      record: async (changes) => {
        const recorded = await history.record(changes);
        if (recorded > 0) this.brandsChanged();
        return recorded;
      },
      entries: (slug, limit) => {
        const read = () => within(this.options.timeoutMs, () => history.entries(slug, limit));
        if (this.options.ttlMs <= 0) return read();
        const key = `${slug}\n${limit}`;
        let cache = this.historyCaches.get(key);
        if (!cache)
          this.historyCaches.set(
            key,
            (cache = new ReadAfterWriteCache(this.options.ttlMs, read, `de l'historique de ${slug}`)),
          );
        return cache.get();
      },
      newsSince: (day) => history.newsSince(day),
      newsEntries: (slugs, limit) => within(this.options.timeoutMs, () => history.newsEntries(slugs, limit)),
    };
  }

  readWriting(): Promise<WritingShelf> {
    return within(this.options.timeoutMs, (signal) => this.backend.readWriting(signal));
  }

  private readWritingKept = async (): Promise<WritingShelf> => (await this.backend.warmUp(), this.readWriting());

  /** The published guides, kept as the brands are; rejects with a BackendError when they cannot be read. */
  async writingShelf(): Promise<WritingShelf> {
    return this.writingCache ? this.writingCache.get() : this.readWritingKept();
  }

  private writingChanged(): void {
    this.writingCache?.invalidate();
    this.events.emit("writing-changed", {});
  }

  /** The back office's guides: a save shows on the next page, here and (announced) on other instances. */
  guideDesk(): GuideDesk | null {
    const desk = this.backend.guideDesk();
    return desk && savesTold(desk, () => this.writingChanged());
  }

  /** The back office's site texts, told as the guides are. */
  siteTextDesk(): SiteTextDesk | null {
    const desk = this.backend.siteTextDesk();
    return desk && savesTold(desk, () => this.writingChanged());
  }

  audienceSalt(): Promise<types.AudienceSalt | null> {
    return this.backend.audienceSalt();
  }

  addAudienceEvents(events: types.AudienceEvent[]): Promise<boolean> {
    return this.backend.addAudienceEvents(events);
  }

  queueAlerts(check: AlertCheck): Promise<number> {
    return this.backend.queueAlerts(check);
  }

  /**
   * The back office's operations; after a brand is written, the brands are read again and "brands-changed" is
   * emitted, so that the public pages show the change at once.
   */
  owner(): types.OwnerAccess {
    const access = this.backend.owner();
    if (!access.ok) return access;
    const { store } = access;
    const changed = <T>(written: T): T => {
      this.brandsChanged();
      return written;
    };
    const cached: types.OwnerStore = {
      listMessages: (page) => store.listMessages(page),
      setHandled: (id, handled) => store.setHandled(id, handled),
      deleteMessage: (id) => store.deleteMessage(id),
      listTestimonials: (page) => store.listTestimonials(page),
      offerCountsSince: (day) => store.offerCountsSince(day),
      moderateTestimonial: async (decision) => {
        const offerSlug = await store.moderateTestimonial(decision);
        if (offerSlug) this.testimonialsChanged(offerSlug);
        return offerSlug;
      },
      deleteTestimonial: async (id) => {
        const erased = await store.deleteTestimonial(id);
        if (erased) this.testimonialsChanged(erased.offerSlug);
        return erased;
      },
      updateBrand: async (id, changes) => changed(await store.updateBrand(id, changes)),
      upsertBrand: async (row) => changed(await store.upsertBrand(row)),
      createBrand: async (row) => changed(await store.createBrand(row)),
      importOffers: async (rows) => changed(await store.importOffers(rows)),
      recordSignOut: (sessionHash, expiresAt) => store.recordSignOut(sessionHash, expiresAt),
      isSignedOut: (sessionHash) => store.isSignedOut(sessionHash),
      sessionGeneration: () => store.sessionGeneration(),
      signInLock: (visitor) => store.signInLock(visitor),
      signInAttempt: (visitor) => store.signInAttempt(visitor),
      signedIn: (visitor) => store.signedIn(visitor),
    };
    return { ok: true, store: cached };
  }
}
