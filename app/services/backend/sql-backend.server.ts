import { MESSAGES_PER_NETWORK_PER_HOUR, MESSAGES_SUMMARY, printable } from "@contract/contact-contract";
import { FEEDBACK_RULES } from "@contract/feedback-contract";
import { openDatabase, type DatabasePlace } from "./database.server";
import { openEmbeddedDatabase } from "./embedded-db.server";
import { DeliveryError, RateLimitedError, toBackendError, VOTES_RATE_LIMITED } from "./errors.server";
import { toFeedbackCounts, type FeedbackRow } from "./feedback-row.server";
import {
  FunctionGuideDesk,
  toWritingShelf,
  type EditedTextRow,
  type PublishedGuideRow,
  type WritingShelf,
} from "./guide-store.server";
import { FunctionSiteTextDesk } from "./site-text-store.server";
import { callAsServiceRole } from "./sql-calls.server";
import { SqlHistoryStore } from "./sql-history.server";
import { SqlOwnerStore } from "./sql-owner.server";
import { asRole, readAsAnon } from "./sql-roles.server";
import * as testimonials from "./sql-testimonials.server";
import { BRANDS_PER_READ } from "./types.server";
import { FunctionVisitorAlertStore, sqlCalls } from "./visitor-alert-store.server";
import { onShutdown } from "../lifecycle/shutdown.server";
import { log } from "../log.server";
import { diskFullMessage } from "../storage/disk-space.server";
import type * as types from "./types.server";
import type { MailConfig } from "../config/env.server";
import type { MailOutbox } from "../mail/outbox.server";
import type { AlertCheck } from "~/catalogue/alerts";
import type { BrandRow } from "~/catalogue/types";

/** What submit_contact_message answers for a message it stored: e-mailed, summarised, or past the ceiling. */
const STORED_ANSWERS = new Set(["stored", "stored_summary", "stored_quiet"]);

/** A text as an SQL literal (standard_conforming_strings is on: only quotes are doubled). */
const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * A Postgres database the site reaches itself, the embedded one or a server (DATABASE_URL), through the same SQL as
 * hosted Supabase: brands read as the anon role, what visitors send stored through the SQL functions that apply its
 * limits, as the service role.
 */
export class SqlBackend implements types.Backend {
  private outbox: Promise<MailOutbox> | undefined;

  private readonly mail: MailConfig | undefined;
  private backupsScheduled = false;
  private ownerStore: SqlOwnerStore | undefined;

  constructor(
    private readonly place: DatabasePlace,
    private readonly rateLimit: { max: number; windowSeconds: number; perNetworkPerHour?: number },
    private readonly options: {
      /** With it, every message stored is also queued to be e-mailed (message_outbox). */
      mail?: MailConfig;
      /** Whether this process makes the daily backups and answers `npm run backup` (the server does). */
      backups?: boolean;
    } = {},
  ) {
    this.mail = options.mail;
  }

  /**
   * The embedded database's disk, full below MIN_FREE_BYTES: every write would then fail. A Postgres server's disk is
   * its own to watch.
   */
  storageProblem(): string | null | undefined {
    return this.place.kind === "embedded" ? diskFullMessage(this.place.dataDir) : undefined;
  }

  async warmUp(): Promise<void> {
    await openDatabase(this.place);
    if (this.options.backups && !this.backupsScheduled && this.place.kind === "embedded") {
      this.backupsScheduled = true;
      const { scheduleBackups } = await import("../storage/backup.server");
      const backups = scheduleBackups(await openEmbeddedDatabase(this.place.dataDir), this.place.dataDir);
      onShutdown(backups.stop);
    }
    await this.startOutbox();
  }

  /** The e-mail outbox's worker, started once, when messages are e-mailed. */
  private startOutbox(): Promise<MailOutbox> | undefined {
    const mail = this.mail;
    if (!mail) return undefined;
    this.outbox ??= (async () => {
      const [{ startOutbox }, { sqlOutboxStore }, { holdOutboxClaimer }] = await Promise.all([
        import("../mail/outbox.server"),
        import("./sql-outbox.server"),
        import("./outbox-claimer.server"),
      ]);
      const db = await openDatabase(this.place);
      const claimer = await holdOutboxClaimer(this.place, db);
      const store = sqlOutboxStore(db, claimer.name, mail.leaseSeconds, mail.visitorMailsPerHour);
      // The lock goes once the e-mail under way is sent and marked: until then the rows stay this instance's.
      return startOutbox(store, mail, { dataDir: this.place.dataDir, afterStop: claimer.release });
    })();
    this.outbox.catch(() => (this.outbox = undefined));
    return this.outbox;
  }

