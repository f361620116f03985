import { createClient, FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import {
  BackendError,
  DeliveryError,
  RateLimitedError,
  REPORTS_RATE_LIMITED,
  TESTIMONIAL_RETRY_AFTER_SECONDS,
  TESTIMONIALS_RATE_LIMITED,
  toBackendError,
  VOTES_RATE_LIMITED,
} from "./errors.server";
import { type FeedbackRow, toFeedbackCounts } from "./feedback-row.server";
import { FunctionGuideDesk, supabaseWritingShelf, type WritingShelf } from "./guide-store.server";
import { pollSiteChanges, type SiteChangeRow } from "./site-changes.server";
import { FunctionSiteTextDesk } from "./site-text-store.server";
import { SupabaseAlertStore } from "./supabase-alerts.server";
import { SupabaseHistoryStore } from "./supabase-history.server";
import { SupabaseOwnerStore } from "./supabase-owner.server";
import { toErasedTestimonial, toPublishedTestimonial, type PublishedTestimonialRow } from "./testimonial-row.server";
import { BRANDS_PER_READ, MISSING_SERVICE_ROLE_KEY } from "./types.server";
import { FunctionVisitorAlertStore, rpcCalls, type FunctionCalls } from "./visitor-alert-store.server";
import type * as types from "./types.server";
import type { MailConfig } from "../config/env.server";
import type { MailOutbox } from "../mail/outbox.server";
import type { FeedbackPayload } from "@contract/feedback-contract";
import type { TestimonialCall } from "@contract/testimonial-contract";
import type { AlertCheck } from "~/catalogue/alerts";
import type { BrandRow } from "~/catalogue/types";

/** The function's hourly vote limit: an hour always frees room. */
const VOTE_RETRY_AFTER_SECONDS = 3600;
const FUNCTION_TIMEOUT_MS = 10_000;

/**
 * The site never subscribes to realtime changes; this transport stands in for the WebSocket that Node 20
 * lacks so that creating the client does not fail. It would throw only if realtime were ever used.
 */
class RealtimeUnused {
  constructor() {
    throw new Error("Le temps réel de Supabase n'est pas utilisé par ce site.");
  }
}

/** A client of the project's REST API and functions with `key`, without sessions or realtime. */
export function clientWith(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: RealtimeUnused as unknown as typeof WebSocket },
  });
}

export interface SupabaseBackendOptions {
  url: string;
  /** The public anonymous key: what it may read and call is what row-level security and the grants allow. */
  anonKey: string;
  /** Retry-After of a rate-limited message when the function's answer has none. */
  defaultRetryAfterSeconds: number;
  /** Shared with send-contact-email and record-code-feedback so that they trust the visitor key the site forwards. */
  clientKeySecret?: string;
  /** The service role's key, for the back office and the owner's alerts only; never sent to a browser. */
  serviceRoleKey?: string;
  /** With it and the service role's key, the owner's alerts are e-mailed through SMTP_URL by this server. */
  mail?: MailConfig;
}

/**
 * Hosted Supabase: brands and vote counts read through its REST API, messages and votes handed to its
 * send-contact-email and record-code-feedback functions.
 */
export class SupabaseBackend implements types.Backend {
  private readonly client: SupabaseClient;
  private ownerStore: SupabaseOwnerStore | undefined;
  private historyStore: SupabaseHistoryStore | undefined;
  private serviceClient: SupabaseClient | undefined;
  private alertOutbox: Promise<{ store: SupabaseAlertStore; outbox: MailOutbox }> | undefined;

  /** The database's disk is Supabase's to watch. */
  storageProblem = (): undefined => undefined;

  constructor(private readonly options: SupabaseBackendOptions) {
    this.client = clientWith(options.url, options.anonKey);
  }

  /** Nothing to prepare: each call is an HTTP request. */
  async warmUp(): Promise<void> {}

  /** A page of BRANDS_PER_READ at a time: the API answers at most 1 000 rows a request unless told otherwise. */
  async listBrands(signal?: AbortSignal): Promise<BrandRow[]> {
    const rows: BrandRow[] = [];
    for (;;) {
      const query = this.client
        .from("brands")
        .select("*")
        .order("name")
        .range(rows.length, rows.length + BRANDS_PER_READ - 1)
        // The site's cache retries on its own schedule; a visitor must not wait for the library's backoff.
        .retry(false);
      const { data, error } = await (signal ? query.abortSignal(signal) : query);
      if (error) throw toBackendError(error);
      if (data != null && !Array.isArray(data)) {
        throw new BackendError({ message: "Réponse inattendue du serveur pour la liste des marques." });
      }
      const page = (data ?? []) as BrandRow[];
      rows.push(...page);
      if (page.length < BRANDS_PER_READ) return rows;
    }
  }

