import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  DataDirLockedError,
  isAlive,
  lockDataDir,
  secureDataDir,
  unlockDataDir,
} from "~/services/storage/data-dir.server";
import { makeTempDir } from "../support/temp-dir";

const temp = makeTempDir("data-dir");
afterAll(() => temp.cleanup());
let folders = 0;
const folder = () => path.join(temp.dir, `data-${++folders}`);
const lockOf = (dir: string) => path.join(dir, "lock");

/** The PID of a process that has run and is gone. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  const pid = Number(child.stdout);
  expect(isAlive(pid)).toBe(false);
  return pid;
}

describe("the data folder's lock", () => {
  it("is taken by writing this process's PID, privately, and released on request", () => {
    const dir = folder();
    lockDataDir(dir);
    expect(readFileSync(lockOf(dir), "utf8").trim()).toBe(String(process.pid));
    expect(statSync(lockOf(dir)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    lockDataDir(dir); // again from the same process: nothing happens
    unlockDataDir(dir);
    expect(existsSync(lockOf(dir))).toBe(false);
  });

  it("refuses a folder another living process holds, naming the folder and that process", async () => {
    const dir = folder();
    mkdirSync(dir);
    const other = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      writeFileSync(lockOf(dir), `${other.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(
        new RegExp(`Le dossier de données ${dir} est déjà utilisé par le processus ${other.pid}`),
      );
      expect(readFileSync(lockOf(dir), "utf8").trim()).toBe(String(other.pid));
    } finally {
      other.kill();
      await new Promise((resolve) => other.once("exit", resolve));
    }
    // That process is gone: its lock is taken over.
    lockDataDir(dir);
    expect(readFileSync(lockOf(dir), "utf8").trim()).toBe(String(process.pid));
    unlockDataDir(dir);
  });

  it("takes over a lock left by a process that crashed, or one holding no PID", () => {
    for (const content of [`${deadPid()}\n`, "n'importe quoi", "0"]) {
      const dir = folder();
      mkdirSync(dir);
      writeFileSync(lockOf(dir), content);
      lockDataDir(dir);
      expect(readFileSync(lockOf(dir), "utf8").trim(), content).toBe(String(process.pid));
      unlockDataDir(dir);
    }
  });

  it("is released when the process exits", () => {
    const dir = folder();
    const script = `const { lockDataDir } = await import(${JSON.stringify(path.resolve("app/services/storage/data-dir.server.ts"))});
      lockDataDir(${JSON.stringify(dir)});
      const { readFileSync } = await import("node:fs");
      process.stdout.write(readFileSync(${JSON.stringify(lockOf(dir))}, "utf8"));`;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(child.stderr).toBe("");
    expect(Number(child.stdout)).toBeGreaterThan(0);
    expect(existsSync(lockOf(dir))).toBe(false);
  });
});

describe("the data folder's permissions", () => {
  it("become 0700 for folders and 0600 for files, whatever they were", () => {
    const dir = folder();
    mkdirSync(path.join(dir, "pgdata", "base"), { recursive: true, mode: 0o777 });
    writeFileSync(path.join(dir, "pgdata", "PG_VERSION"), "17", { mode: 0o666 });
    writeFileSync(path.join(dir, "pgdata", "base", "1259"), "", { mode: 0o644 });
    writeFileSync(path.join(dir, "session-secret"), "s".repeat(64), { mode: 0o644 });
    expect(secureDataDir(dir)).toEqual([]);
    for (const file of ["pgdata/PG_VERSION", "pgdata/base/1259", "session-secret"]) {
      expect(statSync(path.join(dir, file)).mode & 0o777, file).toBe(0o600);
    }
    for (const sub of ["", "pgdata", "pgdata/base"]) {
      expect(statSync(path.join(dir, sub)).mode & 0o777, sub || ".").toBe(0o700);
    }
  });

  it("leave alone what the site does not keep in the folder", () => {
    const dir = folder();
    mkdirSync(path.join(dir, "documents"), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(dir, "documents", "notes.txt"), "", { mode: 0o644 });
    writeFileSync(path.join(dir, "lisez-moi.txt"), "", { mode: 0o644 });
    writeFileSync(path.join(dir, "lock"), "1", { mode: 0o644 });
    expect(secureDataDir(dir)).toEqual([]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, "lock")).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dir, "documents")).mode & 0o777).toBe(0o755);
    expect(statSync(path.join(dir, "documents", "notes.txt")).mode & 0o777).toBe(0o644);
    expect(statSync(path.join(dir, "lisez-moi.txt")).mode & 0o777).toBe(0o644);
  });

  it("leave a missing folder missing", () => {
    const dir = folder();
    expect(secureDataDir(dir)).toEqual([]);
    expect(existsSync(dir)).toBe(false);
  });
});
