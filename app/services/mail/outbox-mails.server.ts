/** The e-mails the outbox sends, built from their rows: headers on one line, Reply-To that cannot pose as another. */
import { INVISIBLE_MARKS, subjectLabel } from "@contract/contact-contract";
import type { MessageColumns } from "../backend/owner-message-row.server";
import type { MailConfig } from "../config/env.server";

/**
 * Whether a failure is the recipient's server refusing the address for good (a 5xx answer to RCPT TO, or to the
 * message): the address is then erased. A 5xx to the site's own sign-in (535) is the site's configuration, not the
 * address's.
 */
export function isRefusedAddress(error: unknown): boolean {
  const { responseCode, command, code } = (error ?? {}) as { responseCode?: number; command?: string; code?: string };
  if (typeof responseCode !== "number" || responseCode < 500 || responseCode > 599) return false;
  return code === "EENVELOPE" || command === "RCPT TO" || command === "DATA";
}

/** Characters that would end a header line: a name or a subject stays on its header's line. */
// eslint-disable-next-line no-control-regex
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
// Runs of spaces made one; the no-break ones of French spacing kept (catalogue/typography.ts).
export const oneLine = (value: string) =>
  value
    .replace(LINE_BREAKING, " ")
    .replace(/[^\S\u00a0\u202f]+/g, " ")
    .trim();
const INVISIBLE = new RegExp(INVISIBLE_MARKS.source, "g");
/**
 * The visitor's name as Reply-To's display name: without what would make it pose as an address (< > @ and quotes)
 * or hide marks, whatever a row stored before the form refused them holds.
 */
const displayName = (name: string) => oneLine(name.replace(INVISIBLE, "").replace(/[<>@"\\]/g, " "));

/**
 * The e-mail of one stored message, in the words send-contact-email uses on hosted Supabase: the subject names the
 * form's subject or the brand, Reply-To is the visitor. Names and subjects go into headers on one line.
 */
export function messageMail(row: MessageColumns, mail: MailConfig) {
  const name = oneLine(row.name);
  const topic = row.brand_name
    ? ["Marque", oneLine(row.brand_name)]
    : ["Sujet", subjectLabel(row.subject ?? undefined) ?? oneLine(String(row.subject))];
  const receivedAt = new Date(row.created_at).toLocaleString("fr-FR", { timeZone: "Europe/Paris" });
  return {
    from: mail.from,
    to: mail.to,
    replyTo: { name: displayName(row.name), address: oneLine(row.email) },
    subject: `${row.brand_name ? "[Question]" : "[Contact]"} ${topic[1]}`.slice(0, 150),
    text: [
      row.brand_name ? "Nouvelle question sur une offre" : "Nouveau message de contact",
      "",
      `Nom : ${name}`,
      `Email : ${row.email}`,
      `${topic[0]} : ${topic[1]}`,
      `Reçu le : ${receivedAt}`,
      "",
      "Message :",
      row.message,
      "",
      "Répondez à ce courriel pour écrire au visiteur.",
    ].join("\n"),
  };
}

/**
 * A visitor's e-mail: to its one address, with the one-click unsubscribe of RFC 8058 when it has one (the POST goes
 * to the same address as the link, which shows a page with a button when opened).
 */
export function visitorMail(
  row: { recipient: string; subject: string; body: string; unsubscribe_url: string | null },
  mail: MailConfig,
) {
  return {
    from: mail.from,
    to: oneLine(row.recipient),
    subject: oneLine(row.subject),
    text: row.body,
    ...(row.unsubscribe_url
      ? {
          list: { unsubscribe: row.unsubscribe_url },
          headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        }
      : {}),
  };
}

/** A text without the addresses it may quote ("connect to <anne@exemple.fr>"), for the log. */
const withoutAddresses = (text: string): string => text.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, "<adresse>");

/**
 * What the log and the row keep of a failed send. A mail server's answer is reduced to its codes (status, enhanced
 * status, the command it answered): its text may quote the recipient in any spelling ("jean.dupont... User unknown",
 * "jean.dupont%40exemple.fr"), which no pattern can find for sure. Another failure (the connection) keeps its
 * message, without the addresses it may hold.
 */
export function sendFailureText(error: unknown): string {
  const { responseCode, response, command, code, message } = (error ?? {}) as Record<string, unknown>;
  if (typeof responseCode === "number") {
    const enhanced = typeof response === "string" ? /\b[245]\.\d{1,3}\.\d{1,3}\b/.exec(response)?.[0] : undefined;
    const answered = typeof command === "string" ? `à ${oneLine(command).slice(0, 20)}` : undefined;
    const kind = typeof code === "string" ? `(${oneLine(code).slice(0, 20)})` : undefined;
    return ["Réponse du serveur de messagerie", String(responseCode), enhanced, answered, kind]
      .filter(Boolean)
      .join(" ");
  }
  const text = typeof message === "string" && message !== "" ? message : String(error);
  return withoutAddresses(oneLine(text)).slice(0, 1000);
}
