import { describe, expect, it } from "vitest";
import { BUNDLED_OFFERS } from "~/catalogue/offers";
import { OFFER_CSV_COLUMNS, offerCells, offersCsv } from "~/forms/offer-csv";
import { decodeCsvFile, IMPORT_LIMITS, previewOffersImport } from "~/forms/offer-import";
import type { ReferralOffer } from "~/catalogue/types";

/** `csv` with one cell of one offer replaced. */
function withCell(csv: string, slug: string, column: string, value: string): string {
  const [header, ...lines] = csv.trimEnd().split("\r\n");
  const index = OFFER_CSV_COLUMNS.indexOf(column as never);
  const edited = lines.map((line) => {
    if (!line.startsWith(`"${slug}",`)) return line;
    const cells = line.match(/"(?:[^"]|"")*"/g) ?? [];
    cells[index] = `"${value.replaceAll('"', '""')}"`;
    return cells.join(",");
  });
  return [header, ...edited].join("\r\n");
}

/** The preview of N26's row when `csv` is read against `offers`. */
function n26RowOf(csv: string, offers: readonly ReferralOffer[]) {
  const preview = previewOffersImport(csv, offers);
  return preview.ok ? preview.rows.find((candidate) => candidate.slug === "n26") : undefined;
}

/** N26's row refused, with these reasons. */
const n26Refused = (errors: { column: string; message: string }[]) => ({
  line: expect.any(Number),
  slug: "n26",
  brand: "N26",
  outcome: "refused",
  errors,
});

