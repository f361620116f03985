/**
 * The mail outbox: e-mails the owner what is queued for them (SMTP_URL), the visitors' messages stored in the
 * embedded database (table message_outbox) and the alerts about offers (owner_alerts), read through an OutboxStore:
 * the SQL databases' (backend/sql-outbox.server.ts), or hosted Supabase's, alerts only
 * (backend/supabase-alerts.server.ts). A row is queued in the transaction that stores what it sends, and this
 * worker, in the server process, sends the rows that are due. A failure (mail server down, refused) is retried
 * later, sooner first then less often, for 24 hours; the row is then marked failed. A restart only delays what is
 * queued. The site never waits for it: a visitor's message wakes the worker and the answer goes out at once.
 */
import { LATE_VISITOR_MAILS_ALERT, UNCONFIRMED_REQUESTS_ALERT } from "~/catalogue/alerts";
import { log, passAsked, passDone } from "../log.server";
import { isRefusedAddress, messageMail, oneLine, sendFailureText, visitorMail } from "./outbox-mails.server";
import { SentJournal } from "./sent-journal.server";
import { onShutdown } from "../lifecycle/shutdown.server";
import type { OutboxQueue } from "./outbox-queues.server";
import type { MessageColumns } from "../backend/owner-message-row.server";
import type { MailConfig } from "../config/env.server";
import type { Transporter } from "nodemailer";

/** How long the outbox keeps trying to send a message before marking it failed. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 10_000;
const LONGEST_RETRY_MS = 60 * 60 * 1000;
/** The worker looks at the table at least this often, for rows queued while it slept (a restored backup). */
const IDLE_CHECK_MS = 60_000;
/** While e-mails sent wait to be marked so (the database lost), the worker first tries to mark them this soon. */
const JOURNAL_RETRY_MS = 2_000;
/** How often the worker looks whether a visitor's e-mail has waited too long (the owner is then told). */
const LATE_MAILS_CHECK_MS = 5 * 60_000;
/** Rows sent per pass: the others wait for the next one. */
const BATCH = 20;

/** The wait before the next try of a message that failed `attempts` times: 10 s, 20 s, 40 s… at most one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/**
 * The wait before the next pass after `failedPasses` passes in a row failed (the database away): 2 s, 4 s, 8 s… at
 * most a minute while e-mails sent wait in the journal to be marked so; a minute otherwise. A long outage then costs
 * about one try, and one log line, a minute.
 */
export function failedPassRetryMs(failedPasses: number, journalHolds: boolean): number {
  if (!journalHolds) return IDLE_CHECK_MS;
  return Math.min(JOURNAL_RETRY_MS * 2 ** Math.max(0, failedPasses - 1), IDLE_CHECK_MS);
}

export { OUTBOX_LEASE_SECONDS } from "../config/values.server";

/** A visitor's message due to be e-mailed (message_outbox, with the message). */
export interface DueMessage extends MessageColumns {
  message_id: number;
  attempts: number;
  queued_at: string;
}

/** An owner's alert due to be sent (owner_alerts). */
export interface DueAlert {
  id: number;
  attempts: number;
  queued_at: string;
  subject: string;
  body: string;
}

/** An e-mail to the author of a testimonial (author_mails): deleted once sent or given up. */
export interface DueAuthorMail extends DueAlert {
  recipient: string;
}

/**
 * An e-mail to a visitor who asked for alerts (visitor_mails): its confirmation, an e-mail of offers, or the renewal.
 * Sent at a rate of its own (VISITOR_MAILS_PER_HOUR); once sent, its address and text are dropped.
 */
export interface DueVisitorMail extends DueAuthorMail {
  /** The one-click unsubscribe address of the List-Unsubscribe header (RFC 8058); none for a confirmation. */
  unsubscribe_url: string | null;
}

export type { OutboxQueue } from "./outbox-queues.server";
/** How the log names one e-mail of each queue. */
const LABELS: Record<OutboxQueue, string> = {
  messages: "Message",
  alerts: "Alerte",
  authors: "E-mail à un auteur",
  visitors: "E-mail à un visiteur",
};

/**
 * Whether the database answered and refused (a data or program error: SQLSTATE classes 22, 23, 42, P0), as opposed
 * to being away: retrying such a call can only fail again.
 */
