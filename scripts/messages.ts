/**
 * Prints the messages stored in the embedded database, newest first, each with where its e-mail stands (sent,
 * waiting for another try, failed, or not e-mailed without SMTP_URL) and whether it was marked handled in the back
 * office: `npm run messages [-- --limit 50]`.
 * Reads a copy of the data folder so that it is safe while the site is running: it never opens the server's own
 * files nor takes the folder's lock (DATA_DIR/lock). Control characters of what visitors wrote are printed as
 * escapes (\x1b), so that the terminal obeys none of them.
 */
import { printable, subjectLabel } from "@contract/contact-contract";
import { readSiteDatabase } from "./lib/database-copy";
import { databaseDir } from "../app/services/storage/data-dir.server";

interface MessageRow {
  created_at: string;
  name: string;
  email: string;
  subject: string | null;
  brand_name: string | null;
  message: string;
  state: "pending" | "sent" | "failed" | null;
  attempts: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
  handled_at: string | null;
}

/** Where the e-mail of a message stands, in one line. */
function deliveryState(row: MessageRow): string {
  const error = row.last_error ? ` ; dernière erreur : ${printable(row.last_error)}` : "";
  switch (row.state) {
    case "sent":
      return `envoyé par e-mail le ${row.sent_at}`;
    case "failed":
      return `échec de l'envoi par e-mail après ${row.attempts} tentative(s) en 24 h${error}`;
    case "pending":
      return row.attempts
        ? `e-mail en attente : ${row.attempts} tentative(s) échouée(s), prochain essai le ${row.next_attempt_at}${error}`
        : "e-mail en attente d'envoi";
    default:
      return "enregistré seulement, pas envoyé par e-mail (SMTP_URL n'était pas défini)";
  }
}

const dataDir = databaseDir(process.env.DATA_DIR ?? ".data");
const limitArg = process.argv.indexOf("--limit");
const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) || 50 : 50;

const stored = await readSiteDatabase(dataDir, "messages", async (db) => {
  // The outbox exists once the server has applied its migration; before that, no message was e-mailed.
  const hasOutbox =
    (await db.query<{ found: boolean }>("select to_regclass('public.message_outbox') is not null as found")).rows[0]
      ?.found ?? false;
  // So does the back office's column.
  const hasHandled =
    (
      await db.query<{ found: boolean }>(
        `select exists (select 1 from information_schema.columns
          where table_schema = 'public' and table_name = 'contact_messages' and column_name = 'handled_at') as found`,
      )
    ).rows[0]?.found ?? false;
  const { rows } = await db.query<MessageRow>(
    `select to_char(m.created_at at time zone 'Europe/Paris', 'YYYY-MM-DD HH24:MI') as created_at, m.name, m.email,
            m.subject, m.brand_name, m.message, ${
              hasHandled
                ? "to_char(m.handled_at at time zone 'Europe/Paris', 'YYYY-MM-DD HH24:MI') as handled_at"
                : "null as handled_at"
            }, ${
              hasOutbox
                ? `o.state, o.attempts, o.last_error,
                   to_char(o.next_attempt_at at time zone 'Europe/Paris', 'YYYY-MM-DD HH24:MI:SS') as next_attempt_at,
                   to_char(o.sent_at at time zone 'Europe/Paris', 'YYYY-MM-DD HH24:MI') as sent_at`
                : "null as state, null as attempts, null as last_error, null as next_attempt_at, null as sent_at"
            }
       from public.contact_messages m ${hasOutbox ? "left join public.message_outbox o on o.message_id = m.id" : ""}
      order by m.created_at desc limit $1`,
    [limit],
  );
  const total =
    (await db.query<{ n: number }>("select count(*)::int as n from public.contact_messages")).rows[0]?.n ?? 0;
  return { rows, total };
});
if (!stored.found) {
  console.log(`Aucune base embarquée dans ${dataDir} : lancez d'abord le site (npm start).`);
  process.exit(0);
}
const { rows, total } = stored.value;
console.log(`${total} message(s) enregistré(s)${total > rows.length ? `, les ${rows.length} plus récents` : ""} :\n`);
for (const row of rows) {
  const about = row.brand_name
    ? `Question sur ${printable(row.brand_name)}`
    : `Sujet : ${subjectLabel(row.subject ?? undefined) ?? printable(String(row.subject))}`;
  console.log(`— ${row.created_at}  ${printable(row.name)} <${printable(row.email)}>  ${about}`);
  console.log(`  Envoi : ${deliveryState(row)}`);
  console.log(`  ${row.handled_at ? `Traité le ${row.handled_at}` : "À traiter"}`);
  console.log(`  ${printable(row.message, { keepLines: true }).replace(/\n/g, "\n  ")}\n`);
}
