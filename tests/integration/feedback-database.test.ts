import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { FEEDBACK_RULES } from "@contract/feedback-contract";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedAt } from "~/services/backend/database.server";
import { openEmbeddedDatabase } from "~/services/backend/embedded-db.server";
import { RateLimitedError, VOTES_RATE_LIMITED } from "~/services/backend/errors.server";
import { findSupabaseDir, migrate } from "~/services/backend/migrations.server";
import { deleteExpiredVisitorData } from "~/services/backend/retentions.server";
import { SqlBackend } from "~/services/backend/sql-backend.server";
import { asRole } from "~/services/backend/sql-roles.server";
import { makeTempDir } from "../support/temp-dir";
import { templateDatabase, copyTemplateInto } from "../support/templates";
import { withDatabaseStarts } from "../support/timeouts";
import { expectRefusedToVisitors } from "../support/visitor-refusals";

/**
 * The trust loop's votes on the real embedded Postgres, with the migrations the site and hosted Supabase run: one
 * vote per visitor and offer over the 90 days, 30 votes an hour, nothing readable by visitors but the aggregates of
 * the fixed window, 12 months kept.
 */
let db: PGlite;

beforeAll(async () => {
  db = await templateDatabase();
});
afterAll(async () => {
  await db.close();
});

/** A visitor's opaque key, as the site derives it (64 hex characters). */
const visitor = (name: string) => createHash("sha256").update(name).digest("hex");

/**
 * A vote as the site records it: with the service role and the thresholds of FEEDBACK_RULES. Unless told, the visitor
 * is a network of their own.
 */
async function vote(
  offerSlug: string,
  worked: boolean,
  reason: string | null,
  visitorKey: string,
  networkKey = visitorKey,
): Promise<string> {
  const { rows } = await asRole(db, "service_role", (tx) =>
    tx.query<{ result: string }>("select public.record_code_feedback($1, $2, $3, $4, $5, $6) as result", [
      offerSlug,
      worked,
      reason,
      visitorKey,
      networkKey,
      FEEDBACK_RULES.maxVotesPerHour,
    ]),
  );
  return rows[0]?.result ?? "";
}

interface VoteRow {
  offer_slug: string;
  worked: boolean;
  reason: string | null;
  voted_at: Date;
}

/** The stored votes (read as the superuser), oldest first. */
async function votesOf(visitorKey: string, offerSlug?: string): Promise<VoteRow[]> {
  const { rows } = await db.query<VoteRow>(
    `select offer_slug, worked, reason, voted_at from public.code_feedback
      where visitor_key = $1 and ($2::text is null or offer_slug = $2) order by voted_at, id`,
    [visitorKey, offerSlug ?? null],
  );
  return rows;
}

interface SummaryRow {
  offer_slug: string;
  yes_votes: number;
  no_votes: number;
  last_vote_on: Date;
  top_reason: string | null;
  weighted_yes: number;
  weighted_no: number;
  networks: number;
}

/** code_feedback_summary as visitors call it: with the anon role. */
async function summary() {
  return asRole(db, "anon", (tx) => tx.query<SummaryRow>("select * from public.code_feedback_summary()"));
}

/** The UTC day `ago` before now, as Postgres gives a date column (midnight UTC). */
async function dayAgo(ago: string): Promise<Date> {
  const { rows } = await db.query<{ day: Date }>("select ((now() - $1::interval) at time zone 'utc')::date as day", [
    ago,
  ]);
  return rows[0]!.day;
}

/**
 * Moves a stored vote `ago` into the past, with its counters, as if it had been sent then: what
 * record_code_feedback would have written at that time.
 */
async function ageVote(visitorKey: string, offerSlug: string, ago: string): Promise<void> {
  await db.transaction(async (tx) => {
    const count = (delta: number) =>
      tx.query(
        `select public.count_code_feedback(offer_slug, (voted_at at time zone 'utc')::date, worked, reason, $3),
                public.count_network_vote(offer_slug, coalesce(network_key, visitor_key),
                                          (voted_at at time zone 'utc')::date, worked, $3)
           from public.code_feedback where visitor_key = $1 and offer_slug = $2`,
        [visitorKey, offerSlug, delta],
      );
    await count(-1);
    await tx.query(
      "update public.code_feedback set voted_at = now() - $3::interval where visitor_key = $1 and offer_slug = $2",
      [visitorKey, offerSlug, ago],
    );
    await count(1);
  });
}