  /**
   * Read BRANDS_PER_READ at a time, in name order: one read of 10 000 rows grows the embedded Postgres's memory by
   * some 80 MB, which it keeps for good. A query of the embedded database cannot be cancelled: the caller's timeout
   * stops the wait, not the query.
   */
  async listBrands(): Promise<BrandRow[]> {
    try {
      const db = await openDatabase(this.place);
      const rows: BrandRow[] = [];
      for (;;) {
        const after = rows.at(-1)?.name;
        const page = await readAsAnon<BrandRow>(
          db,
          `select json_agg(b order by b.name) as rows from (select * from public.brands` +
            `${after === undefined ? "" : ` where name > ${sqlText(after)}`} order by name limit ${BRANDS_PER_READ}) b`,
        );
        rows.push(...page);
        if (page.length < BRANDS_PER_READ) return rows;
      }
    } catch (error) {
      throw toBackendError(error);
    }
  }

  async probe(): Promise<void> {
    try {
      await readAsAnon(
        await openDatabase(this.place),
        "select json_agg(b) as rows from (select id from public.brands limit 1) b",
      );
    } catch (error) {
      throw toBackendError(error);
    }
  }

  /** The MD5 of the rows' MD5s in id order, as the anon role reads them: 32 characters instead of every row. */
  async brandsFingerprint(): Promise<string> {
    try {
      const db = await openDatabase(this.place);
      const [row] = await readAsAnon<{ fingerprint: string }>(
        db,
        "select json_build_array(json_build_object('fingerprint', " +
          "md5(coalesce(string_agg(md5(b::text), '' order by b.id), '')))) as rows from public.brands b",
      );
      if (!row) throw new Error("Empreinte des marques absente de la réponse.");
      return row.fingerprint;
    } catch (error) {
      throw toBackendError(error);
    }
  }

  /**
   * Stored through submit_contact_message, which applies the sender's and the network's limits and the hourly
   * ceiling of e-mails: with SMTP_URL, a message within it is queued for the outbox, the first one past it queues the
   * one summary instead, the next ones are only stored.
   */
  async sendMessage({ payload, clientKey, networkKey }: types.OutgoingMessage): Promise<types.DeliveryResult> {
    const answer = await callAsServiceRole(
      this.place,
      `select public.submit_contact_message($1, $2, $3, $4, $5, $6, $7, $8, $9, make_interval(secs => $10), $11)
         as result`,
      [
        payload.name,
        payload.email,
        "subject" in payload ? payload.subject : null,
        payload.message,
        "brandName" in payload ? payload.brandName : null,
        payload.submissionId ?? null,
        clientKey,
        networkKey,
        this.rateLimit.max,
        this.rateLimit.windowSeconds,
        this.rateLimit.perNetworkPerHour ?? MESSAGES_PER_NETWORK_PER_HOUR,
      ],
      "Enregistrement du message impossible",
      async (tx, result) => {
        if (!this.mail) return;
        if (result === "stored") {
          await tx.query(
            "insert into public.message_outbox (message_id) values (currval('public.contact_messages_id_seq'))",
          );
        } else if (result === "stored_summary") {
          await tx.query("insert into public.owner_alerts (kind, subject, body) values ('messages', $1, $2)", [
            MESSAGES_SUMMARY.subject,
            MESSAGES_SUMMARY.text,
          ]);
        }
      },
    );
    if (answer === "rate_limited") throw new RateLimitedError(this.rateLimit.windowSeconds);
    const result = answer === "duplicate" ? "duplicate" : STORED_ANSWERS.has(answer ?? "") ? "stored" : undefined;
    if (!result) throw new DeliveryError(`Réponse inattendue : ${answer}`);
    // Sent after the answer: the visitor never waits for the mail server.
    if (answer === "stored" || answer === "stored_summary") this.wakeOutbox();
    // What visitors wrote is printed escaped: the contract refuses control characters, the log never relies on it.
    const about =
      "brandName" in payload ? `question sur ${printable(payload.brandName)}` : `sujet ${printable(payload.subject)}`;
    // Neither the sender's name nor address: `npm run messages` and the back office show them to the owner.
    log.info(
      `Message ${result === "stored" ? "enregistré" : "déjà reçu"} : ${about}, ${payload.message.length} caractères.`,
    );
    return result;
  }

  async recordVote(vote: types.OutgoingVote): Promise<types.VoteResult> {
    const result = await callAsServiceRole(
      this.place,
      "select public.record_code_feedback($1, $2, $3, $4, $5, $6) as result",
      [vote.offerSlug, vote.worked, vote.reason, vote.clientKey, vote.networkKey, FEEDBACK_RULES.maxVotesPerHour],
      "Enregistrement de l'avis impossible",
    );
    if (result === "rate_limited") throw new RateLimitedError(3600, VOTES_RATE_LIMITED);
    if (result !== "stored" && result !== "replaced") throw new DeliveryError(`Réponse inattendue : ${result}`);
    return result;
  }

  /** Read as the anon role, which may only call the aggregate function: what a visitor could see, nothing more. */
  async listFeedback(): Promise<types.FeedbackCounts[]> {
    try {
      const db = await openDatabase(this.place);
      const rows = await readAsAnon<FeedbackRow>(
        db,
        "select json_agg(s) as rows from public.code_feedback_summary() s",
      );
      return rows.map(toFeedbackCounts);
    } catch (error) {
      throw toBackendError(error);
    }
  }

