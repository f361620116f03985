import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postForm } from "../support/back-office";
import { migratedDatabase } from "../support/migrated-database";
import { postgresServer } from "../support/postgres-server";
import { PUBLIC_IDENTITY, startSite, type RunningSite } from "../support/server";
import { alertingSiteEnv, startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { makeTempDir } from "../support/temp-dir";
import { SITE_SET_UP_MS, SITE_STOP_MS, TEST_MS } from "../support/timeouts";
import { until } from "../support/wait";

/**
 * The visitors' e-mails under a flood of alert requests, over HTTP against the production build: two instances on
 * one real Postgres server and a real SMTP server, at the production rate (VISITOR_MAILS_PER_HOUR, 100). Networks
 * that ask for many alerts cannot make a real visitor's confirmation wait behind theirs.
 */
const postgres = postgresServer();
const folders = [makeTempDir("file-des-envois"), makeTempDir("file-des-envois")];
let sites: RunningSite[] = [];
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const url = await postgres().createDatabase("file_des_envois");
  sites = await Promise.all(
    folders.map((folder) =>
      startSite({
        DATABASE_URL: url,
        DATA_DIR: folder.dir,
        SITE_URL: "https://www.exemple.fr",
        ...PUBLIC_IDENTITY,
        SESSION_SECRET: "un-secret-pour-la-file-des-envois-0123456789",
        TRUST_PROXY: "loopback",
        ...alertingSiteEnv(smtp),
      }),
    ),
  );
}, SITE_SET_UP_MS);

afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  await smtp?.stop();
  for (const folder of folders) folder.cleanup();
}, SITE_STOP_MS);

/** Asks for N26's alerts for `email`, as the form does, from `address`, through one instance or the other. */
let asked = 0;
const ask = (email: string, address: string) =>
  postForm(
    sites[(asked += 1) % sites.length]!,
    "/alertes?sujet=marque%3An26",
    { sujet: "marque:n26", email, consentement: "oui", website: "" },
    { "X-Forwarded-For": address },
  );

/** Runs `work` on each item, `width` at a time. */
async function inBatches<T>(items: T[], width: number, work: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += width) {
    await Promise.all(items.slice(start, start + width).map(work));
  }
}

describe("the visitors' e-mails under a flood of requests", () => {
  it(
    "from 200 /48s of one /32 and 50 /24s: a fresh visitor's confirmation still leaves within 5 minutes",
    async () => {
      const fromIpv6 = Array.from({ length: 200 }, (_, index) => ({
        email: `v6-${index}@exemple.fr`,
        address: `2001:db8:${index.toString(16)}:1::1`,
      }));
      const fromIpv4 = Array.from({ length: 50 }, (_, index) => ({
        email: `v4-${index}@exemple.fr`,
        address: `10.20.${index}.9`,
      }));
      await inBatches([...fromIpv6, ...fromIpv4], 10, async ({ email, address }) =>
        expect((await ask(email, address)).status).toBe(303),
      );

      const askedAt = Date.now();
      expect((await ask("vraie-visiteuse@exemple.fr", "192.0.2.44")).status).toBe(303);
      await until(
        () => smtp.countTo("vraie-visiteuse@exemple.fr"),
        (count) => count === 1,
        { timeoutMs: 5 * 60_000, intervalMs: 250, what: "la confirmation de la visiteuse" },
      );
      expect(Date.now() - askedAt).toBeLessThan(5 * 60_000);
      // One provider's /32 gets a tenth of the hour at most, however many /48s it asks from.
      const toIpv6 = smtp.received.filter((mail) => mail.recipients.some((to) => to.startsWith("v6-")));
      expect(toIpv6.length).toBeGreaterThan(0);
      expect(toIpv6.length).toBeLessThanOrEqual(10);
    },
    TEST_MS + 5 * 60_000,
  );
});