  async probe(signal?: AbortSignal): Promise<void> {
    const query = this.client.from("brands").select("id").limit(1).retry(false);
    const { error } = await (signal ? query.abortSignal(signal) : query);
    if (error) throw toBackendError(error);
  }

  async sendMessage({ payload, clientKey, networkKey }: types.OutgoingMessage): Promise<types.DeliveryResult> {
    const { data, error } = await this.client.functions.invoke<{ ok?: boolean; status?: string }>(
      "send-contact-email",
      { body: payload, headers: this.clientKeyHeaders(clientKey, networkKey), timeout: FUNCTION_TIMEOUT_MS },
    );
    if (error) {
      const retryAfter = rateLimitedFor(error, this.options.defaultRetryAfterSeconds);
      if (retryAfter !== undefined) throw new RateLimitedError(retryAfter);
      throw new DeliveryError(`send-contact-email a échoué : ${error.message}`);
    }
    if (data?.status === "duplicate") return "duplicate";
    if (data?.ok) return "stored";
    throw new DeliveryError("send-contact-email a répondu sans confirmer l'envoi.");
  }

  async recordVote({ clientKey, networkKey, ...vote }: types.OutgoingVote): Promise<types.VoteResult> {
    const body: FeedbackPayload = { offerSlug: vote.offerSlug, worked: vote.worked, reason: vote.reason };
    const { data, error } = await this.client.functions.invoke<{ ok?: boolean; status?: string }>(
      "record-code-feedback",
      { body, headers: this.clientKeyHeaders(clientKey, networkKey), timeout: FUNCTION_TIMEOUT_MS },
    );
    if (error) {
      const retryAfter = rateLimitedFor(error, VOTE_RETRY_AFTER_SECONDS);
      if (retryAfter !== undefined) throw new RateLimitedError(retryAfter, VOTES_RATE_LIMITED);
      throw new DeliveryError(`record-code-feedback a échoué : ${error.message}`);
    }
    if (data?.ok && (data.status === "stored" || data.status === "replaced")) return data.status;
    throw new DeliveryError("record-code-feedback a répondu sans confirmer l'enregistrement de l'avis.");
  }

  async listFeedback(signal?: AbortSignal): Promise<types.FeedbackCounts[]> {
    const query = this.client
      .rpc("code_feedback_summary")
      // As for the brands: the caller's cache decides when to try again.
      .retry(false);
    const { data, error } = await (signal ? query.abortSignal(signal) : query);
    if (error) throw toBackendError(error);
    if (!Array.isArray(data)) {
      throw new BackendError({ message: "Réponse inattendue du serveur pour les avis sur les codes." });
    }
    return (data as FeedbackRow[]).map(toFeedbackCounts);
  }

  /** The author's e-mail and the digest line go only when this server e-mails (SMTP_URL and the service role). */
  async submitTestimonial({
    clientKey,
    networkKey,
    ...testimonial
  }: types.OutgoingTestimonial): Promise<types.SubmissionResult> {
    const mailing = Boolean(this.alerts());
    const { status } = await this.callTestimonials(
      {
        action: "submit",
        offerSlug: testimonial.offerSlug,
        name: testimonial.name,
        text: testimonial.text,
        experiencedIn: testimonial.experiencedIn,
        email: mailing ? testimonial.email : null,
        emailKey: mailing ? testimonial.emailKey : null,
        confirmTokenHash: mailing ? testimonial.confirmTokenHash : null,
        eraseTokenHash: testimonial.eraseTokenHash,
        mail: mailing ? testimonial.mail : null,
        alert: mailing ? testimonial.alert : null,
      },
      { clientKey, networkKey },
      TESTIMONIALS_RATE_LIMITED,
    );
    if (status !== "stored" && status !== "stored_unmailed") {
      throw new DeliveryError(`Réponse inattendue du témoignage : ${String(status)}`);
    }
    void this.alerts()?.then(({ outbox }) => outbox.wake());
    return status;
  }

  async confirmTestimonialEmail(confirmTokenHash: string): Promise<string | null> {
    const { offer } = await this.callTestimonials({ action: "confirm", confirmTokenHash });
    return typeof offer === "string" ? offer : null;
  }

