import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { log } from "../log.server";
import { describeWriteFailure } from "../storage/disk-space.server";
import type { DatabasePlace } from "./database.server";
import type { SqlRunner } from "./sql-session.server";

/**
 * The erasures (a visitor's message the owner erased on request, a testimonial its author or the owner erased). The
 * database notes each one in the same transaction as the delete (public.erasures, written by a trigger); a copy is
 * also kept outside the database, in the data folder, for the day the database itself is lost. A backup restored
 * later still holds what was erased, and `npm run restore` erases it again from both lists. A line names the row by
 * its table, its id and its time of arrival (an id alone may be given again after a restore), never by what it said.
 */
export const ERASURES_FILE = "effacements.jsonl";

/** The tables whose rows are erased on request. */
const ERASABLE = ["contact_messages", "testimonials"] as const;
type ErasableTable = (typeof ERASABLE)[number];

export interface Erasure {
  table: ErasableTable;
  id: number;
  createdAt: string;
  erasedAt: string;
}

/**
 * Copies an erasure the embedded database has already noted to the data folder's list. The erasure is done and
 * noted whatever happens here: a failure (a full disk) is said in the log, never to the visitor or the owner as a
 * failed erasure. Gives whether the copy was written. A Postgres server's instances each have their own folder, so
 * none holds the whole list: there the database's own list is the one (`npm run restore` reads it before restoring).
 */
export function recordErasure(
  place: DatabasePlace,
  id: number,
  createdAt: string,
  now = new Date(),
  table: ErasableTable = "contact_messages",
): boolean {
  if (place.kind !== "embedded") return false;
  const { dataDir } = place;
  const erasure: Erasure = { table, id, createdAt, erasedAt: now.toISOString() };
  const file = path.join(dataDir, ERASURES_FILE);
  try {
    appendFileSync(file, `${JSON.stringify(erasure)}\n`, { mode: 0o600 });
    return true;
  } catch (error) {
    log.error(
      `Effacement fait et noté dans la base, mais pas recopié dans ${file} : ${describeWriteFailure(error, dataDir)}`,
    );
    return false;
  }
}

/** The erasures the data folder's list names (a line cut short by a full disk is skipped). */
export function journalErasures(dataDir: string): Erasure[] {
  const file = path.join(dataDir, ERASURES_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Erasure];
      } catch {
        return [];
      }
    })
    .filter((erasure) => ERASABLE.includes(erasure.table) && Number.isSafeInteger(erasure.id));
}

/** The erasures a database noted itself (public.erasures); none in a database older than that table. */
export async function ledgerErasures(db: SqlRunner): Promise<Erasure[]> {
  const exists = await db.query<{ found: boolean }>("select to_regclass('public.erasures') is not null as found");
  if (!exists.rows[0]?.found) return [];
  const { rows } = await db.query<{ table: ErasableTable; id: string; createdAt: string; erasedAt: string }>(
    `select table_name as "table", row_id::text as id, to_json(created_at)#>>'{}' as "createdAt",
            to_json(erased_at)#>>'{}' as "erasedAt"
       from public.erasures`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** Erases again, in `db`, every row `erasures` names: gives how many were still there. */
export async function reapplyErasures(db: SqlRunner, erasures: Erasure[]): Promise<number> {
  let erased = 0;
  for (const { table, id, createdAt } of erasures) {
    // The table's name comes from the list above, never from the file.
    const name = ERASABLE.find((candidate) => candidate === table);
    const result = await db.query(`delete from public.${name} where id = $1 and created_at = $2`, [id, createdAt]);
    erased += result.affectedRows ?? 0;
  }
  return erased;
}
