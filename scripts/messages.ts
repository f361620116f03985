/**
 * Prints the messages stored in the embedded database, newest first: `npm run messages [-- --limit 50]`.
 * Reads a copy of the data folder so that it is safe while the site is running: it never opens the server's own
 * files nor takes the folder's lock (DATA_DIR/lock). Control characters of what visitors wrote are printed as
 * escapes (\x1b), so that the terminal obeys none of them.
 */
import { existsSync } from "node:fs";
import { printable, subjectLabel } from "@contract/contact-contract";
import { readDatabaseCopy } from "./lib/database-copy";
import { databaseDir } from "../app/services/data-dir.server";

const dataDir = databaseDir(process.env.DATA_DIR ?? ".data");
const limitArg = process.argv.indexOf("--limit");
const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) || 50 : 50;

if (!existsSync(dataDir)) {
  console.log(`Aucune base embarquée dans ${dataDir} : lancez d'abord le site (npm start).`);
  process.exit(0);
}
const { rows, total } = await readDatabaseCopy(dataDir, "messages", async (db) => {
  const { rows } = await db.query<{
    created_at: string;
    name: string;
    email: string;
    subject: string | null;
    brand_name: string | null;
    message: string;
  }>(
    `select to_char(created_at at time zone 'Europe/Paris', 'YYYY-MM-DD HH24:MI') as created_at, name, email, subject, brand_name, message
       from public.contact_messages order by created_at desc limit $1`,
    [limit],
  );
  const total =
    (await db.query<{ n: number }>("select count(*)::int as n from public.contact_messages")).rows[0]?.n ?? 0;
  return { rows, total };
});
console.log(`${total} message(s) enregistré(s)${total > rows.length ? `, les ${rows.length} plus récents` : ""} :\n`);
for (const row of rows) {
  const about = row.brand_name
    ? `Question sur ${printable(row.brand_name)}`
    : `Sujet : ${subjectLabel(row.subject ?? undefined) ?? printable(String(row.subject))}`;
  console.log(`— ${row.created_at}  ${printable(row.name)} <${printable(row.email)}>  ${about}`);
  console.log(`  ${printable(row.message, { keepLines: true }).replace(/\n/g, "\n  ")}\n`);
}
