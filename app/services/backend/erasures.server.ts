import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite, Transaction } from "@electric-sql/pglite";

/**
 * The owner's erasures (a visitor asked for their message to be erased), kept outside the database, in the data
 * folder: a backup restored later still holds the erased message, and `npm run restore` erases it again from this
 * list. A line names the message by its id and its time of arrival (an id alone may be given again after a
 * restore), never by what it said.
 */
export const ERASURES_FILE = "effacements.jsonl";

interface Erasure {
  table: "contact_messages";
  id: number;
  createdAt: string;
  erasedAt: string;
}

/** Notes that a message was erased. */
export function recordErasure(dataDir: string, id: number, createdAt: string, now = new Date()): void {
  const erasure: Erasure = { table: "contact_messages", id, createdAt, erasedAt: now.toISOString() };
  appendFileSync(path.join(dataDir, ERASURES_FILE), `${JSON.stringify(erasure)}\n`, { mode: 0o600 });
}

function erasuresOf(dataDir: string): Erasure[] {
  const file = path.join(dataDir, ERASURES_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Erasure)
    .filter((erasure) => erasure.table === "contact_messages" && Number.isSafeInteger(erasure.id));
}

/** Erases again, in `db`, every message the list names: gives how many were still there. */
export async function reapplyErasures(db: PGlite | Transaction, dataDir: string): Promise<number> {
  let erased = 0;
  for (const { id, createdAt } of erasuresOf(dataDir)) {
    const result = await db.query("delete from public.contact_messages where id = $1 and created_at = $2", [
      id,
      createdAt,
    ]);
    erased += result.affectedRows ?? 0;
  }
  return erased;
}
