import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { migratedDatabase } from "../support/migrated-database";

/**
 * The retentions and renewals of the visitors' alerts, as the database applies them (20250212000000_visitor_alerts.sql),
 * with the clock moved back on the rows: unconfirmed requests after 48 hours, addresses 3 years after their last
 * confirmation (asked once a month before), and the proofs of consent 3 years after the address left.
 */
const db = migratedDatabase();
const hex = (text: string, length = 64) => createHash("sha256").update(text).digest("hex").slice(0, length);
let addresses = 0;

/** A subscriber following `topic`, confirmed `confirmedAgo` ago (an interval) or not at all; its id. */
async function subscriber(topic: string, confirmedAgo: string | null, requestedAgo = "1 minute"): Promise<number> {
  addresses += 1;
  const email = `abonne${addresses}@exemple.fr`;
  const { rows } = await db().query<{ id: number }>(
    `insert into public.alert_subscribers (email, address_key, link_salt, link_hash, created_at, confirmed_at)
     values ($1, $2, $3, $4, now() - $5::interval, now() - $6::interval) returning id`,
    [email, hex(`adresse ${email}`), hex(`sel ${email}`, 32), hex(`lien ${email}`), requestedAgo, confirmedAgo],
  );
  const id = Number(rows[0]?.id);
  await db().query(
    `insert into public.alert_follows
       (subscriber_id, topic, requested_at, confirm_hash, confirmed_at, consent_form, consent_version, notified_up_to)
     values ($1, $2, now() - $3::interval, $4, now() - $5::interval, '/offres/n26', '2026-11-27', now() - $5::interval)`,
    [id, topic, requestedAgo, confirmedAgo ? null : hex(`confirmer ${email}`), confirmedAgo],
  );
  return id;
}

const exists = async (id: number) =>
  (await db().query("select 1 from public.alert_subscribers where id = $1", [id])).rows.length > 0;

describe("the alerts' retentions", () => {
  it("erase a request never confirmed after 48 hours, and keep a younger one", async () => {
    const old = await subscriber("marque:n26", null, "49 hours");
    const young = await subscriber("marque:n26", null, "47 hours");
    await db().query("select public.delete_expired_alerts()");
    expect([await exists(old), await exists(young)]).toEqual([false, true]);
  });

  it("erase an address 3 years after its last confirmation, keeping only the keyed hash and the dates", async () => {
    const expired = await subscriber("marque:n26", "3 years 1 day");
    const kept = await subscriber("marque:n26", "2 years");
    await db().query("select public.delete_expired_alerts()");
    expect([await exists(expired), await exists(kept)]).toEqual([false, true]);
    const { rows } = await db().query<Record<string, unknown>>(
      "select * from public.alert_consent_records where ended_by = 'expired'",
    );
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      ["address_key", "consent_version", "consented_at", "ended_at", "ended_by"].sort(),
    );
    expect(JSON.stringify(rows)).not.toContain("@exemple.fr");
  });

  it("drop a proof of consent 3 years after the address left", async () => {
    await db().query(
      `insert into public.alert_consent_records (address_key, consented_at, consent_version, ended_at, ended_by)
       values ($1, now() - interval '4 years', '2026-11-27', now() - interval '3 years 1 day', 'unsubscribe'),
              ($2, now() - interval '2 years', '2026-11-27', now() - interval '2 years', 'unsubscribe')`,
      [hex("ancienne"), hex("recente")],
    );
    await db().query("select public.delete_expired_alerts()");
    const { rows } = await db().query<{ address_key: string }>(
      "select address_key from public.alert_consent_records where address_key = any($1)",
      [[hex("ancienne"), hex("recente")]],
    );
    expect(rows.map((row) => row.address_key)).toEqual([hex("recente")]);
  });

  it("ask an address to confirm again once, a month before its 3 years, and renew it on its answer", async () => {
    const due = await subscriber("marque:wise", "2 years 11 months 5 days");
    const early = await subscriber("marque:wise", "2 years 10 months");
    const claim = async () =>
      (
        await db().query<{ subscriber_id: number }>(
          "select subscriber_id from public.claim_alert_renewals('instance-a', 50, 60, 30)",
        )
      ).rows.map((row) => Number(row.subscriber_id));
    expect(await claim()).toEqual([due]);
    const queued = await db().query<{ held: boolean }>(
      "select public.queue_alert_renewal($1, 'instance-a', 'Sujet', 'Texte', 'https://www.exemple.fr/x') as held",
      [due],
    );
    expect(queued.rows[0]?.held).toBe(true);
    // Asked once: never again, and the address that was not due is left alone.
    expect(await claim()).toEqual([]);
    expect(await exists(early)).toBe(true);
    const { rows } = await db().query<{ link_hash: string }>(
      "select link_hash from public.alert_subscribers where id = $1",
      [due],
    );
    await db().query("select public.change_alert_subscription($1, 'renew', null)", [rows[0]?.link_hash]);
    const renewed = await db().query<{ fresh: boolean; asked: boolean }>(
      `select confirmed_at > now() - interval '1 minute' as fresh, renewal_asked_at is not null as asked
         from public.alert_subscribers where id = $1`,
      [due],
    );
    expect(renewed.rows[0]).toEqual({ fresh: true, asked: false });
  });

  it("erase an address whose last follow is stopped, as an unsubscribe", async () => {
    const id = await subscriber("categorie:crypto", "1 day");
    const { rows } = await db().query<{ link_hash: string }>(
      "select link_hash from public.alert_subscribers where id = $1",
      [id],
    );
    await db().query("select public.change_alert_subscription($1, 'stop', 'categorie:crypto')", [rows[0]?.link_hash]);
    expect(await exists(id)).toBe(false);
  });
});