async function summaryOf(offerSlug: string): Promise<SummaryRow | undefined> {
  return (await summary()).rows.find((row) => row.offer_slug === offerSlug);
}

describe("one vote per visitor per offer over the 90 days", () => {
  it("replaces the visitor's vote however old it is: one visitor counts once", async () => {
    const anne = visitor("une-fois-anne");
    const bruno = visitor("une-fois-bruno");

    expect(await vote("une-fois", false, "code-refuse", anne)).toBe("stored");
    expect(await vote("une-fois", true, null, anne)).toBe("replaced");
    expect(await vote("une-fois", false, "offre-terminee", anne)).toBe("replaced");
    expect(await votesOf(anne)).toEqual([
      expect.objectContaining({ offer_slug: "une-fois", worked: false, reason: "offre-terminee" }),
    ]);
    expect(await summaryOf("une-fois")).toMatchObject({ yes_votes: 0, no_votes: 1, top_reason: "offre-terminee" });

    // Another visitor adds a vote; the same visitor on another offer adds one.
    expect(await vote("une-fois", true, null, bruno)).toBe("stored");
    expect(await vote("une-fois-autre", true, null, anne)).toBe("stored");
    expect(await summaryOf("une-fois")).toMatchObject({ yes_votes: 1, no_votes: 1 });
    expect(await summaryOf("une-fois-autre")).toMatchObject({ yes_votes: 1, no_votes: 0 });

    // 30 days later the vote is still replaced, and leaves the counts of its day.
    await ageVote(anne, "une-fois", "30 days");
    expect(await vote("une-fois", true, null, anne)).toBe("replaced");
    expect(await votesOf(anne, "une-fois")).toEqual([expect.objectContaining({ worked: true, reason: null })]);
    expect(await summaryOf("une-fois")).toMatchObject({ yes_votes: 2, no_votes: 0, top_reason: null });

    // Even past the window, the visitor's old vote is replaced rather than joined.
    await ageVote(anne, "une-fois", "200 days");
    expect(await vote("une-fois", false, "autre", anne)).toBe("replaced");
    expect(await votesOf(anne, "une-fois")).toHaveLength(1);
    expect(await summaryOf("une-fois")).toMatchObject({ yes_votes: 1, no_votes: 1, top_reason: "autre" });
  });

  it('does not let one visitor voting "Non" once a day for five days raise the warning alone', async () => {
    const mallory = visitor("chaque-jour-mallory");
    for (let day = 5; day >= 1; day -= 1) {
      await vote("chaque-jour", false, "code-refuse", mallory);
      await ageVote(mallory, "chaque-jour", `${day} days`);
    }
    expect(await vote("chaque-jour", false, "code-refuse", mallory)).toBe("replaced");
    expect(await summaryOf("chaque-jour")).toMatchObject({ yes_votes: 0, no_votes: 1 });
  });

  it("drops a reason sent with a vote saying the code worked, stored or replaced", async () => {
    const claire = visitor("raison-claire");
    expect(await vote("raison-oui", true, "code-refuse", claire)).toBe("stored");
    expect(await votesOf(claire)).toEqual([expect.objectContaining({ worked: true, reason: null })]);
    expect(await vote("raison-oui", false, "conditions-non-remplies", claire)).toBe("replaced");
    expect(await vote("raison-oui", true, "offre-terminee", claire)).toBe("replaced");
    expect(await votesOf(claire)).toEqual([expect.objectContaining({ worked: true, reason: null })]);
    expect(await summaryOf("raison-oui")).toMatchObject({ yes_votes: 1, no_votes: 0, top_reason: null });
  });
});

