import { spawnSync } from "node:child_process";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "~/services/backend/embedded-db.server";
import { makeTempDir } from "../support/temp-dir";

/** `npm run feedback`: the owner's view of the votes, one line per offer, worst first. */
const root = path.resolve(import.meta.dirname, "../..");
const temp = makeTempDir("feedback-script");
const visitor = (index: number) => index.toString(16).padStart(64, "0");

beforeAll(async () => {
  const db = await PGlite.create(path.join(temp.dir, "pgdata"));
  await migrate(db);
  const votes: Array<[string, boolean, string | null, string]> = [
    ["binance", true, null, "1 day"],
    ["binance", true, null, "2 days"],
    ["binance", false, "autre", "3 days"],
    ["n26", false, "code-refuse", "1 hour"],
    ["n26", false, "code-refuse", "2 hours"],
    ["n26", false, "offre-terminee", "3 hours"],
    ["n26", true, null, "4 hours"],
    // Outside the 90-day window: not counted.
    ["igraal", false, "autre", "100 days"],
  ];
  for (const [index, [slug, worked, reason, ago]] of votes.entries()) {
    await db.query(
      `insert into public.code_feedback (offer_slug, worked, reason, visitor_key, voted_at)
       values ($1, $2, $3, $4, now() - $5::interval)`,
      [slug, worked, reason, visitor(index), ago],
    );
  }
  await db.close();
});
afterAll(() => temp.cleanup());

describe("npm run feedback", () => {
  it("prints each offer's votes of the last 90 days, worst success rate first, with its most frequent reason", () => {
    const run = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/feedback.ts"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATA_DIR: temp.dir },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const lines = run.stdout.split("\n").filter((line) => /^(n26|binance|igraal)\s/.test(line));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^n26\s+1\s+3\s+25 %\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s+Code refusé$/);
    expect(lines[1]).toMatch(/^binance\s+2\s+1\s+67 %\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s+Autre$/);
  });
});
