import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import path from "node:path";
import { SCRIPT_MS } from "./timeouts";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Runs `script` (a path from the project's root) with tsx and `args`, as its npm script does, in production and with no
 * environment but PATH and `env` (DATA_DIR, most often).
 */
export function runScript(script: string, env: Record<string, string>, args: string[] = []): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), script, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
    encoding: "utf8",
    timeout: SCRIPT_MS,
  });
}
