import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { improveN26, OWNER_PASSWORD, signIn } from "../support/back-office";
import { confirmationOf, confirmImport, editedExport, uploadOffers } from "../support/offer-import";
import { mainText } from "../support/oversized-forms";
import { postgresServer } from "../support/postgres-server";
import { startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";
import { SITE_SET_UP_MS, SITE_STOP_MS, TEST_MS } from "../support/timeouts";
import { ownNetworkAddress } from "../support/visitor-addresses";
import { sleep } from "../support/wait";

/**
 * The dated history of each offer, on a real Postgres server: recorded from the merged offers whatever changed them
 * (the back office, the SQL editor on a row, a new release of the bundled offers compared at start), shown on the
 * brand page, and read by the news of the home page and of the listings' "nouveautes" order.
 */
const postgres = postgresServer();
const DATABASE = "historique";
let site: RunningSite;
const folder = makeTempDir("history");
let env: Record<string, string>;

/** How long a change may take to be merged, compared and recorded, and to show. */
const RECORDED_WITHIN_MS = 5_000;

async function pageText(path: string): Promise<string> {
  return mainText(await (await fetch(`${site.url}${path}`)).text());
}

/** Polls `path` until its text matches `expected`; fails past RECORDED_WITHIN_MS. */
async function shows(path: string, expected: RegExp): Promise<string> {
  const started = Date.now();
  for (;;) {
    const text = await pageText(path);
    if (expected.test(text) || Date.now() - started > RECORDED_WITHIN_MS) return text;
    await sleep(100);
  }
}

const history = (slug: string) =>
  postgres().asSuperuser<{ change: string; before: { code: string } | null; after: { code: string } }>(
    DATABASE,
    "select change, before, after from public.offer_history where offer_slug = $1 order by id",
    [slug],
  );

beforeAll(async () => {
  const url = await postgres().createDatabase(DATABASE);
  env = {
    DATABASE_URL: url,
    SESSION_SECRET: "un-secret-pour-les-tests-de-l-historique-0123456789",
    DATA_DIR: folder.dir,
    TRUST_PROXY: "loopback",
    OWNER_PASSWORD,
  };
  site = await startSite(env);
}, SITE_SET_UP_MS);
afterAll(async () => {
  await site?.stop();
  folder.cleanup();
}, SITE_STOP_MS);

describe("an offer's history", () => {
  it("starts from the offers as they are: a first start records no change", async () => {
    expect(await history("n26")).toEqual([]);
    const snapshots = await postgres().asSuperuser<{ count: number }>(
      DATABASE,
      "select count(*)::integer as count from public.offer_snapshots",
    );
    expect(snapshots[0]?.count).toBeGreaterThanOrEqual(46);
    // No change recorded: the brand page leaves its history block out.
    expect(await pageText("/offres/n26")).not.toContain("Historique de l'offre");
    // Nothing new yet: the home page leaves its news section out rather than showing it empty.
    expect(await pageText("/")).not.toContain("Toutes les nouveautés");
  });

  it(
    "records the owner's edit as an improvement, shown on the brand page, the home page and the news order",
    async () => {
      const cookie = await signIn(site, { "X-Forwarded-For": ownNetworkAddress(1) });
      const saved = await improveN26(site, { Cookie: cookie, "X-Forwarded-For": ownNetworkAddress(1) }, "N26PARRAIN");
      expect(saved.status).toBe(303);
      const page = await shows("/offres/n26", /Améliorée/);
      expect(page).toMatch(/Historique de l'offre \d{1,2} \S+ \d{4} · Améliorée/);
      expect(page).toContain("20 € (avant : 15 €)");
      expect(page).toContain("Condition retirée : « Un premier paiement par carte »");
      expect(await pageText("/")).toMatch(/Nouveautés Toutes les nouveautés N26 20\s€/);
      const news = await (await fetch(`${site.url}/offres?tri=nouveautes`)).text();
      expect(/<h3><a href="\/offres\/([^"]+)"/.exec(news)?.[1]).toBe("n26");
      expect((await history("n26")).map((entry) => entry.change)).toEqual(["improved"]);
    },
    TEST_MS,
  );

  it(
    "records a row changed in the SQL editor, as a change and not an improvement",
    async () => {
      await postgres().asSuperuser(DATABASE, "update public.brands set code = 'BOLT-NEUF' where name = 'Bolt'");
      const page = await shows("/offres/bolt", /Modifiée/);
      expect(page).toContain("Nouveau code");
      expect((await history("bolt")).map((entry) => [entry.change, entry.before?.code, entry.after.code])).toEqual([
        ["changed", "CPBOLT", "BOLT-NEUF"],
      ]);
    },
    TEST_MS,
  );

  it(
    "records an import's change once it is confirmed, and nothing for its preview",
    async () => {
      const cookie = await signIn(site, { "X-Forwarded-For": ownNetworkAddress(2) });
      const csv = await editedExport(site, cookie, [{ slug: "lime", column: "code", value: "LIME-IMPORT" }]);
      const confirmation = confirmationOf(await (await uploadOffers(site, cookie, csv)).text());
      expect(await history("lime")).toEqual([]);
      expect((await confirmImport(site, cookie, confirmation!)).status).toBe(303);
      expect(await shows("/offres/lime", /Modifiée/)).toContain("Nouveau code");
      expect((await history("lime")).map((entry) => [entry.change, entry.after.code])).toEqual([
        ["changed", "LIME-IMPORT"],
      ]);
    },
    TEST_MS,
  );

  it(
    "compares a new release of the bundled offers at start, before any visit, and records each change once",
    async () => {
      await site.stop();
      // The snapshot an earlier release left: a smaller discount than the bundled 20 %.
      await postgres().asSuperuser(
        DATABASE,
        `update public.offer_snapshots set terms = jsonb_set(terms, '{amount}', '10') where offer_slug = 'binance'`,
      );
      site = await startSite(env);
      const started = Date.now();
      while ((await history("binance")).length === 0 && Date.now() - started < RECORDED_WITHIN_MS) {
        await sleep(100);
      }
      expect((await history("binance")).map((entry) => entry.change)).toEqual(["improved"]);
      expect(await shows("/offres/binance", /20\s% \(avant\s: 10\s%\)/)).toContain("20 % (avant : 10 %)");
      // Merged again by another page: nothing more is recorded.
      await pageText("/offres");
      expect(await history("binance")).toHaveLength(1);
      expect(await history("n26")).toHaveLength(1);
    },
    TEST_MS + SITE_SET_UP_MS,
  );
});
