import pg from "pg";

/**
 * The one way the backend's SQL reaches a database: a query with parameters, a script of several statements, and a
 * transaction on one connection. PGlite (the embedded database, in the process) has this shape as it is; a Postgres
 * server gets it from node-postgres through `poolSession` and `clientSession`, with the values parsed as PGlite
 * parses them, so that the same SQL gives the same rows on both.
 */
export interface SqlRunner {
  /** The rows of one statement, and how many rows it wrote. */
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
  /**
   * Several statements without parameters (a migration, a batch of reads) in one round trip, as one implicit
   * transaction: the rows of each, in order.
   */
  exec(sql: string): Promise<{ rows: unknown[] }[]>;
}

export interface SqlSession extends SqlRunner {
  /** Runs `work` in a transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /** Once closed, nothing more runs on it. */
  readonly closed: boolean;
}

const DATE = 1082;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;
const INT8 = 20;

/**
 * As PGlite parses them, with the backend's own choice on dates: dates and timestamps stay text (the REST API's ISO
 * strings), a bigint is a number while it is a safe integer.
 */
export const PGLITE_LIKE_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === DATE || oid === TIMESTAMP || oid === TIMESTAMPTZ) return (value: string) => value;
    if (oid === INT8) {
      return (value: string) => {
        const big = BigInt(value);
        return big >= Number.MIN_SAFE_INTEGER && big <= Number.MAX_SAFE_INTEGER ? Number(big) : big;
      };
    }
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig["getTypeParser"],
};

type Queryable = Pick<pg.ClientBase, "query">;

const rowsOf = <T>(result: pg.QueryResult) => ({ rows: result.rows as T[], affectedRows: result.rowCount ?? 0 });

/** node-postgres answers a simple query of several statements with an array, of one statement with one result. */
const resultsOf = (result: pg.QueryResult | pg.QueryResult[]) =>
  (Array.isArray(result) ? result : [result]).map(({ rows }) => ({ rows: rows as unknown[] }));

const runnerOf = (client: Queryable): SqlRunner => ({
  query: async <T>(sql: string, params?: unknown[]) =>
    rowsOf<T>(await client.query({ text: sql, values: params, types: PGLITE_LIKE_TYPES })),
  exec: async (sql: string) =>
    resultsOf((await client.query({ text: sql, types: PGLITE_LIKE_TYPES })) as pg.QueryResult | pg.QueryResult[]),
});

async function inTransaction<T>(client: pg.ClientBase, work: (tx: SqlRunner) => Promise<T>): Promise<T> {
  await client.query("begin");
  try {
    const result = await work(runnerOf(client));
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  }
}

/** One connection held by its caller (the migrations' session, which holds their advisory lock). */
export function clientSession(client: pg.ClientBase): SqlSession {
  return { ...runnerOf(client), transaction: (work) => inTransaction(client, work), closed: false };
}

/** A pool: each query on any free connection, each transaction on one connection taken for it. */
export function poolSession(pool: pg.Pool): SqlSession {
  return {
    ...runnerOf(pool),
    get closed() {
      return pool.ending || pool.ended;
    },
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        return await inTransaction(client, work);
      } finally {
        client.release();
      }
    },
  };
}

/** The advisory lock the migrations run under: two instances starting together apply each migration once. */
export const MIGRATION_LOCK = 7_312_025_001;

/**
 * Runs `work` on one connection of `pool` that holds the migrations' advisory lock for as long as it runs: a second
 * instance waits for the first to finish, then finds every migration applied.
 */
export async function underMigrationLock<T>(pool: pg.Pool, work: (session: SqlSession) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    // A migration may rewrite a large table, and the lock waits for another instance's: no time limit here.
    await client.query("set statement_timeout = 0");
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      return await work(clientSession(client));
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
      await client.query("reset statement_timeout");
    }
  } finally {
    client.release();
  }
}
