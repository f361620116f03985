import { beforeEach, describe, expect, it } from "vitest";
import { asRole } from "~/services/backend/sql-roles.server";
import { migratedDatabase } from "../support/migrated-database";
import type { PGlite } from "@electric-sql/pglite";
import type { OfferAlert } from "~/catalogue/alerts";

/**
 * The rules that keep the owner's inbox quiet, applied by the database's queue_owner_alerts (both backends call it):
 * one report alert per offer a day, recovery only after a day without reports, ten single alerts an hour and one
 * digest of the rest. Time is moved by ageing the rows, as if the checks had run hours apart.
 */
const database = migratedDatabase();
let db: PGlite;
beforeEach(async () => {
  db = database();
  await db.exec("delete from public.owner_alerts where digest_id is not null; delete from public.owner_alerts");
});

const reported = (offerSlug: string): OfferAlert => ({
  kind: "reported",
  offerSlug,
  validUntil: null,
  subject: `[Alerte] ${offerSlug} : code signalé comme ne fonctionnant plus`,
  body: "Plusieurs visiteurs signalent que ce code ne fonctionne plus.",
});

/** One check of the offers, as the site hands it over with the service role: how many e-mails it made due. */
async function check(alerts: OfferAlert[], notReported: string[] = []): Promise<number> {
  const { rows } = await asRole(db, "service_role", (tx) =>
    tx.query<{ queued: number }>("select public.queue_owner_alerts($1::jsonb, $2::text[]) as queued", [
      JSON.stringify(alerts),
      notReported,
    ]),
  );
  return rows[0]?.queued ?? -1;
}

async function rows() {
  const { rows: found } = await db.query<{ kind: string; offer_slug: string | null; state: string; body: string }>(
    "select kind, offer_slug, state, body from public.owner_alerts order by id",
  );
  return found;
}

/** Moves every alert's times `hours` into the past. */
const age = (hours: number) =>
  db.query(
    `update public.owner_alerts set created_at = created_at - make_interval(hours => $1),
            clear_since = clear_since - make_interval(hours => $1),
            recovered_at = recovered_at - make_interval(hours => $1)`,
    [hours],
  );

describe("the owner's report alerts", () => {
  it("come once while the offer stays reported, and not again when its votes hover around the threshold", async () => {
    expect(await check([reported("sorare")])).toBe(1);
    expect(await check([reported("sorare")])).toBe(0);
    for (let flip = 0; flip < 10; flip += 1) {
      expect(await check([], ["sorare"])).toBe(0);
      expect(await check([reported("sorare")])).toBe(0);
    }
    expect(await rows()).toHaveLength(1);
  });

  it("come again only once the offer has held unreported for 24 hours, and 24 hours after the last one", async () => {
    expect(await check([reported("wise")])).toBe(1);
    expect(await check([], ["wise"])).toBe(0);
    await age(23);
    expect(await check([], ["wise"])).toBe(0);
    expect(await check([reported("wise")]), "unreported for 23 hours: not recovered").toBe(0);

    expect(await check([], ["wise"])).toBe(0);
    await age(25);
    expect(await check([], ["wise"])).toBe(0);
    expect(await check([reported("wise")]), "recovered after 25 hours, the last alert 48 hours ago").toBe(1);
    expect((await rows()).filter((row) => row.offer_slug === "wise")).toHaveLength(2);
  });

  it("are held past ten an hour, then sent in one digest, at most one an hour", async () => {
    const offers = Array.from({ length: 12 }, (_, index) => `offre-${index}`);
    expect(await check(offers.map(reported)), "ten single alerts and the digest").toBe(11);
    const after = await rows();
    expect(after.filter((row) => row.state === "pending" && row.kind === "reported")).toHaveLength(10);
    expect(after.filter((row) => row.state === "digested")).toHaveLength(2);
    const digest = after.find((row) => row.kind === "digest");
    expect(digest?.state).toBe("pending");
    expect(digest?.body).toContain("- [Alerte] offre-10 : code signalé comme ne fonctionnant plus");
    expect(digest?.body).toContain("- [Alerte] offre-11 : code signalé comme ne fonctionnant plus");

    // Within the hour, another is held until a digest may go.
    expect(await check([reported("offre-12")])).toBe(0);
    expect((await rows()).filter((row) => row.state === "held")).toHaveLength(1);
    await age(2);
    expect(await check([]), "the next check, an hour later, sends the second digest").toBe(1);
    expect((await rows()).filter((row) => row.kind === "digest")).toHaveLength(2);
    expect((await rows()).filter((row) => row.state === "held")).toHaveLength(0);
  });

  it("may not be queued by visitors", async () => {
    await expect(
      asRole(db, "anon", (tx) => tx.query("select public.queue_owner_alerts('[]'::jsonb, '{}'::text[])")),
    ).rejects.toThrow(/permission denied/);
  });
});