describe("the offers' CSV", () => {
  it("reads back as it was exported: every row unchanged", () => {
    const preview = previewOffersImport(offersCsv(BUNDLED_OFFERS), BUNDLED_OFFERS);
    expect(preview.ok && preview.rows.every((row) => row.outcome === "unchanged")).toBe(true);
    expect(preview.ok && preview.rows).toHaveLength(BUNDLED_OFFERS.length);
  });

  it("neutralises a cell a spreadsheet would run as a formula, and reads it back as it was", () => {
    const offers = BUNDLED_OFFERS.map((offer) =>
      offer.slug === "n26" ? { ...offer, code: '=HYPERLINK("https://exemple.fr")' } : offer,
    );
    const csv = offersCsv(offers);
    expect(csv).toContain(`"'=HYPERLINK(""https://exemple.fr"")"`);
    const preview = previewOffersImport(csv, offers);
    expect(preview.ok && preview.rows.find((row) => row.slug === "n26")?.outcome).toBe("unchanged");
  });

  it("says which cells a row changes, and writes an offer's terms together", () => {
    const preview = previewOffersImport(withCell(offersCsv(BUNDLED_OFFERS), "n26", "montant", "20"), BUNDLED_OFFERS);
    const row = preview.ok ? preview.rows.find((candidate) => candidate.slug === "n26") : undefined;
    expect(row).toMatchObject({
      outcome: "changed",
      brand: "N26",
      cells: [{ column: "montant", before: "15", after: "20" }],
      write: { bonus_amount: 20, bonus_unit: "EUR", bonus_kind: "argent", bonus_up_to: false },
    });
    expect(row?.outcome === "changed" && Object.keys(row.write)).not.toContain("link");
  });

  it("leaves as they are the columns a file lacks: one exported before a column was added still imports", () => {
    // The file as it was before the column "parrain" existed, N26's code changed in it.
    const drop = OFFER_CSV_COLUMNS.indexOf("parrain");
    const without = (line: string) => (line.match(/"(?:[^"]|"")*"/g) ?? []).filter((_, index) => index !== drop);
    const lines = withCell(offersCsv(BUNDLED_OFFERS), "n26", "code", "N26NOUVEAU").trimEnd().split("\r\n");
    const older = lines.map((line) => without(line).join(",")).join("\r\n");
    expect(older.split("\r\n")[0]).not.toContain('"parrain"');
    const preview = previewOffersImport(older, BUNDLED_OFFERS);
    expect(preview).toMatchObject({ ok: true, absent: ["parrain"] });
    const changed = preview.ok ? preview.rows.filter((row) => row.outcome !== "unchanged") : [];
    expect(changed).toEqual([
      expect.objectContaining({ slug: "n26", outcome: "changed", write: { code: "N26NOUVEAU" } }),
    ]);
    // An offer with a referrer's reward keeps it: the file says nothing of it.
    const rewarded = BUNDLED_OFFERS.map((offer) =>
      offer.slug === "n26" ? { ...offer, referrerReward: "10 € pour le parrain" } : offer,
    );
    const kept = previewOffersImport(older, rewarded);
    const n26 = kept.ok ? kept.rows.find((row) => row.slug === "n26") : undefined;
    expect(n26?.outcome === "changed" && n26.write).toEqual({ code: "N26NOUVEAU" });
  });

  it("carries each offer's version, and refuses a row whose offer changed since the export, naming the offer", () => {
    const exported = BUNDLED_OFFERS.map((offer) => (offer.slug === "n26" ? { ...offer, version: 3 } : offer));
    const csv = offersCsv(exported);
    expect(csv.split("\r\n")[0]).toMatch(/,"version"$/);
    expect(offerCells(exported.find((offer) => offer.slug === "n26")!).version).toBe("3");
    expect(offerCells(BUNDLED_OFFERS[0]!).version).toBe("0");
    // Since the export, the owner changed N26's code in the back office; the file still holds the former one.
    const now = exported.map((offer) => (offer.slug === "n26" ? { ...offer, version: 4, code: "NOUVEAU" } : offer));
    expect(n26RowOf(withCell(csv, "n26", "montant", "20"), now)).toEqual(
      n26Refused([
        {
          column: "version",
          message:
            "N26 a été modifiée depuis l'export de ce fichier : exportez à nouveau la liste et reportez-y ce changement.",
        },
      ]),
    );
    // A row the file leaves as the offer is now changes nothing, whatever its version.
    expect(n26RowOf(withCell(csv, "n26", "code", "NOUVEAU"), now)?.outcome).toBe("unchanged");
    // The same change on an export of the current version goes through, with that version to check when written.
    expect(n26RowOf(withCell(offersCsv(now), "n26", "montant", "20"), now)).toMatchObject({
      outcome: "changed",
      version: 4,
    });
  });

  it("refuses a row with a French reason per cell, and keeps the other rows", () => {
    let csv = withCell(offersCsv(BUNDLED_OFFERS), "n26", "lien", "http://n26.com");
    csv = withCell(withCell(csv, "n26", "nature", "cadeau"), "n26", "categorie", "banques");
    const preview = previewOffersImport(csv, BUNDLED_OFFERS);
    expect(n26RowOf(csv, BUNDLED_OFFERS)).toEqual(
      n26Refused([
        { column: "lien", message: "Le lien doit être une adresse complète commençant par https://." },
        { column: "nature", message: "Choisissez une nature dans la liste." },
        { column: "categorie", message: "Choisissez une catégorie de la liste (par exemple finance)." },
      ]),
    );
    expect(preview.ok && preview.rows.filter((candidate) => candidate.outcome === "unchanged")).toHaveLength(
      BUNDLED_OFFERS.length - 1,
    );
  });

  it("adds a brand a row names at a new address, with its category and description", () => {
    const csv = `${offersCsv(BUNDLED_OFFERS)}${[
      "nouvelle-banque",
      "Nouvelle Banque",
      "finance",
      "Une banque en ligne.",
      "NB10",
      "https://nouvelle-banque.fr/parrainage",
      "10 € offerts à l'ouverture.",
      "",
      "10",
      "EUR",
      "non",
      "argent",
      "Ouverture du compte",
      "",
      "",
      "",
      "",
      "",
    ]
      .map((cell) => `"${cell}"`)
      .join(",")}\r\n`;
    const preview = previewOffersImport(csv, BUNDLED_OFFERS);
    expect(preview.ok && preview.rows.at(-1)).toMatchObject({
      outcome: "added",
      slug: "nouvelle-banque",
      write: { name: "Nouvelle Banque", category: "finance", bonus_amount: 10, conditions: ["Ouverture du compte"] },
    });
  });

  it("refuses in French a file that is no offers CSV, too large or too long", () => {
    expect(previewOffersImport("nom;prix\nx;1", BUNDLED_OFFERS)).toMatchObject({
      ok: false,
      error: "Colonnes manquantes : adresse, version.",
    });
    expect(previewOffersImport('"adresse\n', BUNDLED_OFFERS)).toMatchObject({ ok: false });
    expect(previewOffersImport("x".repeat(IMPORT_LIMITS.bytes + 1), BUNDLED_OFFERS)).toEqual({
      ok: false,
      error: "Le fichier dépasse 1 Mo.",
    });
    const [header] = offersCsv([]).split("\r\n");
    const shortLine = OFFER_CSV_COLUMNS.map((_, index) => (index === 0 ? '"x"' : '""')).join(",");
    const long = [header, ...Array.from({ length: IMPORT_LIMITS.rows + 1 }, () => shortLine)].join("\r\n");
    expect(previewOffersImport(long, BUNDLED_OFFERS)).toEqual({
      ok: false,
      error: `Le fichier compte plus de ${IMPORT_LIMITS.rows} lignes d'offres.`,
    });
  });
});

describe("an uploaded file's text", () => {
  it("is read as UTF-8 without its byte-order mark, else as Windows-1252 with its own characters from 0x80 to 0x9F", () => {
    expect(decodeCsvFile(new TextEncoder().encode("\uFEFFCafé 10 € ’"))).toBe("Café 10 € ’");
    expect(decodeCsvFile(Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x92, 0x9c, 0xc9]))).toBe("Café €’œÉ");
  });
});
