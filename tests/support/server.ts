import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "./ports";
import { copyTemplateInto } from "./templates";
import { SITE_START_MS, SITE_STOP_MS, SITE_WARM_UP_MS } from "./timeouts";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The arguments `npm run serve` gives Node (its options, then server.js): the sites the tests and the benchmarks
 * start run as the production server does.
 */
export function serveArguments(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const [command, ...args] = scripts.serve?.split(" ") ?? [];
  if (command !== "node" || args.at(-1) !== "server.js") throw new Error(`npm run serve : ${scripts.serve}`);
  return args;
}

/**
 * The publisher's and the host's identity, without which server.js does not start in production with a public
 * SITE_URL (one that is not localhost, 127.x.x.x or ::1): pass it along with such a SITE_URL.
 */
export const PUBLIC_IDENTITY = {
  PUBLISHER_NAME: "Jeanne Martin",
  CONTACT_EMAIL: "contact@exemple.fr",
  HOSTING_PROVIDER: "Hébergeur Test SAS",
  HOSTING_ADDRESS: "1 rue du Test, 75001 Paris",
  HOSTING_PHONE: "01 00 00 00 00",
} as const;

export interface RunningSite {
  url: string;
  /** The Origin its own pages post forms with: SITE_URL's when it is set (the site then takes no other), else `url`. */
  origin: string;
  process: ChildProcess;
  output: () => string;
  /** Whether the process is still running. */
  alive: () => boolean;
  stop: () => Promise<void>;
}

/**
 * Starts the production build on a free loopback port with the given environment: with server.js as `npm run serve`
 * runs it (the production server), or with `remix-serve ./build/index.js` (Remix's own server: no page cache, no load context).
 * It returns once the site is warm (server.js's ready line, or `warmUp` for remix-serve), so that no test's own time
 * limit includes the start.
 */
export async function startSite(
  env: Record<string, string>,
  {
    server = "server.js",
    database = "copied",
  }: {
    server?: "server.js" | "remix-serve";
    /**
     * Where a DATA_DIR without a database gets one: "copied" from the run's migrated and seeded template, or
     * "created" by the site itself, as on a new machine (for the tests of that first start).
     */
    database?: "copied" | "created";
  } = {},
): Promise<RunningSite> {
  if (!existsSync(path.join(root, "build/index.js"))) {
    throw new Error("Pas de build : lancez `npm run build` (npm test le fait).");
  }
  const embedded = !env.DATABASE_URL && !env.SUPABASE_URL;
  if (embedded && env.DATA_DIR && database === "copied" && !existsSync(path.join(env.DATA_DIR, "pgdata"))) {
    await copyTemplateInto(env.DATA_DIR);
  }
  const port = await freePort();
  let output = "";
  const args = server === "remix-serve" ? ["node_modules/.bin/remix-serve", "./build/index.js"] : serveArguments();
  const ready = server === "remix-serve" ? `[remix-serve] http://localhost:${port}` : "Site en ligne";
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so that stopping it also stops what it started (the embedded database is created by a
    // child process, which would otherwise go on writing into the data folder after a SIGKILL).
    detached: true,
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // The group has no process left.
    }
  };
  child.on("exit", () => {
    exited = true;
    signalGroup("SIGKILL");
  });

  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (!output.includes(ready)) {
    if (exited) throw new Error(`Le serveur s'est arrêté :\n${output}`);
    if (Date.now() - started > SITE_START_MS) {
      signalGroup("SIGKILL");
      throw new Error(
        `Le serveur n'a pas écrit « ${ready} » en ${SITE_START_MS / 1000} s (SITE_START_MS) :\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    // server.js says "Site en ligne" once it has opened its database and rendered a first page; remix-serve says
    // its line at listen.
    if (server === "remix-serve") await warmUp(url);
  } catch (error) {
    signalGroup("SIGKILL");
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output}`);
  }
  return {
    url,
    origin: env.SITE_URL ? new URL(env.SITE_URL).origin : url,
    process: child,
    output: () => output,
    alive: () => !exited,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        // Both servers finish their requests (5 s at most), close the database and exit.
        const kill = setTimeout(() => signalGroup("SIGKILL"), SITE_STOP_MS);
        child.once("exit", () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/**
 * Brings a started site to the state tests expect to meet: its backend opened (on a fresh folder the database is
 * created on the first reads) and a first page rendered, whatever they answer (a site may be meant to fail). The
 * page is asked with a made-up query, which the page cache never keeps: the site's caches stay as a visitor finds
 * them. Both within SITE_WARM_UP_MS.
 */
async function warmUp(url: string): Promise<void> {
  const signal = AbortSignal.timeout(SITE_WARM_UP_MS);
  for (const step of ["/healthz", "/?premier-rendu"]) {
    try {
      await (await fetch(`${url}${step}`, { signal, redirect: "manual" })).arrayBuffer();
    } catch (error) {
      throw new Error(
        `Le site n'a pas répondu à ${step} en ${SITE_WARM_UP_MS / 1000} s (SITE_WARM_UP_MS) pendant sa mise en route : ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  }
}
