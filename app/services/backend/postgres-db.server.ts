import { randomBytes } from "node:crypto";
import pg from "pg";
import { log } from "../log.server";
import { migrate } from "./migrations.server";
import { ownConnection } from "./own-connection.server";
import { deleteExpiredVisitorData } from "./retentions.server";
import { toSiteChange } from "./site-changes.server";
import { poolSession, underMigrationLock, type SqlSession } from "./sql-session.server";
import { STATEMENT_TIMEOUT_MS } from "../config/values.server";
import type { SiteChange, SiteChangeListener } from "./types.server";

/** How often an instance looks whether the day's retentions are still to run (the first to look runs them). */
const DAILY_JOBS_CHECK_MS = 60 * 60 * 1000;
/** Waits between two attempts to listen again after the connection was lost: doubled from 0.5 s up to 10 s. */
const RELISTEN_FIRST_MS = 500;
const RELISTEN_MAX_MS = 10_000;
/** The channel the migrations' triggers announce changes on (20250205000000_site_changes_announced.sql). */
const CHANNEL = "site_changes";
/**
 * The listening connection notifies itself this often; heard from for longer than HEARTBEAT_LOST_MS, it is taken
 * for dead and replaced. A connection cut cleanly says so at once, but one whose server side froze or whose network
 * path dropped silently only falls quiet: its instance would miss every change until TCP gave up, minutes later.
 */
const HEARTBEAT_EVERY_MS = 1_000;
const HEARTBEAT_LOST_MS = 4_000;

interface OpenPostgres {
  session: SqlSession;
  pool: pg.Pool;
  /** The server's process ids of this instance's own connections: their changes are already known here. */
  ownProcesses: Set<number>;
  stop: () => Promise<void>;
}

const databases = new Map<string, Promise<OpenPostgres>>();

const processIdOf = (client: pg.ClientBase) => (client as unknown as { processID?: number }).processID;

/**
 * The Postgres server at `url`, reached through a pool of `poolSize` connections, migrated on first use: under the
 * migrations' advisory lock, so that instances starting together apply each migration once. A failed start (the
 * server down) is forgotten, so that the next call tries again: the site comes back by itself.
 */
export function openPostgresDatabase(url: string, poolSize: number): Promise<SqlSession> {
  return openPostgres(url, poolSize).then((db) => db.session);
}

function openPostgres(url: string, poolSize: number): Promise<OpenPostgres> {
  let db = databases.get(url);
  if (!db) {
    db = start(url, poolSize);
    databases.set(url, db);
    db.catch(() => databases.delete(url));
  }
  return db;
}

async function start(url: string, poolSize: number): Promise<OpenPostgres> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    application_name: "codeparrain",
  });
  const ownProcesses = new Set<number>();
  pool.on("connect", (client) => {
    const id = processIdOf(client);
    if (id !== undefined) ownProcesses.add(id);
  });
  pool.on("remove", (client) => {
    const id = processIdOf(client);
    if (id !== undefined) ownProcesses.delete(id);
  });
  // A connection lost while idle (the server restarted) is dropped from the pool; the next query opens another.
  pool.on("error", (error) => log.error("Connexion à Postgres perdue :", error.message));
  try {
    const report = await underMigrationLock(pool, (session) => migrate(session));
    if (report.applied.length > 0) log.info(`Migrations appliquées : ${report.applied.join(", ")}.`);
    await warnIfSuperuser(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const session = poolSession(pool);
  const jobs = await scheduleDailyJobs(session);
  return {
    session,
    pool,
    ownProcesses,
    stop: async () => {
      clearInterval(jobs);
      await pool.end();
    },
  };
}

/**
 * A superuser bypasses row-level security and every grant: a flaw in the site's SQL would then reach all of the
 * database. The site runs as well under the role docs/several-instances.md describes, so it says so at start.
 */
async function warnIfSuperuser(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ name: string; superuser: boolean }>(
    "select current_user as name, rolsuper as superuser from pg_roles where rolname = current_user",
  );
  const role = rows[0];
  if (role?.superuser) {
    log.warn(
      `DATABASE_URL se connecte en superutilisateur (${role.name}) : la sécurité par ligne et les droits ne le ` +
        "retiennent pas. Créez un rôle sans ce privilège pour le site (docs/several-instances.md).",
    );
  }
}