function refusedByTheDatabase(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^(22|23|42|P0)[0-9A-Z]{3}$/.test(code);
}

/**
 * Where the outbox reads what is due and notes what became of each e-mail: the embedded database
 * (EmbeddedOutboxStore, messages and alerts), or hosted Supabase (alerts only: send-contact-email sends the
 * messages there).
 */
export interface OutboxStore {
  /** Whether the store was closed (the server stopping): a failure then is not worth a line in the log. */
  readonly closed: boolean;
  /** This instance's name on the rows it claims. */
  readonly claimer: string;
  /** Whether the instance claiming as `claimer` still runs; absent where the database cannot tell. */
  claimerAlive?(claimer: string): Promise<boolean>;
  /**
   * Queues `alert` to the owner when a visitor's e-mail has waited for more than 30 minutes, a day at most between
   * two: true when it did. Absent where the site sends visitors no e-mail.
   */
  alertOwnerIfVisitorMailsLate?(alert: { subject: string; body: string }): Promise<boolean>;
  /**
   * Queues `alert` to the owner when the confirmations of the last day reached half an hour's quota and four in five
   * were never confirmed, a day at most between two: true when it did. Absent where the site sends visitors no
   * e-mail.
   */
  alertOwnerIfRequestsUnconfirmed?(alert: { subject: string; body: string }): Promise<boolean>;
  /** Makes due again the rows claimed by instances that are gone, without waiting for their claims to run out. */
  endClaimsOfGoneInstances?(): Promise<void>;
  /** The rows due now, claimed by this instance: no other instance takes them until it settles them or its claim runs out. */
  dueMessages(limit: number): Promise<DueMessage[]>;
  dueAlerts(limit: number): Promise<DueAlert[]>;
  dueAuthorMails(limit: number): Promise<DueAuthorMail[]>;
  /** Within the hourly rate of the visitors' e-mails; absent where the site sends them none. */
  dueVisitorMails?(limit: number): Promise<DueVisitorMail[]>;
  /**
   * Renews this instance's claim on a row just before sending it: false when the claim ran out and another instance
   * took the row, which this one then leaves alone.
   */
  stillHolds(queue: OutboxQueue, id: number): Promise<boolean>;
  /**
   * An author's e-mail is then deleted, address and all. Only for a row `claimer` (this instance, unless told) still
   * holds.
   */
  markSent(queue: OutboxQueue, id: number, attempts: number, claimer?: string): Promise<void>;
  /**
   * A failed try: `givesUp` marks the row failed (an author's e-mail is deleted), otherwise it is due again in
   * `retryInSeconds`.
   */
  markFailed(
    queue: OutboxQueue,
    id: number,
    failure: { attempts: number; error: string; givesUp: boolean; retryInSeconds: number; refused?: boolean },
  ): Promise<void>;
  /** Milliseconds until the next pending row falls due (0 when one is due), null when none is pending. */
  untilNextDue(): Promise<number | null>;
}