describe("the hourly limit of votes", () => {
  const limit = FEEDBACK_RULES.maxVotesPerHour;

  it("accepts 30 votes of a visitor across offers, refuses the 31st and stores nothing for it", async () => {
    expect(limit).toBe(30);
    const david = visitor("limite-david");
    for (let i = 1; i <= limit; i += 1)
      expect(await vote(`limite-${i}`, true, null, david), `vote ${i}`).toBe("stored");
    expect(await vote(`limite-${limit + 1}`, false, "code-refuse", david)).toBe("rate_limited");
    // Nor may the visitor change a vote already stored.
    expect(await vote("limite-1", false, "code-refuse", david)).toBe("rate_limited");

    const stored = await votesOf(david);
    expect(stored).toHaveLength(limit);
    expect(stored.some((row) => row.offer_slug === `limite-${limit + 1}`)).toBe(false);
    expect(stored.find((row) => row.offer_slug === "limite-1")).toMatchObject({ worked: true, reason: null });
    expect((await summary()).rows.some((row) => row.offer_slug === `limite-${limit + 1}`)).toBe(false);

    // Another visitor is not limited.
    expect(await vote(`limite-${limit + 1}`, true, null, visitor("limite-emma"))).toBe("stored");
  });

  it("counts replaced votes toward the limit", async () => {
    const farid = visitor("limite-farid");
    expect(await vote("limite-remplace", true, null, farid)).toBe("stored");
    for (let i = 2; i <= limit; i += 1)
      expect(await vote("limite-remplace", i % 2 === 0, null, farid), `vote ${i}`).toBe("replaced");
    expect(await vote("limite-remplace-autre", true, null, farid)).toBe("rate_limited");
    expect(await votesOf(farid)).toHaveLength(1);
  });

  it("no longer counts the votes sent more than an hour ago", async () => {
    const gina = visitor("limite-gina");
    for (let i = 1; i <= limit; i += 1) expect(await vote(`heure-${i}`, true, null, gina), `vote ${i}`).toBe("stored");
    expect(await vote("heure-suivante", true, null, gina)).toBe("rate_limited");

    // Ten of the thirty were sent 61 minutes ago: ten more are accepted, not eleven.
    await db.query(
      `update public.code_feedback_attempts set attempted_at = now() - interval '61 minutes'
        where ctid in (select ctid from public.code_feedback_attempts where visitor_key = $1 limit 10)`,
      [gina],
    );
    for (let i = 1; i <= 10; i += 1)
      expect(await vote(`heure-suivante-${i}`, true, null, gina), `vote ${i} after the hour`).toBe("stored");
    expect(await vote("heure-suivante-11", true, null, gina)).toBe("rate_limited");
    expect(await votesOf(gina)).toHaveLength(limit + 10);
  });
});

