import path from "node:path";
import {
  BRAND_NAME_MAX,
  EMAIL_MAX,
  MESSAGE_MAX,
  MESSAGE_MIN,
  MESSAGES_PER_NETWORK_PER_HOUR,
  NAME_MAX,
  NAME_MIN,
  SUBJECTS,
} from "@contract/contact-fields";
import { FEEDBACK_REASONS, FEEDBACK_RULES, OFFER_SLUG_PATTERN } from "@contract/feedback-fields";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_LIMITS } from "~/catalogue/alerts";
import { BRAND_CATEGORIES, CATEGORIES } from "~/catalogue/categories";
import { GUIDE_LIMITS, isGuideSlug } from "~/catalogue/guides";
import { RETENTIONS } from "~/catalogue/retentions";
import { SIGN_IN_RULES } from "~/services/owner/owner-session.server";
import { MAX_GUIDE_LENGTH } from "~/services/writing/markdown.server";
import { makeTempDir } from "../support/temp-dir";
import { copyTemplateInto } from "../support/templates";

/**
 * Rules the database enforces and the site names in TypeScript, read from both sides: the checks of the migrated
 * embedded database (pg_constraint), the defaults of its functions, and the trust loop's numbers
 * (public.feedback_rules()), against the constants the site, the forms and the functions use. Changing one side
 * without the other fails here.
 */
const temp = makeTempDir("rules");
let db: PGlite;
beforeAll(async () => {
  await copyTemplateInto(temp.dir);
  db = await PGlite.create(path.join(temp.dir, "pgdata"));
});
afterAll(async () => {
  await db?.close();
  temp.cleanup();
});

/** The check constraints of a table, as Postgres prints them. */
async function checks(table: string): Promise<string[]> {
  const { rows } = await db.query<{ definition: string }>(
    `select pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = $1::regclass and contype = 'c' order by conname`,
    [`public.${table}`],
  );
  return rows.map((row) => row.definition);
}

/** The values a check allows for `column` (`column = ANY (ARRAY['a'::text, ...])`), in the order written. */
async function allowedValues(table: string, column: string): Promise<string[]> {
  const definition = (await checks(table)).find((check) => new RegExp(`\\(${column} = ANY`).test(check));
  expect(definition, `${table}.${column}`).toBeDefined();
  return [...(definition ?? "").matchAll(/'([^']+)'::text/g)].map((match) => match[1] ?? "");
}

/** The bounds a check puts on the length of `column` (`length(column) >= a AND length(column) <= b`, or `<= b`). */
async function lengthBounds(table: string, column: string): Promise<{ min?: number; max: number }> {
  const definition = (await checks(table)).find((check) => check.includes(`length(${column})`)) ?? "";
  const min = new RegExp(`length\\(${column}\\) >= (\\d+)`).exec(definition)?.[1];
  const max = new RegExp(`length\\(${column}\\) <= (\\d+)`).exec(definition)?.[1];
  expect(max, `${table}.${column}: ${definition}`).toBeDefined();
  return { ...(min === undefined ? {} : { min: Number(min) }), max: Number(max) };
}