/** Sends the queued e-mails, messages and alerts alike, and notes each outcome in its row. */
export class MailOutbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private wakeAgain = false;
  private stopped = false;
  private asked = 0;
  /** Who waits for a pass covering their ask (lookedAgain): the ask's number, and how to tell them. */
  private waiting: { ask: number; done: () => void }[] = [];
  /** The asks the pass under way covers. */
  private covering = 0;
  /** When the worker last looked for visitors' e-mails waiting too long. */
  private lateMailsCheckedAt = 0;
  /** The passes in a row that failed, reset by one that ends. */
  private failedPasses = 0;

  constructor(
    private readonly store: OutboxStore,
    private readonly transport: Pick<Transporter, "sendMail" | "close">,
    private readonly mail: MailConfig,
    /** The e-mails sent whose rows are still to be marked so: never sent again. */
    private readonly journal = new SentJournal(),
  ) {}

  /** Sends what is due now, then again whenever a row falls due. Never throws: failures are logged. */
  wake(): void {
    if (this.stopped) return;
    passAsked("outbox", (this.asked += 1));
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.run()
      .then(
        (nextInMs) => {
          if (this.failedPasses > 0) log.info(`Envoi des e-mails repris après ${this.failedPasses} passe(s) en échec.`);
          this.failedPasses = 0;
          return nextInMs;
        },
        (error: unknown) => {
          this.failedPasses += 1;
          if (!this.store.closed)
            log.error(`Envoi des e-mails interrompu (passe ${this.failedPasses} en échec) :`, error);
          // A pass that failed has looked too: it sent nothing more.
          this.answerWaiting(this.covering);
          return failedPassRetryMs(this.failedPasses, this.journal.size > 0);
        },
      )
      .then((nextInMs) => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.wakeAgain) return this.wake();
        this.timer = setTimeout(() => this.wake(), nextInMs);
        this.timer.unref();
      });
  }

  /**
   * Wakes the outbox and resolves once a pass begun after this call has ended: everything due at the call has been
   * looked at (sent, or left for later). Whoever must show that nothing more goes out waits for this, not a duration.
   */
  lookedAgain(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const looked = new Promise<void>((done) => this.waiting.push({ ask: this.asked + 1, done }));
    this.wake();
    return looked;
  }

  /** Tells those waiting for a pass that covered their ask (`covers`: the asks made before it began). */
  private answerWaiting(covers: number): void {
    const answered = this.waiting.filter(({ ask }) => ask <= covers);
    this.waiting = this.waiting.filter(({ ask }) => ask > covers);
    for (const { done } of answered) done();
  }

  /** Stops taking rows and waits for the e-mail being sent, if any; what is left is sent after the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    runningOutboxes.delete(this);
    clearTimeout(this.timer);
    await this.running;
    this.transport.close();
    for (const { done } of this.waiting.splice(0)) done();
  }

  /** Sends the due rows, pass after pass; gives the wait until the next row falls due. */
  private async run(): Promise<number> {
    for (;;) {
      const startedAt = Date.now();
      const covers = (this.covering = this.asked);
      this.wakeAgain = false;
      await this.markJournalSent();
      await this.store.endClaimsOfGoneInstances?.();
      const [due, alerts, authors, visitors] = [
        await this.store.dueMessages(BATCH),
        await this.store.dueAlerts(BATCH),
        await this.store.dueAuthorMails(BATCH),
        (await this.store.dueVisitorMails?.(BATCH)) ?? [],
      ];
      for (const row of due) {
        if (this.stopped) return IDLE_CHECK_MS;
        await this.deliver("messages", row.message_id, row, messageMail(row, this.mail));
      }
      for (const alert of alerts) {
        if (this.stopped) return IDLE_CHECK_MS;
        const mail = { from: this.mail.from, to: this.mail.to, subject: oneLine(alert.subject), text: alert.body };
        await this.deliver("alerts", alert.id, alert, mail);
      }
      for (const author of authors) {
        if (this.stopped) return IDLE_CHECK_MS;
        const mail = {
          from: this.mail.from,
          to: oneLine(author.recipient),
          subject: oneLine(author.subject),
          text: author.body,
        };
        await this.deliver("authors", author.id, author, mail);
      }
      for (const visitor of visitors) {
        if (this.stopped) return IDLE_CHECK_MS;
        await this.deliver("visitors", visitor.id, visitor, visitorMail(visitor, this.mail));
      }
      if (this.store.alertOwnerIfVisitorMailsLate && Date.now() - this.lateMailsCheckedAt >= LATE_MAILS_CHECK_MS) {
        this.lateMailsCheckedAt = Date.now();
        // An alert just queued goes out in the next pass.
        const checks = [
          this.store.alertOwnerIfVisitorMailsLate(LATE_VISITOR_MAILS_ALERT),
          this.store.alertOwnerIfRequestsUnconfirmed?.(UNCONFIRMED_REQUESTS_ALERT),
        ].map((check) =>
          check?.catch((error: unknown) => log.error("Vérification des e-mails aux visiteurs impossible :", error)),
        );
        if ((await Promise.all(checks)).includes(true)) this.wakeAgain = true;
      }
      passDone("outbox", startedAt, { due: due.length + alerts.length + authors.length + visitors.length, covers });
      this.answerWaiting(covers);
      const full = [due, alerts, authors, visitors].some((rows) => rows.length >= BATCH);
      if (!full && !this.wakeAgain) {
        const ms = await this.store.untilNextDue();
        return ms === null ? IDLE_CHECK_MS : Math.min(Math.max(ms, 0), IDLE_CHECK_MS);
      }
    }
  }

  /**
   * Marks sent the rows of the e-mails the journal holds, before any claim: a row whose claim ran out while the
   * database was away is then not taken and sent again. Throws while the database is still away.
   */
  private async markJournalSent(): Promise<void> {
    for (const entry of this.journal.pending()) {
      try {
        await this.store.markSent(entry.queue, entry.id, entry.attempts, entry.claimer);
      } catch (error) {
        if (!refusedByTheDatabase(error)) throw error;
        this.journal.settled(entry);
        log.error(`${LABELS[entry.queue]} ${entry.id} du journal des envois impossible à noter, oublié :`, error);
        continue;
      }
      this.journal.settled(entry);
      log.info(`${LABELS[entry.queue]} ${entry.id} noté comme envoyé, d'après le journal des envois.`);
    }
  }

  /** Sends one e-mail of `queue` and notes the outcome in its row: sent, or tried again later, or failed. */
  private async deliver(
    queue: OutboxQueue,
    id: number,
    row: { attempts: number; queued_at: string },
    mail: Parameters<Transporter["sendMail"]>[0],
  ): Promise<void> {
    if (!(await this.store.stillHolds(queue, id))) return;
    let error: string | undefined;
    let refused = false;
    try {
      await this.transport.sendMail(mail);
    } catch (caught) {
      error = sendFailureText(caught);
      refused = queue === "visitors" && isRefusedAddress(caught);
    }
    const attempts = row.attempts + 1;
    const label = `${LABELS[queue]} ${id}`;
    if (error === undefined) {
      try {
        await this.store.markSent(queue, id, attempts);
      } catch (lost) {
        // The mail server has it: whatever the database says later, it is not sent again.
        this.journal.add({ queue, id, attempts, claimer: this.store.claimer });
        log.error(`${label} envoyé, mais pas encore noté comme tel (base injoignable) : gardé dans le journal.`);
        throw lost;
      }
      log.info(`${label} envoyé par e-mail.`);
      return;
    }
    const delay = retryDelayMs(attempts);
    const givesUp = Date.now() + delay - new Date(row.queued_at).getTime() > GIVE_UP_AFTER_MS;
    await this.store.markFailed(queue, id, { attempts, error, givesUp, retryInSeconds: delay / 1000, refused });
    log.error(
      refused
        ? `${label} refusé par le serveur du destinataire, adresse effacée : ${error}`
        : givesUp
          ? `${label} jamais envoyé par e-mail en 24 h, abandonné : ${error}`
          : `${label} non envoyé par e-mail (tentative ${attempts}, nouvel essai dans ${Math.round(delay / 1000)} s) : ${error}`,
    );
  }
}