describe("what visitors (anon) may do with votes", () => {
  it("neither read nor write code_feedback or code_feedback_attempts", async () => {
    const key = visitor("anon-refus");
    await vote("anon-refus", true, null, key);
    await expectRefusedToVisitors(db, [
      "select * from public.code_feedback",
      "select count(*) from public.code_feedback",
      `insert into public.code_feedback (offer_slug, worked, visitor_key) values ('anon-refus', false, '${key}')`,
      "update public.code_feedback set worked = false",
      "delete from public.code_feedback",
      "select * from public.code_feedback_attempts",
      `insert into public.code_feedback_attempts (visitor_key) values ('${key}')`,
      "update public.code_feedback_attempts set attempted_at = now() - interval '2 hours'",
      "delete from public.code_feedback_attempts",
      "select * from public.code_feedback_counters",
      "update public.code_feedback_counters set no_votes = 100",
      "select * from public.code_feedback_networks",
      "update public.code_feedback_networks set no_votes = 100",
    ]);
    expect(await votesOf(key)).toEqual([expect.objectContaining({ offer_slug: "anon-refus", worked: true })]);
  });

  it("may not record a vote nor run the retention", async () => {
    const key = visitor("anon-fonction");
    await expectRefusedToVisitors(db, [
      ["select public.record_code_feedback('anon-fonction', false, 'autre', $1, $1)", [key]],
      ["select public.record_code_feedback('anon-fonction', false, 'autre', $1, $1, 30)", [key]],
      "select public.count_code_feedback('anon-fonction', current_date, false, 'autre', 100)",
      "select public.count_network_vote('anon-fonction', 'reseau', current_date, false, 100)",
      ["select public.take_vote_attempt($1, 1000)", [key]],
      "select public.delete_expired_code_feedback()",
    ]);
    expect(await votesOf(key)).toEqual([]);
  });

  it("may read the summary, which gives the aggregates and nothing of a vote or a visitor", async () => {
    const key = visitor("anon-resume");
    await vote("anon-resume", false, "code-refuse", key);
    const result = await summary();
    expect(Object.keys(result.rows[0] ?? {})).toEqual([
      "offer_slug",
      "yes_votes",
      "no_votes",
      "last_vote_on",
      "top_reason",
      "weighted_yes",
      "weighted_no",
      "networks",
    ]);
    const row = result.rows.find((candidate) => candidate.offer_slug === "anon-resume");
    expect(row).toMatchObject({ yes_votes: 0, no_votes: 1, top_reason: "code-refuse" });
    expect(JSON.stringify(result.rows)).not.toContain(key);
  });

  it("may not choose the summary's window: a window starting at the last vote would show that vote alone", async () => {
    await expect(
      asRole(db, "anon", (tx) => tx.query("select * from public.code_feedback_summary(now() - interval '1 minute')")),
    ).rejects.toThrow(/does not exist/);
  });

  it("find the search_path of every vote function pinned", async () => {
    const { rows } = await db.query<{ name: string; config: string[] | null }>(
      `select proname as name, proconfig as config from pg_proc
        where pronamespace = 'public'::regnamespace
          and proname in ('record_code_feedback', 'code_feedback_summary', 'delete_expired_code_feedback',
                          'count_code_feedback', 'count_network_vote', 'restart_votes_on_check',
                          'take_vote_attempt', 'top_feedback_reason')
        order by proname`,
    );
    expect(rows.map((row) => row.name)).toEqual([
      "code_feedback_summary",
      "count_code_feedback",
      "count_network_vote",
      "delete_expired_code_feedback",
      "record_code_feedback",
      "restart_votes_on_check",
      "take_vote_attempt",
      "top_feedback_reason",
    ]);
    for (const row of rows) expect(row.config ?? [], row.name).toContainEqual(expect.stringMatching(/^search_path=/));
  });

  it("find row-level security on the four tables", async () => {
    const { rows } = await db.query<{ name: string; rls: boolean }>(
      `select relname as name, relrowsecurity as rls from pg_class
        where relname in ('code_feedback', 'code_feedback_attempts', 'code_feedback_counters',
                          'code_feedback_networks')
          and relnamespace = 'public'::regnamespace order by relname`,
    );
    expect(rows).toEqual([
      { name: "code_feedback", rls: true },
      { name: "code_feedback_attempts", rls: true },
      { name: "code_feedback_counters", rls: true },
      { name: "code_feedback_networks", rls: true },
    ]);
  });
});

describe("the summary of votes per offer", () => {
  /** A vote of `who` sent `ago`, recorded as the site records it. */
  async function voteAgo(offerSlug: string, worked: boolean, reason: string | null, ago: string, who: string) {
    expect(await vote(offerSlug, worked, reason, visitor(who))).not.toBe("rate_limited");
    await ageVote(visitor(who), offerSlug, ago);
  }

  it("counts yes and no, gives the latest vote's day and the most frequent reason of the last 90 days", async () => {
    await voteAgo("resume", true, null, "3 days", "r1");
    await voteAgo("resume", true, null, "2 days", "r2");
    await voteAgo("resume", true, null, "40 minutes", "r3");
    await voteAgo("resume", false, "offre-terminee", "5 days", "r4");
    await voteAgo("resume", false, "offre-terminee", "1 day", "r5");
    await voteAgo("resume", false, "code-refuse", "4 days", "r6");
    await voteAgo("resume", false, "autre", "6 days", "r7");
    // "Non" without a reason, more often than any reason: not a reason.
    await voteAgo("resume", false, null, "7 days", "r8");
    await voteAgo("resume", false, null, "8 days", "r9");
    await voteAgo("resume", false, null, "9 days", "r10");
    await voteAgo("resume", false, null, "89 days", "r11");
    // Outside the 90 days: would make code-refuse the top reason and add three "Non" if counted.
    await voteAgo("resume", false, "code-refuse", "100 days", "r12");
    await voteAgo("resume", false, "code-refuse", "100 days", "r13");
    await voteAgo("resume", true, null, "91 days", "r14");
    await voteAgo("resume", true, null, `${FEEDBACK_RULES.windowDays} days`, "r15");
    // Latest of all: 10 minutes ago.
    await voteAgo("resume", false, null, "10 minutes", "r16");

    expect(await summaryOf("resume")).toEqual({
      offer_slug: "resume",
      yes_votes: 3,
      no_votes: 9,
      last_vote_on: await dayAgo("10 minutes"),
      top_reason: "offre-terminee",
      // Each visitor a network of their own: the weights are the counts.
      weighted_yes: 3,
      weighted_no: 9,
      networks: 12,
    });
  });

  it("gives no reason for an offer with only yes, ties to the first reason alphabetically, and omits old offers", async () => {
    await voteAgo("resume-oui", true, null, "1 day", "o1");
    await voteAgo("resume-egalite", false, "code-refuse", "1 day", "e1");
    await voteAgo("resume-egalite", false, "autre", "2 days", "e2");
    await voteAgo("resume-ancien", false, "autre", "100 days", "a1");

    const rows = (await summary()).rows;
    expect(rows.find((row) => row.offer_slug === "resume-oui")).toMatchObject({
      yes_votes: 1,
      no_votes: 0,
      top_reason: null,
    });
    expect(rows.find((row) => row.offer_slug === "resume-egalite")).toMatchObject({
      yes_votes: 0,
      no_votes: 2,
      top_reason: "autre",
    });
    expect(rows.some((row) => row.offer_slug === "resume-ancien")).toBe(false);
  });

  it("reads the per-day counters kept by each vote, never the votes themselves", async () => {
    const body = await db.query<{ src: string }>(
      "select prosrc as src from pg_proc where proname = 'code_feedback_summary'",
    );
    expect(body.rows[0]?.src).toContain("public.code_feedback_counters");
    expect(body.rows[0]?.src).not.toMatch(/public\.code_feedback\b(?!_)/);
  });
});