  /**
   * Only with SMTP_URL: the database's queue_owner_alerts applies the rules (one report per offer a day, recovery
   * after a day, ten alerts an hour and a digest), and the messages' outbox wakes to send what is due.
   */
  async queueAlerts({ alerts, notReported }: AlertCheck): Promise<number> {
    if (!this.mail) return 0;
    const queued = await callAsServiceRole(
      this.place,
      "select public.queue_owner_alerts($1::jsonb, $2::text[]) as result",
      [JSON.stringify(alerts), notReported],
      "Mise en file des alertes impossible",
    );
    if (Number(queued) > 0) (await this.startOutbox())?.wake();
    return Number(queued);
  }

  submitTestimonial(testimonial: types.OutgoingTestimonial): Promise<types.SubmissionResult> {
    return testimonials.submit(this.place, Boolean(this.mail), testimonial, () => this.wakeOutbox());
  }

  confirmTestimonialEmail(confirmTokenHash: string): Promise<string | null> {
    return testimonials.confirmEmail(this.place, confirmTokenHash);
  }

  reportTestimonial(report: types.OutgoingReport): Promise<types.ReportOutcome> {
    return testimonials.report(this.place, report);
  }

  eraseTestimonial(eraseTokenHash: string): Promise<types.ErasedTestimonial | null> {
    return testimonials.erase(this.place, eraseTokenHash);
  }

  listPublishedTestimonials(): Promise<types.PublishedTestimonial[]> {
    return testimonials.listPublished(this.place);
  }

  /** As the service role: visitors see only the rounded figure the pages make of it. */
  async listFollowsSince(since: string): Promise<types.OfferFollows[]> {
    try {
      const db = await openDatabase(this.place);
      const { rows } = await asRole(db, "service_role", (tx) =>
        tx.query<types.OfferFollows>(
          `select offer_slug as "offerSlug", follows::integer as follows from public.offer_follows_since($1::date)`,
          [since],
        ),
      );
      return rows;
    } catch (error) {
      throw toBackendError(error);
    }
  }

  async audienceSalt(): Promise<types.AudienceSalt> {
    const salt = await callAsServiceRole(
      this.place,
      "select json_build_object('day', day, 'salt', salt)::text as result from public.audience_salt()",
      [],
      "Lecture du sel des mesures d'audience impossible",
    );
    return JSON.parse(salt ?? "null") as types.AudienceSalt;
  }

  async addAudienceEvents(events: types.AudienceEvent[]): Promise<boolean> {
    await callAsServiceRole(
      this.place,
      "select public.add_audience_events($1::jsonb)::text as result",
      [JSON.stringify(events)],
      "Enregistrement des mesures d'audience impossible",
    );
    return true;
  }

  /** On a Postgres server, the changes other instances make, as its triggers announce them (LISTEN). */
  get watchChanges(): types.Backend["watchChanges"] {
    const place = this.place;
    if (place.kind !== "postgres") return undefined;
    return (listener) => {
      let stop: (() => void) | undefined;
      let stopped = false;
      void import("./postgres-db.server").then(({ listenToSiteChanges }) => {
        if (!stopped) stop = listenToSiteChanges(place.url, place.poolSize, listener);
      });
      return () => {
        stopped = true;
        stop?.();
      };
    };
  }

  /** Sends what was just queued (an author's e-mail) without waiting for the outbox's next look. */
  private wakeOutbox(): void {
    void this.startOutbox()?.then(
      (outbox) => outbox.wake(),
      () => undefined,
    );
  }

  owner(): types.OwnerAccess {
    this.ownerStore ??= new SqlOwnerStore(this.place, () => this.wakeOutbox());
    return { ok: true, store: this.ownerStore };
  }

  /** The three views in one round trip (readAsAnon gathers the reads of a turn). */
  async readWriting(): Promise<WritingShelf> {
    try {
      const db = await openDatabase(this.place);
      const [guides, moves, texts] = await Promise.all([
        readAsAnon<PublishedGuideRow>(db, "select json_agg(g) as rows from public.published_guides g"),
        readAsAnon<{ old_slug: string; slug: string }>(
          db,
          "select json_agg(m) as rows from public.published_guide_moves m",
        ),
        readAsAnon<EditedTextRow>(db, "select json_agg(t) as rows from public.edited_site_texts t"),
      ]);
      return toWritingShelf(guides, moves, texts);
    } catch (error) {
      throw toBackendError(error);
    }
  }

  guideDesk(): FunctionGuideDesk {
    return new FunctionGuideDesk(sqlCalls(this.place));
  }

  siteTextDesk(): FunctionSiteTextDesk {
    return new FunctionSiteTextDesk(sqlCalls(this.place));
  }

  history(): types.OfferHistoryStore {
    return new SqlHistoryStore(this.place);
  }

  private alertStore: FunctionVisitorAlertStore | undefined;

  /** Only with SMTP_URL: an alert that cannot be sent is not offered. */
  visitorAlerts(): types.VisitorAlertStore | null {
    if (!this.mail) return null;
    this.alertStore ??= new FunctionVisitorAlertStore(sqlCalls(this.place), () => this.wakeOutbox());
    return this.alertStore;
  }
}