/** The outboxes this process runs: a backend starts its own, and two backends on one database each have one. */
const runningOutboxes = new Set<MailOutbox>();

/** Resolves once every outbox of this process has looked again (MailOutbox.lookedAgain). */
export async function everyOutboxLookedAgain(): Promise<void> {
  await Promise.all([...runningOutboxes].map((outbox) => outbox.lookedAgain()));
}

/**
 * Starts an outbox on `store`, sending through SMTP_URL: it sends what is already due at once, and finishes the
 * e-mail under way when the server stops, then calls `afterStop`. `dataDir` keeps its journal of e-mails sent but
 * not yet marked so across restarts, and those an instance that is gone left there are taken over.
 */
export async function startOutbox(
  store: OutboxStore,
  mail: MailConfig,
  { dataDir, afterStop }: { dataDir?: string; afterStop?: () => void } = {},
): Promise<MailOutbox> {
  const { createTransport } = await import("nodemailer");
  const transport = createTransport({
    url: mail.smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    // Gmail and Yahoo refuse bulk e-mail that is not signed for the sender's domain.
    ...(mail.dkim ? { dkim: mail.dkim } : {}),
  });
  const journal = new SentJournal(dataDir, store.claimer);
  const claimerAlive = store.claimerAlive?.bind(store);
  if (claimerAlive) await journal.adoptLeftovers(async (claimer) => !(await claimerAlive(claimer)));
  const outbox = new MailOutbox(store, transport, mail, journal);
  runningOutboxes.add(outbox);
  onShutdown(async () => {
    await outbox.stop();
    afterStop?.();
  });
  outbox.wake();
  return outbox;
}