describe("votes from one network (an IPv6 /48, an IPv4 /24)", () => {
  it("weigh at most 3 votes in the rate, keeping their split, while the real counts stay", async () => {
    for (let index = 0; index < 8; index += 1) await vote("reseau", true, null, visitor(`reseau-oui-${index}`));
    await vote("reseau", false, null, visitor("reseau-non-1"));
    await vote("reseau", false, null, visitor("reseau-non-2"));
    // 40 "Non" of 40 visitors (/64s) of one /48.
    const campaign = visitor("reseau-48");
    for (let index = 0; index < 40; index += 1) {
      expect(await vote("reseau", false, "code-refuse", visitor(`reseau-48-${index}`), campaign)).toBe("stored");
    }
    expect(await summaryOf("reseau")).toMatchObject({
      yes_votes: 8,
      no_votes: 42,
      weighted_yes: 8,
      weighted_no: 5,
      networks: 11,
    });
    // A network split 2 to 2 weighs 1.5 and 1.5: none of its votes is picked over another.
    const split = visitor("reseau-partage");
    for (const [index, worked] of [true, true, false, false].entries()) {
      await vote("reseau-partage", worked, null, visitor(`reseau-partage-${index}`), split);
    }
    expect(await summaryOf("reseau-partage")).toMatchObject({ weighted_yes: 1.5, weighted_no: 1.5, networks: 1 });
  });

  it("follow a visitor who votes again from another network: the old network loses the vote", async () => {
    const anne = visitor("reseau-mobile-anne");
    await vote("reseau-mobile", false, null, anne, visitor("reseau-maison"));
    expect(await vote("reseau-mobile", true, null, anne, visitor("reseau-bureau"))).toBe("replaced");
    expect(await summaryOf("reseau-mobile")).toMatchObject({ yes_votes: 1, no_votes: 0, networks: 1 });
    const { rows } = await db.query<{ network_key: string; yes_votes: number; no_votes: number }>(
      `select network_key, yes_votes, no_votes from public.code_feedback_networks
        where offer_slug = 'reseau-mobile' and yes_votes + no_votes > 0`,
    );
    expect(rows).toEqual([{ network_key: visitor("reseau-bureau"), yes_votes: 1, no_votes: 0 }]);
  });

  it("are refused without a network key", async () => {
    await expect(
      asRole(db, "service_role", (tx) =>
        tx.query("select public.record_code_feedback('reseau-sans', true, null, $1, null, 30)", [visitor("sans")]),
      ),
    ).rejects.toThrow(/p_network_key is required/);
  });
});

