import { describe, expect, it } from "vitest";
import { runScript } from "../support/run-script";
import { seededDataDir } from "../support/seeded-data-dir";

/** `npm run feedback`: the owner's view of the votes, one line per offer, worst first. */
const visitor = (index: number) => index.toString(16).padStart(64, "0");

const data = seededDataDir("feedback-script", async (db) => {
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
  // Each vote with its counters, as record_code_feedback would have written them at that time.
  for (const [index, [slug, worked, reason, ago]] of votes.entries()) {
    await db.query(
      `with vote as (
         insert into public.code_feedback (offer_slug, worked, reason, visitor_key, network_key, voted_at)
         values ($1, $2, $3, $4, $4, now() - $5::interval) returning *
       )
       select public.count_code_feedback(offer_slug, (voted_at at time zone 'utc')::date, worked, reason, 1),
              public.count_network_vote(offer_slug, network_key, (voted_at at time zone 'utc')::date, worked, 1)
         from vote`,
      [slug, worked, reason, visitor(index), ago],
    );
  }
});

describe("npm run feedback", () => {
  it("prints each offer's votes of the last 90 days, worst success rate first, with its most frequent reason", () => {
    const run = runScript("scripts/feedback.ts", { DATA_DIR: data.dir });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const lines = run.stdout.split("\n").filter((line) => /^(n26|binance|igraal)\s/.test(line));
    expect(lines).toHaveLength(2);
    // The latest vote's day only: the summary never gives a time.
    expect(lines[0]).toMatch(/^n26\s+1\s+3\s+25\s%\s+\d{4}-\d{2}-\d{2}\s+Code refusé$/);
    expect(lines[1]).toMatch(/^binance\s+2\s+1\s+67\s%\s+\d{4}-\d{2}-\d{2}\s+Autre$/);
  });
});