describe("the share of each hour (visitor_mail_may_go)", () => {
  const db = migratedDatabase();
  const mayGo = async (kind: string, shareUsed: number, used: number, known = true) =>
    (
      await db().query<{ go: boolean }>("select public.visitor_mail_may_go($1, $2, $3, 100, $4) as go", [
        kind,
        shareUsed,
        used,
        known,
      ])
    ).rows[0]?.go;

  it("keeps the last fifth for confirmations, the second half for networks that had none, a tenth each", async () => {
    expect(await mayGo("confirmation", 0, 99)).toBe(true);
    expect(await mayGo("confirmation", 0, 100)).toBe(false);
    expect(await mayGo("alert", 0, 79)).toBe(true);
    expect(await mayGo("alert", 0, 80)).toBe(false);
    expect(await mayGo("renewal", 0, 80)).toBe(false);
    expect(await mayGo("confirmation", 1, 49)).toBe(true);
    expect(await mayGo("confirmation", 9, 20)).toBe(true);
    expect(await mayGo("confirmation", 10, 20)).toBe(false);
    expect(await mayGo("confirmation", 1, 50)).toBe(false);
    expect(await mayGo("confirmation", 0, 50)).toBe(true);
  });

  it("keeps the last 30 % for addresses that confirmed before: a new address's confirmation stops at 70 %", async () => {
    expect(await mayGo("confirmation", 0, 69, false)).toBe(true);
    expect(await mayGo("confirmation", 0, 70, false)).toBe(false);
    expect(await mayGo("confirmation", 0, 99, true)).toBe(true);
    expect(await mayGo("alert", 0, 79, false)).toBe(true);
  });

  /** `count` confirmations due, each from a provider network of its own, to new addresses unless `known`. */
  async function queueConfirmations(run: string, count: number, known: boolean): Promise<void> {
    await db().query(
      `with subscriber as (
         insert into public.alert_subscribers (email, address_key, link_salt, link_hash, confirmed_at)
         select $1 || i || '@exemple.fr', md5($1 || i) || md5('a' || $1 || i), md5('s' || $1 || i),
                md5('l' || $1 || i) || md5('m' || $1 || i), case when $3 then now() - interval '1 year' end
           from generate_series(1, $2::int) i
         returning id, email)
       insert into public.visitor_mails (subscriber_id, kind, recipient, subject, body, share_key)
       select id, 'confirmation', email, 'Confirmez', 'Texte', 'reseau-' || email from subscriber`,
      [run, count, known],
    );
  }

  it("claims the confirmations of addresses known before even when new ones from 100 networks filled the hour", async () => {
    await db().exec("delete from public.visitor_mails; delete from public.alert_subscribers");
    await queueConfirmations("inconnue-", 100, false);
    await queueConfirmations("fidele-", 2, true);
    const { rows } = await db().query<{ recipient: string }>(
      "select recipient from public.claim_due_visitor_mails('instance', 200, 120, 100)",
    );
    const known = rows.filter((row) => row.recipient.startsWith("fidele-"));
    expect(known).toHaveLength(2);
    expect(rows.length - known.length).toBe(70);
  });

  it("tells the owner once a day when the hour's confirmations go to requests nobody confirms", async () => {
    await db().exec(
      `delete from public.owner_alerts where kind = 'unconfirmed-requests';
       delete from public.visitor_mails; delete from public.alert_subscribers;`,
    );
    const tell = async () =>
      (
        await db().query<{ told: boolean }>(
          "select public.alert_owner_if_requests_unconfirmed(100, 'Sujet', 'Texte') as told",
        )
      ).rows[0]?.told;
    // 60 confirmations sent two hours ago for follows still unconfirmed, 10 confirmed: 6 in 7 never confirmed.
    await db().exec(`
      with subscriber as (
        insert into public.alert_subscribers (email, address_key, link_salt, link_hash)
        select 'flot-' || i || '@exemple.fr', md5('f' || i) || md5('g' || i), md5('h' || i), md5('k' || i) || md5('j' || i)
          from generate_series(1, 70) i
        returning id, email)
      , follows as (
        insert into public.alert_follows (subscriber_id, topic, requested_at, confirm_hash, confirmed_at, consent_form,
                                          consent_version)
        select id, 'marque:n26', now() - interval '2 hours',
               case when email like 'flot-%' and split_part(split_part(email, '-', 2), '@', 1)::int <= 60
                    then md5('c' || email) || md5('d' || email) end,
               case when split_part(split_part(email, '-', 2), '@', 1)::int > 60 then now() - interval '1 hour' end,
               '/alertes', 'v1'
          from subscriber)
      insert into public.visitor_mails (kind, state, sent_at, created_at)
      select 'confirmation', 'sent', now() - interval '2 hours', now() - interval '2 hours' from generate_series(1, 70)`);
    expect(await tell()).toBe(true);
    expect(await tell()).toBe(false);
    const { rows } = await db().query<{ n: number }>(
      "select count(*)::int as n from public.owner_alerts where kind = 'unconfirmed-requests'",
    );
    expect(rows[0]?.n).toBe(1);
  });
});