describe("the owner's check restarts the count", () => {
  async function brand(slug: string) {
    await db.query(
      "insert into public.brands (name, slug, code, link) values ($1, $1, 'CODE1', 'https://exemple.fr')",
      [slug],
    );
  }
  const votesSince = async (slug: string) =>
    (await db.query<{ since: Date | null }>("select votes_since as since from public.brands where slug = $1", [slug]))
      .rows[0]?.since ?? null;

  it("marking the offer checked, or changing its code or link, leaves out every earlier vote", async () => {
    await brand("verifiee");
    for (let index = 0; index < 5; index += 1) await vote("verifiee", false, null, visitor(`verifiee-${index}`));
    expect(await summaryOf("verifiee")).toMatchObject({ yes_votes: 0, no_votes: 5 });
    expect(await votesSince("verifiee")).toBeNull();

    // As the back office, or Supabase's Table Editor, writes it.
    await db.query("update public.brands set verified_on = current_date where slug = 'verifiee'");
    expect(await votesSince("verifiee")).toBeInstanceOf(Date);
    expect(await summaryOf("verifiee")).toBeUndefined();

    // A later vote counts; an earlier visitor who votes again takes nothing away from the new count.
    await vote("verifiee", true, null, visitor("verifiee-nouveau"));
    expect(await vote("verifiee", true, null, visitor("verifiee-0"))).toBe("replaced");
    expect(await summaryOf("verifiee")).toMatchObject({ yes_votes: 2, no_votes: 0, networks: 2 });

    const checked = await votesSince("verifiee");
    await db.query("update public.brands set description = 'Autre texte' where slug = 'verifiee'");
    expect(await votesSince("verifiee"), "a change of its text keeps the count").toEqual(checked);
    await db.query("update public.brands set code = 'CODE2' where slug = 'verifiee'");
    expect(await votesSince("verifiee")).not.toEqual(checked);
    expect(await summaryOf("verifiee")).toBeUndefined();
    await vote("verifiee", false, null, visitor("verifiee-apres-code"));
    await db.query("update public.brands set link = 'https://exemple.fr/nouveau' where slug = 'verifiee'");
    expect(await summaryOf("verifiee")).toBeUndefined();
  });
});

describe("upgrading a database that holds votes of the daily rule", () => {
  it(
    "keeps each visitor's latest vote per offer and counts the existing votes",
    { timeout: withDatabaseStarts(2) },
    async () => {
      const shipped = makeTempDir("feedback-upgrade");
      const old = await PGlite.create();
      try {
        const full = findSupabaseDir();
        mkdirSync(path.join(shipped.dir, "migrations"));
        for (const file of readdirSync(path.join(full, "migrations")).filter((name) => name < "20250106")) {
          copyFileSync(path.join(full, "migrations", file), path.join(shipped.dir, "migrations", file));
        }
        await migrate(old, shipped.dir);
        const [ines, jules] = [visitor("migration-ines"), visitor("migration-jules")];
        // Inès voted "Non" on three days (three rows under the daily rule), then "Oui"; Jules once, "Non".
        await old.query(
          `insert into public.code_feedback (offer_slug, worked, reason, visitor_key, voted_at) values
          ('migration', false, 'code-refuse', $1, now() - interval '3 days'),
          ('migration', false, 'code-refuse', $1, now() - interval '2 days'),
          ('migration', true, null, $1, now() - interval '1 day'),
          ('migration', false, 'autre', $2, now() - interval '5 hours')`,
          [ines, jules],
        );

        await migrate(old, full);
        const { rows } = await asRole(old, "anon", (tx) =>
          tx.query<SummaryRow>("select * from public.code_feedback_summary()"),
        );
        expect(rows).toEqual([
          expect.objectContaining({ offer_slug: "migration", yes_votes: 1, no_votes: 1, top_reason: "autre" }),
        ]);
        const kept = await old.query("select 1 from public.code_feedback where visitor_key = $1", [ines]);
        expect(kept.rows).toHaveLength(1);
        // Inès votes again: her one vote is replaced, the counts move with it.
        const { rows: again } = await asRole(old, "service_role", (tx) =>
          tx.query<{ result: string }>(
            "select public.record_code_feedback('migration', false, null, $1, $1) as result",
            [ines],
          ),
        );
        expect(again[0]?.result).toBe("replaced");
        const after = await asRole(old, "anon", (tx) =>
          tx.query<SummaryRow>("select * from public.code_feedback_summary()"),
        );
        expect(after.rows).toEqual([expect.objectContaining({ yes_votes: 0, no_votes: 2 })]);
      } finally {
        await old.close();
        shipped.cleanup();
      }
    },
  );
});

