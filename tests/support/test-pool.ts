/**
 * The connections tests open to a Postgres server, each with an `error` listener: a cluster that stops, or a
 * server that terminates a backend, makes an idle client emit `error`, which without a listener is an unhandled
 * error that fails the whole run. Whatever a test leaves open is closed by `closeTestConnections()`, which the
 * helpers that stop a cluster call first.
 */
import pg from "pg";

const open = new Set<() => Promise<void>>();

/** What idle connections reported: a lost connection is expected when a test stops a server under them. */
const ignoreLostConnection = () => undefined;

/** A pool of connections to `connectionString`, closed with the others before the cluster stops. */
export function testPool(connectionString: string, config: Omit<pg.PoolConfig, "connectionString"> = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString, ...config });
  pool.on("error", ignoreLostConnection);
  open.add(async () => {
    if (!pool.ending && !pool.ended) await pool.end().catch(() => undefined);
  });
  return pool;
}

/** One client of `connectionString`, connected, with its listener; closed like the pools. */
export async function testClient(connectionString: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString });
  client.on("error", ignoreLostConnection);
  let ended = false;
  client.once("end", () => (ended = true));
  open.add(async () => {
    if (!ended) await client.end().catch(() => undefined);
  });
  await client.connect();
  return client;
}

/** Closes every pool and client still open: before a cluster stops, and after a file's tests. */
export async function closeTestConnections(): Promise<void> {
  const closing = [...open];
  open.clear();
  await Promise.all(closing.map((close) => close()));
}