/**
 * The retentions, once a day across instances, unless pg_cron runs them in the database (as on hosted Supabase):
 * each instance looks every hour, the first one to look on a new day runs them.
 */
async function scheduleDailyJobs(session: SqlSession): Promise<NodeJS.Timeout | undefined> {
  const cron = await session.query<{ loaded: boolean }>(
    "select exists (select 1 from pg_extension where extname = 'pg_cron') as loaded",
  );
  if (cron.rows[0]?.loaded) return undefined;
  const run = () =>
    deleteExpiredVisitorData(session, { onceADay: true }).catch((error: unknown) => {
      if (!session.closed) log.error("Suppression des données arrivées à échéance impossible :", error);
    });
  await run();
  const timer = setInterval(() => void run(), DAILY_JOBS_CHECK_MS);
  timer.unref();
  return timer;
}

/**
 * Calls `listener` for each change another instance, or anyone else, made to what the caches keep, as Postgres
 * announces it (LISTEN). The connection is its own, outside the pool; when it is lost, changes may be missed:
 * `listener.missed()` is called once it listens again. The function returned stops listening.
 */
export function listenToSiteChanges(url: string, poolSize: number, listener: SiteChangeListener): () => void {
  let stopped = false;
  let client: pg.Client | undefined;
  let wait = RELISTEN_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (afterLoss: boolean) => {
    const { ownProcesses } = await openPostgres(url, poolSize);
    const current = ownConnection(url, "codeparrain-listen");
    client = current;
    let listening = false;
    const heartbeat = `${CHANNEL}_battement_${randomBytes(6).toString("hex")}`;
    let heardAt = Date.now();
    const beats = setInterval(() => {
      if (Date.now() - heardAt > HEARTBEAT_LOST_MS) {
        clearInterval(beats);
        // Ends the socket, whatever the server does: `end` follows, and with it a new connection.
        (current as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
        return;
      }
      current.query(`notify ${heartbeat}`).catch(() => undefined);
    }, HEARTBEAT_EVERY_MS);
    beats.unref();
    current.on("error", () => undefined);
    current.on("end", () => {
      clearInterval(beats);
      if (client === current && listening) lost();
    });
    current.on("notification", ({ channel, processId, payload }) => {
      if (channel === heartbeat) {
        heardAt = Date.now();
        return;
      }
      if (ownProcesses.has(processId) || !payload) return;
      const change = parseChange(payload);
      if (change) listener.changed(change);
    });
    await current.connect();
    await current.query(`listen ${CHANNEL}`);
    await current.query(`listen ${heartbeat}`);
    heardAt = Date.now();
    listening = true;
    if (stopped) {
      await current.end().catch(() => undefined);
      return;
    }
    wait = RELISTEN_FIRST_MS;
    // What changed while nobody listened is unknown: everything kept may be out of date.
    if (afterLoss) listener.missed();
  };

  const attempt = (afterLoss: boolean) => {
    if (stopped) return;
    connect(afterLoss).catch(() => {
      const failed = client;
      client = undefined;
      void failed?.end().catch(() => undefined);
      retry = setTimeout(() => attempt(true), wait);
      retry.unref();
      wait = Math.min(wait * 2, RELISTEN_MAX_MS);
    });
  };

  const lost = () => {
    client = undefined;
    if (stopped) return;
    log.error("Écoute des changements perdue : nouvel essai, puis tous les caches seront relus.");
    attempt(true);
  };

  attempt(false);
  return () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    void current?.end().catch(() => undefined);
  };
}

/** A notice of the triggers, checked: anything else is ignored. */
function parseChange(payload: string): SiteChange | undefined {
  try {
    return toSiteChange(JSON.parse(payload) as { event?: unknown; offerSlug?: unknown });
  } catch {
    return undefined;
  }
}

/** Closes every pool this process opened, for a clean stop. */
export async function closePostgresDatabases(): Promise<void> {
  const open = [...databases.values()];
  databases.clear();
  await Promise.all(open.map(async (db) => (await db.catch(() => undefined))?.stop()));
}
