import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
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
    throw new Error("Postgres introuvable dans /usr/lib/postgresql : bash scripts/ensure-tool.sh postgres");
  return path.join(root, versions[0], "bin");
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The login role the site uses: no superuser, granted the roles of hosted Supabase. */
export const SITE_ROLE = "codeparrain";

export interface PostgresServer {
  port: number;
  /** Postgres's major version. */
  version: number;
  /** The address of `database` for `user` (the site's role unless told). */
  url(database: string, user?: string): string;
  /** A new empty database owned by the site's role, as an owner would create it for the site. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server, keeping its data, as a crash or a maintenance would: every connection is cut. */
  pause(): Promise<void>;
  /** Starts it again on the same port, with the same data. */
  resume(): Promise<void>;
  /** Runs SQL as the superuser on `database`. */
  asSuperuser<T = Record<string, unknown>>(database: string, sql: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/**
 * A throw-away Postgres cluster (Debian's server): in a temporary folder with its socket, on a free loopback port,
 * with fsync off and the C locale PGlite has (French text orders the same on both). Run as `postgres` through
 * runuser when the tests run as root, since Postgres refuses root.
 */
export async function startPostgres(): Promise<PostgresServer> {
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

  const url = (database: string, user = SITE_ROLE) => `postgres://${user}@127.0.0.1:${port}/${database}`;
  const asSuperuser = async <T>(database: string, sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url(database, "postgres") });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
  // The roles of hosted Supabase, made by whoever runs the server; the site's role is a member of them.
  await asSuperuser(
    "postgres",
    `create role anon nologin noinherit;
     create role authenticated nologin noinherit;
     create role service_role nologin noinherit bypassrls;
     create role ${SITE_ROLE} login;
     grant anon, authenticated, service_role to ${SITE_ROLE};`,
  );
  return {
    port,
    version,
    url,
    asSuperuser,
    async createDatabase(name) {
      await asSuperuser("postgres", `create database ${name} owner ${SITE_ROLE}`);
      return url(name);
    },
    async pause() {
      await postgres("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    },
    async resume() {
      await pgCtlStart();
    },
    async stop() {
      await postgres("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/** A Postgres server for the tests of the surrounding file: started before them, stopped after them. */
export function postgresServer(): () => PostgresServer {
  let server: PostgresServer | undefined;
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