  async reportTestimonial({ clientKey, networkKey, ...report }: types.OutgoingReport): Promise<types.ReportOutcome> {
    const { status } = await this.callTestimonials(
      { action: "report", ...report },
      { clientKey, networkKey },
      REPORTS_RATE_LIMITED,
    );
    if (status !== "stored" && status !== "missing" && status !== "full") {
      throw new DeliveryError(`Réponse inattendue du signalement : ${String(status)}`);
    }
    return status;
  }

  async eraseTestimonial(eraseTokenHash: string): Promise<types.ErasedTestimonial | null> {
    const { erased } = await this.callTestimonials({ action: "erase", eraseTokenHash });
    return toErasedTestimonial(erased as Parameters<typeof toErasedTestimonial>[0]);
  }

  /** The testimonials function: what it answers, or a RateLimitedError (429) or a DeliveryError. */
  private async callTestimonials(
    body: TestimonialCall,
    keys?: { clientKey: string; networkKey: string },
    rateLimited?: string,
  ): Promise<{ status?: string; erased?: unknown; offer?: unknown }> {
    const { data, error } = await this.client.functions.invoke<{
      ok?: boolean;
      status?: string;
      erased?: unknown;
      offer?: unknown;
    }>("testimonials", {
      body,
      headers: keys ? this.clientKeyHeaders(keys.clientKey, keys.networkKey) : {},
      timeout: FUNCTION_TIMEOUT_MS,
    });
    if (error) {
      const retryAfter = rateLimitedFor(error, TESTIMONIAL_RETRY_AFTER_SECONDS);
      if (retryAfter !== undefined && rateLimited) throw new RateLimitedError(retryAfter, rateLimited);
      throw new DeliveryError(`testimonials a échoué : ${error.message}`);
    }
    if (!data?.ok) throw new DeliveryError("testimonials a répondu sans confirmer.");
    return data;
  }

  /** Through the view, with the public key: published testimonials only, without e-mail. */
  async listPublishedTestimonials(signal?: AbortSignal): Promise<types.PublishedTestimonial[]> {
    const rows: PublishedTestimonialRow[] = [];
    for (;;) {
      const query = this.client
        .from("published_testimonials")
        .select("id, offer_slug, author_name, body, experienced_in, published_at, featured")
        .order("published_at", { ascending: false })
        .order("id", { ascending: false })
        .range(rows.length, rows.length + BRANDS_PER_READ - 1)
        .retry(false);
      const { data, error } = await (signal ? query.abortSignal(signal) : query);
      if (error) throw toBackendError(error);
      const page = (data ?? []) as PublishedTestimonialRow[];
      rows.push(...page);
      if (page.length < BRANDS_PER_READ) return rows.map(toPublishedTestimonial);
    }
  }

  /** With the service role's key only (none without it): visitors may not read the exact totals. */
  async listFollowsSince(since: string, signal?: AbortSignal): Promise<types.OfferFollows[]> {
    const client = this.serviceRoleClient();
    if (!client) return [];
    const query = client.rpc("offer_follows_since", { p_since: since }).retry(false);
    const { data, error } = await (signal ? query.abortSignal(signal) : query);
    if (error) throw toBackendError(error);
    return ((data ?? []) as { offer_slug: string; follows: number | string }[]).map((row) => ({
      offerSlug: row.offer_slug,
      follows: Number(row.follows),
    }));
  }

  /**
   * With the service role's key, the changes other instances make, asked every second through
   * public.site_changes_after (Supabase's clients cannot LISTEN through its REST API). Without it, none: each
   * instance's caches then run their 60 s.
   */
  get watchChanges(): types.Backend["watchChanges"] {
    const client = this.serviceRoleClient();
    if (!client) return undefined;
    return (listener) =>
      pollSiteChanges(async (after) => {
        const { data, error } = await client.rpc("site_changes_after", { p_after: after }).retry(false);
        if (error) throw toBackendError(error);
        return (data ?? []) as SiteChangeRow[];
      }, listener);
  }

  /** With the service role's key only, as the totals it keys. */
  async audienceSalt(): Promise<types.AudienceSalt | null> {
    const client = this.serviceRoleClient();
    if (!client) return null;
    const { data, error } = await client.rpc("audience_salt").single<types.AudienceSalt>();
    if (error) throw toBackendError(error);
    return data;
  }

