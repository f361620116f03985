import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFER_CSV_COLUMNS, type OfferCsvColumn } from "~/forms/offer-csv";
import { embeddedAt } from "~/services/backend/database.server";
import { openEmbeddedDatabase } from "~/services/backend/embedded-db.server";
import { BackendError } from "~/services/backend/errors.server";
import { SqlBackend } from "~/services/backend/sql-backend.server";
import { OWNER_PASSWORD, signIn } from "../support/back-office";
import {
  confirmationOf,
  confirmImport,
  editedExport as exportEdited,
  NEW_BRAND_LINE,
  newBrandLine,
  uploadOffers,
} from "../support/offer-import";
import { mainText } from "../support/oversized-forms";
import { postgresServer } from "../support/postgres-server";
import { startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";
import { copyTemplateInto } from "../support/templates";
import { SITE_SET_UP_MS, SITE_STOP_MS } from "../support/timeouts";
import { ownNetworkAddress } from "../support/visitor-addresses";
import type { OfferImportWrite, OwnerStore } from "~/services/backend/types.server";

/**
 * The owner's offers import: public.import_offers writes every row or none, on the embedded database and on a real
 * Postgres server; and the back office's pages, without JavaScript, on the embedded default: the export, the upload,
 * the preview, the confirmation, and each way a file or a confirmation is refused with nothing written.
 */
const postgres = postgresServer();
const storeFolder = makeTempDir("import-store");
const siteFolder = makeTempDir("import-site");
let embedded: SqlBackend;
let onPostgres: SqlBackend;
let site: RunningSite;
let cookie: string;

beforeAll(async () => {
  await copyTemplateInto(storeFolder.dir);
  embedded = new SqlBackend(embeddedAt(storeFolder.dir), { max: 5, windowSeconds: 600 });
  const url = await postgres().createDatabase("import");
  onPostgres = new SqlBackend(
    { kind: "postgres", url, poolSize: 5, dataDir: storeFolder.dir },
    {
      max: 5,
      windowSeconds: 600,
    },
  );
  await Promise.all([embedded.warmUp(), onPostgres.warmUp()]);
  site = await startSite({
    DATA_DIR: siteFolder.dir,
    SESSION_SECRET: "un-secret-pour-les-tests-de-l-import-0123456789",
    TRUST_PROXY: "loopback",
    OWNER_PASSWORD,
  });
  cookie = await signIn(site, { "X-Forwarded-For": ownNetworkAddress(1) });
}, SITE_SET_UP_MS);
afterAll(async () => {
  await site?.stop();
  (await openEmbeddedDatabase(storeFolder.dir)).close();
  storeFolder.cleanup();
  siteFolder.cleanup();
}, SITE_STOP_MS);

function ownerOf(backend: SqlBackend): OwnerStore {
  const access = backend.owner();
  if (!access.ok) throw new Error(access.missing);
  return access.store;
}

describe.each([
  ["the embedded database", () => embedded],
  ["a Postgres server", () => onPostgres],
])("public.import_offers on %s", (_, backend) => {
  const codeOf = async (name: string) => (await backend().listBrands()).find((row) => row.name === name)?.code ?? null;

  async function brandRow(name: string, code: string): Promise<string> {
    await ownerOf(backend()).upsertBrand({ name, slug: name.toLowerCase(), code });
    const row = (await backend().listBrands()).find((candidate) => candidate.name === name);
    return String(row?.id);
  }

  it("writes every row: a row changed and a brand added", async () => {
    const id = await brandRow("Alpha", "AVANT");
    const rows: OfferImportWrite[] = [
      { id, columns: { code: "APRES", conditions: ["Ouvrir un compte", "Déposer 10 €"] } },
      { id: null, columns: { name: "Bêta", slug: "beta", category: "finance", description: "Une banque." } },
    ];
    expect(await ownerOf(backend()).importOffers(rows)).toEqual({ ok: true, written: 2 });
    const brands = await backend().listBrands();
    expect(brands.find((row) => row.name === "Alpha")).toMatchObject({
      code: "APRES",
      conditions: ["Ouvrir un compte", "Déposer 10 €"],
    });
    expect(brands.find((row) => row.name === "Bêta")).toMatchObject({ slug: "beta", category: "finance" });
  });

  it("writes nothing when a brand to add takes a name already taken", async () => {
    const id = await brandRow("Gamma", "AVANT");
    const outcome = await ownerOf(backend()).importOffers([
      { id, columns: { code: "APRES" } },
      { id: null, columns: { name: "Bêta", slug: "beta-2" } },
    ]);
    expect(outcome).toEqual({ ok: false, reason: "taken" });
    expect(await codeOf("Gamma")).toBe("AVANT");
  });

  it("writes nothing when a row to change no longer exists", async () => {
    const id = await brandRow("Delta", "AVANT");
    const outcome = await ownerOf(backend()).importOffers([
      { id, columns: { code: "APRES" } },
      { id: "987654", columns: { code: "X" } },
    ]);
    expect(outcome).toEqual({ ok: false, reason: "gone" });
    expect(await codeOf("Delta")).toBe("AVANT");
  });

  it("writes nothing when a row changed since its export, and writes it at its current version", async () => {
    const id = await brandRow("Zeta", "AVANT");
    const versionOf = async () => Number((await backend().listBrands()).find((row) => row.name === "Zeta")?.version);
    const exported = await versionOf();
    expect(await ownerOf(backend()).updateBrand(id, { code: "EDITION" })).toBe(true);
    expect(await versionOf()).toBe(exported + 1);
    const stale = await ownerOf(backend()).importOffers([{ id, version: exported, columns: { code: "ANCIEN" } }]);
    expect(stale).toEqual({ ok: false, reason: "changed" });
    expect(await codeOf("Zeta")).toBe("EDITION");
    const current = await ownerOf(backend()).importOffers([{ id, version: exported + 1, columns: { code: "IMPORT" } }]);
    expect(current).toEqual({ ok: true, written: 1 });
    expect(await codeOf("Zeta")).toBe("IMPORT");
    expect(await versionOf()).toBe(exported + 2);
  });

  it("refuses a column the back office does not edit, and a value its checks refuse, writing nothing", async () => {
    const id = await brandRow("Epsilon", "AVANT");
    const notEdited = await ownerOf(backend())
      .importOffers([
        { id, columns: { code: "APRES" } },
        { id, columns: { votes_since: "2020-01-01T00:00:00Z" } },
      ])
      .catch((error: unknown) => error);
    expect(notEdited).toBeInstanceOf(BackendError);
    expect((notEdited as BackendError).code).toBe("22023");
    for (const columns of [{ version: 1 }, { no_such_column: "x" }, { id: 1 }]) {
      const refused = await ownerOf(backend())
        .importOffers([{ id, columns: columns as OfferImportWrite["columns"] }])
        .catch((error: unknown) => error);
      expect((refused as BackendError).code).toBe("22023");
    }
    const tooManyConditions = await ownerOf(backend())
      .importOffers([
        { id, columns: { code: "APRES" } },
        { id, columns: { conditions: ["1", "2", "3", "4", "5", "6"] } },
      ])
      .catch((error: unknown) => error);
    expect(tooManyConditions).toBeInstanceOf(BackendError);
    expect(await codeOf("Epsilon")).toBe("AVANT");
  });
});

const get = (path: string) => fetch(`${site.url}${path}`, { redirect: "manual", headers: { Cookie: cookie } });

const upload = (csv: string | Uint8Array<ArrayBuffer>, name?: string) => uploadOffers(site, cookie, csv, name);
const confirm = (fields: { csv: string; apercu: string }) => confirmImport(site, cookie, fields);
const editedExport = (edits: { slug: string; column: OfferCsvColumn; value: string }[], extra: string[] = []) =>
  exportEdited(site, cookie, edits, extra);

const publicText = async (path: string) => mainText(await (await fetch(`${site.url}${path}`)).text());

describe("the offers import in the back office, without JavaScript", () => {
  it("exports every offer as CSV for a spreadsheet, and only to the signed-in owner", async () => {
    const response = await get("/gestion/offres.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="offres-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split("\r\n")[0]).toBe(OFFER_CSV_COLUMNS.map((column) => `"${column}"`).join(","));
    expect(text).toContain('"n26","N26","finance"');
    const stranger = await fetch(`${site.url}/gestion/offres.csv`, { redirect: "manual" });
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get("location")).toMatch(/^\/gestion\/connexion/);
  });

  it("previews what each row changes, writes nothing until confirmed, then writes it all", async () => {
    const csv = await editedExport([{ slug: "n26", column: "code", value: "IMPORTN26" }], [NEW_BRAND_LINE]);
    const preview = await upload(csv);
    expect(preview.status).toBe(200);
    const html = await preview.text();
    const text = mainText(html);
    expect(text).toContain("1 à ajouter, 1 à modifier");
    expect(text).toMatch(/Ligne \d+\s: N26, modifiée/);
    expect(text).toMatch(/code\s: \S+ → IMPORTN26/);
    expect(text).toMatch(/Ligne \d+\s: Banque Importée, ajoutée/);
    expect(await publicText("/offres/n26")).not.toContain("IMPORTN26");
    expect((await fetch(`${site.url}/offres/banque-importee`)).status).toBe(404);

    const confirmation = confirmationOf(html);
    expect(confirmation).not.toBeNull();
    const applied = await confirm(confirmation!);
    expect(applied.status).toBe(303);
    expect(applied.headers.get("location")).toBe("/gestion/offres");
    expect(await publicText("/offres/n26")).toContain("IMPORTN26");
    expect(await publicText("/offres/banque-importee")).toContain("Une banque en ligne.");

    const again = mainText(await (await upload(csv)).text());
    expect(again).toContain("Le fichier ne change aucune offre");
  });

  it("refuses rows with a French reason per cell, offers no confirmation, and writes nothing", async () => {
    const csv = await editedExport(
      [
        { slug: "n26", column: "lien", value: "http://n26.com" },
        { slug: "boursobank", column: "code", value: "REFUSEE" },
        { slug: "boursobank", column: "montant", value: "beaucoup" },
      ],
      [newBrandLine({ adresse: "sans-lien", marque: "Marque Sans Lien", categorie: "finance" })],
    );
    const response = await upload(csv);
    const html = await response.text();
    const text = mainText(html);
    expect(text).toMatch(/Ligne \d+\s: N26, refusée/);
    expect(text).toContain("lien : Le lien doit être une adresse complète commençant par https://.");
    expect(text).toMatch(/Ligne \d+\s: BoursoBank, refusée/);
    // A line of no known offer is named as the file names it.
    expect(text).toMatch(/Ligne \d+\s: Marque Sans Lien, refusée/);
    expect(text).toContain("Corrigez les lignes refusées, puis envoyez le fichier à nouveau : rien n'a été écrit.");
    expect(confirmationOf(html)).toBeNull();
    expect(await publicText("/offres/boursobank")).not.toContain("REFUSEE");
  });

  it("refuses a confirmation when the offers changed since the preview, with the new preview", async () => {
    const first = confirmationOf(
      await (await upload(await editedExport([{ slug: "revolut", column: "code", value: "PREMIER" }]))).text(),
    );
    const second = confirmationOf(
      await (await upload(await editedExport([{ slug: "revolut", column: "code", value: "SECOND" }]))).text(),
    );
    expect((await confirm(second!)).status).toBe(303);
    const stale = await confirm(first!);
    expect(stale.status).toBe(409);
    const text = mainText(await stale.text());
    expect(text).toContain("Les offres ont changé depuis l'aperçu : rien n'a été écrit.");
    expect(text).toMatch(/Ligne \d+\s: Revolut, refusée/);
    expect(text).toContain("version : Revolut a été modifiée depuis l'export de ce fichier");
    expect(await publicText("/offres/revolut")).toContain("SECOND");
    expect(await publicText("/offres/revolut")).not.toContain("PREMIER");
  });

  it("refuses the rows of an export older than a back-office edit, naming them, and writes none of them", async () => {
    const older = await editedExport([
      { slug: "fortuneo", column: "code", value: "DEPUIS-LE-FICHIER" },
      { slug: "trade-republic", column: "code", value: "AUSSI-DU-FICHIER" },
    ]);
    const edit = confirmationOf(
      await (await upload(await editedExport([{ slug: "fortuneo", column: "montant", value: "99" }]))).text(),
    );
    expect((await confirm(edit!)).status).toBe(303);
    const response = await upload(older);
    const html = await response.text();
    const text = mainText(html);
    expect(text).toMatch(/Ligne \d+\s: Fortuneo, refusée/);
    expect(text).toContain(
      "version : Fortuneo a été modifiée depuis l'export de ce fichier : exportez à nouveau la liste et reportez-y ce changement.",
    );
    expect(text).toMatch(/Ligne \d+\s: Trade Republic, modifiée/);
    expect(confirmationOf(html)).toBeNull();
    expect(await publicText("/offres/fortuneo")).not.toContain("DEPUIS-LE-FICHIER");
    expect(await publicText("/offres/trade-republic")).not.toContain("AUSSI-DU-FICHIER");
  });

  it("reads a French Excel file: Windows-1252, with semicolons", async () => {
    const [header = ""] = (await editedExport([])).split("\r\n");
    const line = newBrandLine({
      adresse: "cafe-eclair",
      marque: "Café Éclair",
      categorie: "food",
      description: "Livraison de café",
      lien: "https://cafe-eclair.example/parrain",
      offre: "10 € offerts",
      nature: "reduction",
      montant: "10",
      unite: "EUR",
      conditions: "Première commande",
    });
    const csv = [header, line].map((text) => text.replaceAll('","', '";"')).join("\r\n");
    const windows1252 = new Map([
      ["€", 0x80],
      ["é", 0xe9],
      ["É", 0xc9],
    ]);
    const bytes = Uint8Array.from([...csv].map((character) => windows1252.get(character) ?? character.charCodeAt(0)));
    const text = mainText(await (await upload(bytes)).text());
    expect(text).toContain("1 à ajouter, 0 à modifier, 0 sans changement, 0 refusée(s).");
    expect(text).toMatch(/Ligne 2\s: Café Éclair, ajoutée/);
  });

  it("refuses a file that is not the offers' CSV, or too large, with a French reason", async () => {
    const notCsv = await upload('"adresse","code"\r\n"n26","X"\r\n');
    expect(notCsv.status).toBe(400);
    expect(mainText(await notCsv.text())).toContain("Colonnes manquantes : version.");
    const broken = await upload('"adresse,"code\r\n"n26');
    expect(broken.status).toBe(400);
    expect(mainText(await broken.text())).toContain("Ce fichier n'est pas un CSV lisible");
    const large = await upload("x".repeat(1024 * 1024 + 10));
    expect(large.status).toBe(413);
    expect(mainText(await large.text())).toContain("Le fichier dépasse 1 Mo : rien n'a été lu.");
    const none = await upload(new Uint8Array(), "vide.csv");
    expect(none.status).toBe(400);
    expect(mainText(await none.text())).toContain("Choisissez le fichier CSV des offres.");
  });
});
