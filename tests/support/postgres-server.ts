import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, inject } from "vitest";
import { migrate } from "~/services/backend/migrations.server";
import { underMigrationLock } from "~/services/backend/sql-session.server";
import { freePort } from "./ports";
import { closeTestConnections, testClient, testPool } from "./test-pool";
import { DATABASE_START_MS } from "./timeouts";

const run = promisify(execFile);

/** Debian's Postgres binaries (not on PATH): the newest version installed. */
export function postgresBinaries(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(path.join(root, version, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error("Postgres introuvable dans /usr/lib/postgresql : bash scripts/ensure-tool.sh postgres");
  return path.join(root, versions[0], "bin");
}

/** The login role the site uses: no superuser, granted the roles of hosted Supabase. */
export const SITE_ROLE = "codeparrain";
/** The database every other is copied from: migrated and seeded, as a site's first start leaves it. */
const TEMPLATE_DATABASE = "modele_migre";

declare module "vitest" {
  export interface ProvidedContext {
    /** The cluster the integration files share (tests/support/global-setup.ts). */
    sharedPostgres: { port: number; version: number };
  }
}

export interface PostgresServer {
  port: number;
  /** Postgres's major version. */
  version: number;
  /** The address of `database` (the name a test gave it) for `user` (the site's role unless told). */
  url(database: string, user?: string): string;
  /**
   * A new database owned by the site's role, migrated and seeded as a site's first start leaves it (a copy of the
   * run's template). Its real name is made unique in the cluster; the test goes on calling it `name`.
   */
  createDatabase(name: string): Promise<string>;
  /** A new empty database owned by the site's role, as an owner would create it for the site. */
  createEmptyDatabase(name: string): Promise<string>;
  /** Runs SQL as the superuser on `database`. */
  asSuperuser<T = Record<string, unknown>>(database: string, sql: string, params?: unknown[]): Promise<T[]>;
}

/** A cluster of a file's own, which its tests may stop and start under a running site. */
export interface OwnPostgresServer extends PostgresServer {
  /** Stops the server, keeping its data, as a crash or a maintenance would: every connection is cut. */
  pause(): Promise<void>;
  /** Starts it again on the same port, with the same data. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** The databases of a cluster as tests name them, and what they are called in it. */
function clusterDatabases(port: number, version: number): PostgresServer {
  const names = new Map<string, string>();
  const actual = (database: string) => names.get(database) ?? database;
  const url = (database: string, user = SITE_ROLE) => `postgres://${user}@127.0.0.1:${port}/${actual(database)}`;
  const asSuperuser = async <T>(database: string, sql: string, params: unknown[] = []) => {
    const client = await testClient(url(database, "postgres"));
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const create = async (name: string, template: string) => {
    const unique = `${name}_${randomBytes(4).toString("hex")}`;
    await asSuperuser("postgres", `create database ${unique} owner ${SITE_ROLE} template ${template}`);
    names.set(name, unique);
    return url(name);
  };
  return {
    port,
    version,
    url,
    asSuperuser,
    createDatabase: (name) => create(name, TEMPLATE_DATABASE),
    createEmptyDatabase: (name) => create(name, "template1"),
  };
}

/**
 * A throw-away Postgres cluster (Debian's server): in a temporary folder with its socket, on a loopback port of
 * this worker's, with fsync off and the C locale PGlite has (French text orders the same on both), holding the
 * migrated template. Run as `postgres` through runuser when the tests run as root, since Postgres refuses root.
 */
export async function startPostgres(): Promise<OwnPostgresServer> {
  const bin = postgresBinaries();
  const dir = mkdtempSync(path.join(tmpdir(), "postgres-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const postgres = (program: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, program), ...args])
      : run(path.join(bin, program), args);
  const data = path.join(dir, "data");
  await postgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--locale=C", "--encoding=UTF8"]);
  const port = await freePort();
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300 -c deadlock_timeout=100ms`;
  const pgCtlStart = () => postgres("pg_ctl", ["-D", data, "-o", settings, "-l", path.join(dir, "log"), "-w", "start"]);
  await pgCtlStart();
  const version = Number(/^\d+/.exec(path.basename(path.dirname(bin)))?.[0] ?? 0);
  const databases = clusterDatabases(port, version);
  // The roles of hosted Supabase, made by whoever runs the server; the site's role is a member of them.
  await databases.asSuperuser(
    "postgres",
    `create role anon nologin noinherit;
     create role authenticated nologin noinherit;
     create role service_role nologin noinherit bypassrls;
     create role ${SITE_ROLE} login;
     grant anon, authenticated, service_role to ${SITE_ROLE};`,
  );
  await databases.asSuperuser("postgres", `create database ${TEMPLATE_DATABASE} owner ${SITE_ROLE}`);
  const pool = testPool(databases.url(TEMPLATE_DATABASE), { max: 1 });
  await underMigrationLock(pool, (session) => migrate(session));
  await pool.end();
  return {
    ...databases,
    async pause() {
      await closeTestConnections();
      await postgres("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    },
    async resume() {
      await pgCtlStart();
    },
    async stop() {
      await closeTestConnections();
      await postgres("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/** The cluster the run shares, for the tests of the surrounding file: each database they create is theirs. */
export function postgresServer(): () => PostgresServer {
  let server: PostgresServer | undefined;
  beforeAll(() => {
    const { port, version } = inject("sharedPostgres");
    server = clusterDatabases(port, version);
  });
  afterAll(() => closeTestConnections());
  return () => {
    if (!server) throw new Error("The Postgres server is reached before the tests: use it within them.");
    return server;
  };
}

/**
 * A cluster of the surrounding file's own, for tests that stop it under a running site: started before them,
 * stopped after them.
 */
export function ownPostgresServer(): () => OwnPostgresServer {
  let server: OwnPostgresServer | undefined;
  beforeAll(async () => {
    server = await startPostgres();
  }, DATABASE_START_MS);
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error("The Postgres server starts before the tests: use it within them.");
    return server;
  };
}