  /** With the service role's key only: visitors may not write totals. */
  async addAudienceEvents(events: types.AudienceEvent[]): Promise<boolean> {
    const client = this.serviceRoleClient();
    if (!client) return false;
    const { error } = await client.rpc("add_audience_events", { p_events: events });
    if (error) throw toBackendError(error);
    return true;
  }

  /** Queues the alerts in owner_alerts and wakes the outbox, with SMTP_URL and the service role's key only. */
  async queueAlerts(check: AlertCheck): Promise<number> {
    const alerts = this.alerts();
    if (!alerts) return 0;
    const { store, outbox } = await alerts;
    const queued = await store.queue(check);
    if (queued > 0) outbox.wake();
    return queued;
  }

  /** The alerts' store and outbox, started once: it sends at once what an earlier run left pending. */
  private alerts(): Promise<{ store: SupabaseAlertStore; outbox: MailOutbox }> | undefined {
    const { mail } = this.options;
    const client = this.serviceRoleClient();
    if (!mail || !client) return undefined;
    this.alertOutbox ??= (async () => {
      const store = new SupabaseAlertStore(client, mail.leaseSeconds, mail.visitorMailsPerHour);
      const { startOutbox } = await import("../mail/outbox.server");
      return { store, outbox: await startOutbox(store, mail) };
    })();
    this.alertOutbox.catch(() => (this.alertOutbox = undefined));
    return this.alertOutbox;
  }

  owner(): types.OwnerAccess {
    const client = this.serviceRoleClient();
    if (!client) return { ok: false, missing: MISSING_SERVICE_ROLE_KEY };
    this.ownerStore ??= new SupabaseOwnerStore(client);
    return { ok: true, store: this.ownerStore };
  }

  /** One client with the service role's key, for the back office and the alerts; none without the key. */
  private serviceRoleClient(): SupabaseClient | undefined {
    const { serviceRoleKey, url } = this.options;
    if (!serviceRoleKey) return undefined;
    this.serviceClient ??= clientWith(url, serviceRoleKey);
    return this.serviceClient;
  }

  /**
   * The visitor's key (and their network's, when the call weighs networks), and the secret that makes the functions
   * trust them rather than count the site's address.
   */
  private clientKeyHeaders(clientKey: string, networkKey?: string): Record<string, string> {
    return {
      "x-client-key": clientKey,
      ...(networkKey ? { "x-client-network-key": networkKey } : {}),
      ...(this.options.clientKeySecret ? { "x-client-key-secret": this.options.clientKeySecret } : {}),
    };
  }

  /**
   * Kept with the service role's key, which its tables need; without it the pages show no history and no news, as
   * the back office is off.
   */
  private visitorAlertStore: FunctionVisitorAlertStore | undefined;

  /** With SMTP_URL and the service role's key: the database's functions by RPC, sent by this server's outbox. */
  visitorAlerts(): FunctionVisitorAlertStore | null {
    const client = this.serviceRoleClient();
    if (!this.options.mail || !client) return null;
    this.visitorAlertStore ??= new FunctionVisitorAlertStore(rpcCalls(client), () => {
      void this.alerts()
        ?.then(({ outbox }) => outbox.wake())
        .catch(() => undefined);
    });
    return this.visitorAlertStore;
  }

  /** Through the three views, with the public key: published writing only. */
  readWriting(signal?: AbortSignal): Promise<WritingShelf> {
    return supabaseWritingShelf(this.client, signal);
  }

  /** The owner's desks, by RPC with the service role's key: none without it. */
  guideDesk = () => this.serviceRoleDesk(FunctionGuideDesk);
  siteTextDesk = () => this.serviceRoleDesk(FunctionSiteTextDesk);
  private serviceRoleDesk<Desk>(Desk: new (calls: FunctionCalls) => Desk): Desk | null {
    const client = this.serviceRoleClient();
    return client ? new Desk(rpcCalls(client)) : null;
  }

  history(): SupabaseHistoryStore | null {
    const client = this.serviceRoleClient();
    if (!client) return null;
    this.historyStore ??= new SupabaseHistoryStore(client);
    return this.historyStore;
  }
}

/** For a function's 429, the seconds its Retry-After asks for (`fallback` without a usable one); else undefined. */
function rateLimitedFor(error: unknown, fallback: number): number | undefined {
  if (!(error instanceof FunctionsHttpError && error.context instanceof Response && error.context.status === 429)) {
    return undefined;
  }
  const retryAfter = Number(error.context.headers.get("Retry-After"));
  return Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : fallback;
}
