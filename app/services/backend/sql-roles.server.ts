import type { SqlRunner, SqlSession } from "./sql-session.server";

/**
 * The backend's SQL as the roles of hosted Supabase: a transaction as `anon` or `service_role`, so that row-level
 * security and grants apply as they do through the REST API, and the anonymous reads of a turn of the event loop
 * gathered in one round trip.
 */

/** How a database's failures are told: the embedded one names its full disk (embedded-db.server.ts). */
const describedFailures = new WeakMap<SqlSession, (error: unknown) => unknown>();

/** Has the failures of `db` told by `describe` (its full disk, for the embedded database). */
export function describeFailuresOf(db: SqlSession, describe: (error: unknown) => unknown): void {
  describedFailures.set(db, describe);
}

const described = (db: SqlSession, error: unknown) => describedFailures.get(db)?.(error) ?? error;

/** Runs `work` in a transaction as `role`, so row-level security and grants apply as they do through the REST API. */
export async function asRole<T>(
  db: SqlSession,
  role: "anon" | "service_role",
  work: (tx: SqlRunner) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`);
      return work(tx);
    });
  } catch (error) {
    throw described(db, error);
  }
}

interface PendingRead {
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
}

/** The reads asked for since the last query went out, by their select: one query takes them all. */
const pendingReads = new WeakMap<SqlSession, Map<string, PendingRead[]>>();

/**
 * The rows of one constant `select` read as the anon role. The selects asked for within one turn of the event loop
 * (a page's brands and votes, and those of the other requests under way) go out together in a single simple query,
 * whose statements run as one implicit transaction, so the role ends with it: each round trip to the embedded
 * Postgres has a fixed cost, paid once. The same select asked for twice is read once for both, which then share the
 * rows: read them, never change them. The select returns one `json` column named `rows`, as the REST API would give
 * them (dates as ISO strings).
 */
export function readAsAnon<T>(db: SqlSession, select: string): Promise<T[]> {
  return new Promise<unknown[]>((resolve, reject) => {
    let batch = pendingReads.get(db);
    if (!batch) {
      const reads = new Map<string, PendingRead[]>();
      pendingReads.set(db, reads);
      setImmediate(() => {
        pendingReads.delete(db);
        void runReads(db, reads);
      });
      batch = reads;
    }
    const waiting = batch.get(select);
    if (waiting) waiting.push({ resolve, reject });
    else batch.set(select, [{ resolve, reject }]);
  }) as Promise<T[]>;
}

async function runReads(db: SqlSession, reads: Map<string, PendingRead[]>): Promise<void> {
  const selects = [...reads.keys()];
  try {
    const results = await db.exec(`set local role anon; ${selects.join("; ")}`);
    selects.forEach((select, index) => {
      const [row] = results[index + 1]?.rows ?? [];
      const rows = (row as { rows?: unknown[] | null } | undefined)?.rows ?? [];
      for (const read of reads.get(select) ?? []) read.resolve(rows);
    });
  } catch (error) {
    if (selects.length === 1) {
      for (const read of reads.get(selects[0] ?? "") ?? []) read.reject(described(db, error));
      return;
    }
    // A failed select fails the whole query: each select gets its own answer, as if it had gone alone.
    await Promise.all(selects.map((select) => runReads(db, new Map([[select, reads.get(select) ?? []]]))));
  }
}
