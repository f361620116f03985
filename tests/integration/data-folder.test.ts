import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";
import { SCRIPT_MS, SITE_START_MS, withSiteStarts } from "../support/timeouts";

/**
 * The embedded database's data folder as servers share a machine: one server per folder (PGlite takes no lock and
 * two writers damage the database for good), private to its owner, readable by `npm run messages` meanwhile.
 */
const root = path.resolve(import.meta.dirname, "../..");
const temp = makeTempDir("data-folder");
const dataDir = path.resolve(temp.dir);
const lockFile = path.join(dataDir, "lock");
let site: RunningSite;

beforeAll(async () => {
  site = await startSite({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await site?.stop();
  temp.cleanup();
});

/** Runs `node server.js` on the data folder and waits for it to stop by itself (or kills it after SITE_START_MS). */
async function runSecondServer(): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), SITE_START_MS);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  return { code, output };
}

/**
 * Sends the contact form. Sent again once if the connection drops: a kept-alive connection the server closes after
 * 5 idle seconds may be reused at that very moment, and the submission id makes a second send store nothing more.
 */
async function sendMessage(name: string, message: string): Promise<number> {
  const send = () =>
    fetch(`${site.url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: site.url },
      body: new URLSearchParams({ name, email: "anne@exemple.fr", subject: "question", message, submissionId }),
    });
  const submissionId = randomUUID();
  const response = await send().catch(send);
  return response.status;
}

function printMessages(): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/messages.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATA_DIR: dataDir },
    encoding: "utf8",
    timeout: SCRIPT_MS,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const lockHolder = () => Number(readFileSync(lockFile, "utf8").trim());

describe("one server per data folder", () => {
  it(
    "refuses to start a second server on the folder, naming the folder and the first server's PID",
    { timeout: withSiteStarts(1) },
    async () => {
      expect(lockHolder()).toBe(site.process.pid);
      const second = await runSecondServer();
      expect(second.code).not.toBe(0);
      expect(second.output).toContain(
        `Le dossier de données ${dataDir} est déjà utilisé par le processus ${site.process.pid}`,
      );
      expect(second.output).not.toContain("Site en ligne");
      // The first server goes on, its lock untouched.
      expect(site.alive()).toBe(true);
      expect(lockHolder()).toBe(site.process.pid);
      expect((await fetch(`${site.url}/offres`)).status).toBe(200);
    },
  );

  it("keeps the folder private: folders 0700, files 0600, the session secret and the lock included", async () => {
    expect(await sendMessage("Anne Martin", "Un message pour vérifier les droits des fichiers.")).toBe(303);
    const wrong: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const target = path.join(dir, entry.name);
        const mode = lstatSync(target).mode & 0o777;
        if (entry.isDirectory()) {
          if (mode !== 0o700) wrong.push(`${mode.toString(8)} ${target}`);
          walk(target);
        } else if (mode !== 0o600) wrong.push(`${mode.toString(8)} ${target}`);
      }
    };
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    walk(dataDir);
    expect(wrong).toEqual([]);
    for (const file of ["session-secret", "lock", "pgdata/PG_VERSION"]) {
      expect(existsSync(path.join(dataDir, file)), file).toBe(true);
    }
  });

  it("lets npm run messages print the messages while the server runs, leaving its lock alone", async () => {
    expect(await sendMessage("Bruno Petit", "Un message lu pendant que le site tourne.")).toBe(303);
    const printed = printMessages();
    expect(printed.stderr).toBe("");
    expect(printed.status).toBe(0);
    expect(printed.stdout).toContain("Bruno Petit <anne@exemple.fr>");
    expect(printed.stdout).toContain("Un message lu pendant que le site tourne.");
    expect(lockHolder()).toBe(site.process.pid);
    expect(await sendMessage("Chloé Durand", "Un message envoyé après la lecture.")).toBe(303);
    expect(site.alive()).toBe(true);
  });

  it(
    "releases the lock on a clean stop, and takes over the lock of a server killed with SIGKILL, losing nothing",
    { timeout: withSiteStarts(2) },
    async () => {
      await site.stop();
      expect(existsSync(lockFile)).toBe(false);

      site = await startSite({ DATA_DIR: dataDir });
      expect(await sendMessage("Denis Leroy", "Un message juste avant un arrêt brutal.")).toBe(303);
      const killed = site.process.pid;
      site.process.kill("SIGKILL");
      await new Promise((resolve) => site.process.once("exit", resolve));
      expect(lockHolder()).toBe(killed);

      site = await startSite({ DATA_DIR: dataDir });
      expect(lockHolder()).toBe(site.process.pid);
      await site.stop();
      const printed = printMessages();
      expect(printed.status).toBe(0);
      for (const name of ["Anne Martin", "Bruno Petit", "Chloé Durand", "Denis Leroy"]) {
        expect(printed.stdout).toContain(`${name} <anne@exemple.fr>`);
      }
    },
  );
});