describe("retention of votes", () => {
  it("deletes votes older than 12 months and attempts older than a day, keeps the rest, and old messages still go", async () => {
    const hugo = visitor("retention-hugo");
    await db.query(
      `insert into public.code_feedback (offer_slug, worked, reason, visitor_key, voted_at) values
        ('retention', false, 'autre', $1, now() - interval '12 months 1 day'),
        ('retention-onze-mois', true, null, $1, now() - interval '11 months'),
        ('retention-recent', true, null, $1, now() - interval '1 hour')`,
      [hugo],
    );
    await db.query(
      `insert into public.code_feedback_attempts (visitor_key, attempted_at) values
        ($1, now() - interval '1 day 1 hour'), ($1, now() - interval '23 hours'), ($1, now())`,
      [hugo],
    );
    await db.exec(`insert into public.contact_messages (name, email, message, created_at) values
      ('Ancien', 'a@b.fr', 'Message de plus d''un an', now() - interval '12 months 1 day'),
      ('Récent', 'c@d.fr', 'Message de onze mois', now() - interval '11 months')`);

    expect(await deleteExpiredVisitorData(db)).toEqual({ messages: 1, votes: 1, testimonials: 0, counts: 0 });

    expect((await votesOf(hugo)).map((row) => [row.offer_slug, row.worked])).toEqual([
      ["retention-onze-mois", true],
      ["retention-recent", true],
    ]);
    const attempts = await db.query<{ old: boolean }>(
      `select attempted_at < now() - interval '12 hours' as old from public.code_feedback_attempts
        where visitor_key = $1 order by attempted_at`,
      [hugo],
    );
    expect(attempts.rows).toEqual([{ old: true }, { old: false }]);
    const names = await db.query<{ name: string }>("select name from public.contact_messages");
    expect(names.rows).toEqual([{ name: "Récent" }]);

    // Nothing more to delete the next day.
    expect(await deleteExpiredVisitorData(db)).toEqual({ messages: 0, votes: 0, testimonials: 0, counts: 0 });
  });
});

describe("votes through the embedded backend", () => {
  it(
    "stores, replaces, and rejects the 31st vote of the hour with RateLimitedError",
    { timeout: withDatabaseStarts(1) },
    async () => {
      const temp = makeTempDir("feedback-backend");
      try {
        await copyTemplateInto(temp.dir);
        const backend = new SqlBackend(embeddedAt(temp.dir), { max: 5, windowSeconds: 600 });
        const clientKey = visitor("backend-ines");
        const networkKey = visitor("backend-reseau");
        const vote = (offerSlug: string) =>
          backend.recordVote({ offerSlug, worked: false, reason: "autre", clientKey, networkKey });

        await expect(vote("backend-1")).resolves.toBe("stored");
        await expect(
          backend.recordVote({ offerSlug: "backend-1", worked: true, reason: null, clientKey, networkKey }),
        ).resolves.toBe("replaced");
        for (let i = 2; i < FEEDBACK_RULES.maxVotesPerHour; i += 1)
          await expect(vote(`backend-${i}`)).resolves.toBe("stored");

        const error: unknown = await vote("backend-refuse").catch((reason: unknown) => reason);
        expect(error).toBeInstanceOf(RateLimitedError);
        expect(error).toHaveProperty("message", VOTES_RATE_LIMITED);

        const counts = await backend.listFeedback();
        expect(counts.find((row) => row.offerSlug === "backend-1")).toMatchObject({
          yes: 1,
          no: 0,
          topReason: null,
        });
        expect(counts.find((row) => row.offerSlug === "backend-2")).toMatchObject({
          yes: 0,
          no: 1,
          topReason: "autre",
        });
        expect(counts.some((row) => row.offerSlug === "backend-refuse")).toBe(false);
        expect(counts).toHaveLength(FEEDBACK_RULES.maxVotesPerHour - 1);
      } finally {
        await (await openEmbeddedDatabase(temp.dir)).close();
        temp.cleanup();
      }
    },
  );
});
