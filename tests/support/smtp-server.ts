import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { SMTP_WAIT_MS } from "./timeouts";

export interface ReceivedMail {
  raw: string;
  /** The envelope's recipients (RCPT TO), whatever the headers say. */
  recipients: string[];
  /** The user name the client signed in with. */
  user: string | undefined;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  /** The e-mails `hold` kept unanswered: the client still waits for the server's word that it took them. */
  held: string[];
  /** Waits until `count` e-mails have arrived (SMTP_WAIT_MS at most by default). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  /** The e-mails sent to `address`, parsed, once there are `count` (SMTP_WAIT_MS at most). */
  mailsTo: (address: string, count: number) => Promise<ParsedMail[]>;
  /** How many e-mails `address` has received so far. */
  countTo: (address: string) => number;
  stop: () => Promise<void>;
}

/**
 * The settings of a site that e-mails through `smtp` (signed in as its user) and sends the visitors' alerts a second
 * after a change: what the alerts' tests run.
 */
export const alertingSiteEnv = (smtp: Pick<TestSmtpServer, "port">): Record<string, string> => ({
  SMTP_URL: `smtp://site:motdepasse@127.0.0.1:${smtp.port}`,
  CONTACT_TO_EMAIL: "proprietaire@exemple.fr",
  CONTACT_FROM_EMAIL: "CodeParrain <site@exemple.fr>",
  VISITOR_ALERTS_DELAY_SECONDS: "1",
});

/**
 * A real SMTP server on the loopback interface (the `smtp-server` package), without TLS, that signs in `user` with
 * `password` only and keeps every e-mail it receives as it received it. `port` 0 takes a free one.
 */
export async function startSmtpServer({
  port = 0,
  user = "site",
  password = "motdepasse",
  hold = () => false,
  refuse = () => false,
  beforeTaking = async () => undefined,
}: {
  port?: number;
  user?: string;
  password?: string;
  /** Whether to leave an e-mail unanswered, as a server that stalls would: it is then not taken. */
  hold?: (raw: string) => boolean;
  /**
   * Whether to refuse a recipient for good (550), as a server whose mailbox does not exist does: true, or the text
   * of the refusal (which may quote the address, as real servers do).
   */
  refuse?: (address: string) => boolean | string;
  /** Runs before the server says it took an e-mail (what happens to the sender just then). */
  beforeTaking?: (raw: string) => Promise<void>;
} = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const held: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user: auth.username });
      else callback(new Error("Identifiants refusés"));
    },
    onRcptTo(address, _session, callback) {
      const refusal = refuse(address.address);
      if (refusal) {
        const text = typeof refusal === "string" ? refusal : "Boîte aux lettres inconnue";
        callback(Object.assign(new Error(text), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        if (hold(raw)) {
          held.push(raw);
          return;
        }
        void beforeTaking(raw).then(() => {
          received.push({
            raw,
            recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
            user: typeof session.user === "string" ? session.user : undefined,
          });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    received,
    held,
    async waitFor(count, timeoutMs = SMTP_WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(
            `Serveur SMTP de test : ${received.length} e-mail(s) reçu(s) sur ${count} attendu(s) en ${timeoutMs / 1000} s.`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received;
    },
    async mailsTo(address, count) {
      const deadline = Date.now() + SMTP_WAIT_MS;
      for (;;) {
        const mails = received.filter((mail) => mail.recipients.includes(address));
        if (mails.length >= count) return Promise.all(mails.map((mail) => simpleParser(mail.raw)));
        if (Date.now() > deadline) {
          throw new Error(
            `${mails.length} e-mail(s) pour ${address} sur ${count} attendu(s) en ${SMTP_WAIT_MS / 1000} s.`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    countTo: (address) => received.filter((mail) => mail.recipients.includes(address)).length,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
