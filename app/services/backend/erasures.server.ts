import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite, Transaction } from "@electric-sql/pglite";

/**
 * The erasures (a visitor's message the owner erased on request, a testimonial its author or the owner erased),
 * kept outside the database, in the data folder: a backup restored later still holds what was erased, and
 * `npm run restore` erases it again from this list. A line names the row by its table, its id and its time of
 * arrival (an id alone may be given again after a restore), never by what it said.
 */
export const ERASURES_FILE = "effacements.jsonl";

/** The tables whose rows are erased on request. */
const ERASABLE = ["contact_messages", "testimonials"] as const;
type ErasableTable = (typeof ERASABLE)[number];

interface Erasure {
  table: ErasableTable;
  id: number;
  createdAt: string;
  erasedAt: string;
}

/** Notes that a row was erased. */
export function recordErasure(
  dataDir: string,
  id: number,
  createdAt: string,
  now = new Date(),
  table: ErasableTable = "contact_messages",
): void {
  const erasure: Erasure = { table, id, createdAt, erasedAt: now.toISOString() };
  appendFileSync(path.join(dataDir, ERASURES_FILE), `${JSON.stringify(erasure)}\n`, { mode: 0o600 });
}

function erasuresOf(dataDir: string): Erasure[] {
  const file = path.join(dataDir, ERASURES_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Erasure)
    .filter((erasure) => ERASABLE.includes(erasure.table) && Number.isSafeInteger(erasure.id));
}

/** Erases again, in `db`, every row the list names: gives how many were still there. */
export async function reapplyErasures(db: PGlite | Transaction, dataDir: string): Promise<number> {
  let erased = 0;
  for (const { table, id, createdAt } of erasuresOf(dataDir)) {
    // The table's name comes from the list above, never from the file.
    const name = ERASABLE.find((candidate) => candidate === table);
    const result = await db.query(`delete from public.${name} where id = $1 and created_at = $2`, [id, createdAt]);
    erased += result.affectedRows ?? 0;
  }
  return erased;
}