describe("one home for each rule: the database and the site agree", () => {
  it("on the message form's subjects and lengths", async () => {
    expect(await allowedValues("contact_messages", "subject")).toEqual(SUBJECTS.map((subject) => subject.value));
    expect(await lengthBounds("contact_messages", "name")).toEqual({ min: NAME_MIN, max: NAME_MAX });
    expect(await lengthBounds("contact_messages", "email")).toEqual({ min: 3, max: EMAIL_MAX });
    expect(await lengthBounds("contact_messages", "message")).toEqual({ min: MESSAGE_MIN, max: MESSAGE_MAX });
    expect((await lengthBounds("contact_messages", "brand_name")).max).toBe(BRAND_NAME_MAX);
  });

  it("on the vote's reasons and the offers' addresses", async () => {
    expect(await allowedValues("code_feedback", "reason")).toEqual(FEEDBACK_REASONS.map((reason) => reason.value));
    // Every table that names an offer checks its address, each written in a migration of its own.
    const { rows } = await db.query<{ table: string; definition: string }>(
      `select conrelid::regclass::text as "table", pg_get_constraintdef(oid) as definition from pg_constraint
        where connamespace = 'public'::regnamespace and contype = 'c' and pg_get_constraintdef(oid) ~ 'slug ~'
          and conrelid <> 'public.guides'::regclass
        order by 1`,
    );
    expect(rows.map((row) => row.table)).toEqual([
      "brands",
      "code_feedback",
      "offer_daily_counts",
      "owner_alerts",
      "testimonials",
    ]);
    for (const { table, definition } of rows) expect(definition, table).toContain(OFFER_SLUG_PATTERN.source);
  });

  it("on a guide's address, lengths and category", async () => {
    expect(await allowedValues("guides", "category")).toEqual(BRAND_CATEGORIES.map((category) => category.id));
    expect(await lengthBounds("guides", "slug")).toEqual({ min: 1, max: GUIDE_LIMITS.slug });
    expect((await lengthBounds("guides", "title")).max).toBe(GUIDE_LIMITS.title);
    expect((await lengthBounds("guides", "summary")).max).toBe(GUIDE_LIMITS.summary);
    expect((await lengthBounds("guides", "body")).max).toBe(MAX_GUIDE_LENGTH);
    const slugCheck = (await checks("guides")).find((check) => check.includes("slug ~")) ?? "";
    const pattern = /slug ~ '([^']+)'/.exec(slugCheck)?.[1] ?? "";
    for (const slug of [
      "primes-banques",
      "a",
      "guide-2026",
      "Primes",
      "primes--banques",
      "-primes",
      "primes_banques",
    ]) {
      expect(new RegExp(pattern).test(slug), slug).toBe(isGuideSlug(slug));
    }
  });

  it("on the categories a brand may have", async () => {
    expect(await allowedValues("brands", "category")).toEqual(
      CATEGORIES.map((category) => category.id).filter((id) => id !== "all"),
    );
  });

  it("on the messages one network may send in an hour", async () => {
    const { rows } = await db.query<{ arguments: string }>(
      `select pg_get_function_arguments(oid) as arguments from pg_proc where proname = 'submit_contact_message'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.arguments).toContain(`p_max_per_network integer DEFAULT ${MESSAGES_PER_NETWORK_PER_HOUR}`);
  });

  it("on the wrong passwords that lock sign-in, and for how long", async () => {
    const { rows } = await db.query<{ max_failures: number; lock_minutes: number }>(
      "select max_failures, lock_minutes from public.owner_sign_in_rules()",
    );
    expect(rows).toEqual([{ max_failures: SIGN_IN_RULES.maxFailures, lock_minutes: SIGN_IN_RULES.lockMs / 60_000 }]);
  });

  it("on the lengths of an owner's alert", async () => {
    expect((await lengthBounds("owner_alerts", "subject")).max).toBe(ALERT_LIMITS.subjectMax);
    expect((await lengthBounds("owner_alerts", "body")).max).toBe(ALERT_LIMITS.bodyMax);
  });

  it("on the hourly vote limit, the summary's window and a network's weight, which the summary reads from feedback_rules()", async () => {
    const { rows } = await db.query<{ max_votes_per_hour: number; window_days: number; votes_per_network: number }>(
      "select * from public.feedback_rules()",
    );
    expect(rows).toEqual([
      {
        max_votes_per_hour: FEEDBACK_RULES.maxVotesPerHour,
        window_days: FEEDBACK_RULES.windowDays,
        votes_per_network: FEEDBACK_RULES.votesPerNetwork,
      },
    ]);
    const summary = await db.query<{ definition: string }>(
      "select pg_get_functiondef('public.code_feedback_summary()'::regprocedure) as definition",
    );
    expect(summary.rows[0]?.definition).toContain("public.feedback_rules()");
    expect(summary.rows[0]?.definition).not.toMatch(/- 90\b/);
    expect(summary.rows[0]?.definition).toContain("votes_per_network");
    expect(summary.rows[0]?.definition).not.toMatch(/least\(1\.0, 3\b/);
    const vote = await db.query<{ arguments: string }>(
      `select pg_get_function_arguments(oid) as arguments from pg_proc where proname = 'record_code_feedback'`,
    );
    expect(vote.rows[0]?.arguments).toContain(`p_max_per_hour integer DEFAULT ${FEEDBACK_RULES.maxVotesPerHour}`);
  });
});

describe("the retentions the legal notice promises (RETENTIONS), as the functions that erase apply them", () => {
  /** The number of the interval `pattern` captures in the live definition of the function `name()`. */
  async function interval(name: string, pattern: RegExp): Promise<number> {
    const { rows } = await db.query<{ definition: string }>(
      `select pg_get_functiondef('public.${name}()'::regprocedure) as definition`,
    );
    const match = pattern.exec(rows[0]?.definition ?? "");
    expect(match, `${name} : ${pattern}`).not.toBeNull();
    return Number(match?.[1]);
  }

  it("messages and votes", async () => {
    expect(
      await interval(
        "delete_expired_contact_messages",
        /public\.contact_messages where created_at < now\(\) - interval '(\d+) months'/,
      ),
    ).toBe(RETENTIONS.messagesMonths);
    expect(
      await interval(
        "delete_expired_code_feedback",
        /public\.code_feedback f where f\.voted_at < now\(\) - interval '(\d+) months'/,
      ),
    ).toBe(RETENTIONS.votesMonths);
    // The daily counters of votes go with the votes.
    expect(
      await interval("delete_expired_code_feedback", /kept_from date := \(\(now\(\) - interval '(\d+) months'\)/),
    ).toBe(RETENTIONS.votesMonths);
  });

  it("testimonials refused or never moderated, and the audience's totals", async () => {
    expect(
      await interval(
        "delete_expired_testimonials",
        /t\.status = 'refused' and t\.moderated_at < now\(\) - interval '(\d+) days'/,
      ),
    ).toBe(RETENTIONS.refusedTestimonialDays);
    expect(
      await interval(
        "delete_expired_testimonials",
        /t\.status = 'pending' and t\.created_at < now\(\) - interval '(\d+) days'/,
      ),
    ).toBe(RETENTIONS.pendingTestimonialDays);
    expect(
      await interval(
        "delete_expired_offer_counts",
        /public\.offer_daily_counts c where c\.day < \(now\(\) - interval '(\d+) months'\)/,
      ),
    ).toBe(RETENTIONS.audienceTotalsMonths);
  });

  it("alerts: a request never confirmed, a confirmation not renewed, the consent records", async () => {
    expect(
      await interval(
        "delete_expired_alerts",
        /f\.confirmed_at is null and f\.requested_at < now\(\) - interval '(\d+) hours'/,
      ),
    ).toBe(RETENTIONS.unconfirmedAlertHours);
    expect(
      await interval(
        "delete_expired_alerts",
        /s\.confirmed_at is null and s\.created_at < now\(\) - interval '(\d+) hours'/,
      ),
    ).toBe(RETENTIONS.unconfirmedAlertHours);
    expect(
      await interval(
        "delete_expired_alerts",
        /alert_subscribers s where s\.confirmed_at < now\(\) - interval '(\d+) years'/,
      ),
    ).toBe(RETENTIONS.alertConsentYears);
    expect(
      await interval(
        "delete_expired_alerts",
        /alert_consent_records r where r\.ended_at < now\(\) - interval '(\d+) years'/,
      ),
    ).toBe(RETENTIONS.alertConsentYears);
  });
});
