/**
 * Prints what visitors said about the codes in the embedded database, worst first: `npm run feedback`. One line per
 * offer with votes in the summary's window (90 days): its slug, the "Oui" and "Non", the success rate, the latest
 * vote and the reason given most often. Reads a copy of the data folder, so it is safe while the site is running.
 */
import { FEEDBACK_RULES, reasonLabel } from "@contract/feedback-contract";
import { readSiteDatabase } from "./lib/database-copy";
import { databaseDir } from "../app/services/storage/data-dir.server";

const dataDir = databaseDir(process.env.DATA_DIR ?? ".data");

interface Line {
  offer_slug: string;
  yes_votes: number;
  no_votes: number;
  last_vote: string;
  top_reason: string | null;
}

const stored = await readSiteDatabase(dataDir, "feedback", async (db) => {
  const { rows } = await db.query<Line>(
    `select offer_slug, yes_votes, no_votes, top_reason,
            to_char(last_vote_on, 'YYYY-MM-DD') as last_vote
       from public.code_feedback_summary()`,
  );
  return rows;
});
if (!stored.found) {
  console.log(`Aucune base embarquée dans ${dataDir} : lancez d'abord le site (npm start).`);
  process.exit(0);
}
const lines = stored.value;

const rate = (line: Line) => line.yes_votes / (line.yes_votes + line.no_votes);
lines.sort((a, b) => rate(a) - rate(b) || b.no_votes - a.no_votes || a.offer_slug.localeCompare(b.offer_slug));

if (lines.length === 0) {
  console.log(`Aucun avis sur les ${FEEDBACK_RULES.windowDays} derniers jours.`);
  process.exit(0);
}
console.log(`Avis des ${FEEDBACK_RULES.windowDays} derniers jours, du moins bon au meilleur :\n`);
const table = [
  ["offre", "oui", "non", "réussite", "dernier avis", "raison la plus fréquente"],
  ...lines.map((line) => [
    line.offer_slug,
    String(line.yes_votes),
    String(line.no_votes),
    `${Math.round(rate(line) * 100)} %`,
    line.last_vote,
    reasonLabel(line.top_reason) ?? "-",
  ]),
];
const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
for (const row of table)
  console.log(
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join("  ")
      .trimEnd(),
  );
