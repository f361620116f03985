import { useForm } from "@conform-to/react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { BUNDLED_OFFERS } from "~/catalogue/offers";
import { OfferFields } from "~/components/back-office/fields";
import { OfferConditions } from "~/components/offer-conditions";
import { parseNewBrandForm, parseOfferForm } from "~/forms/brand-form";
import { OFFER_COLUMNS, shownValues } from "~/forms/offer-columns";
import { OFFER_CSV_COLUMNS, offersCsv } from "~/forms/offer-csv";
import { previewOffersImport } from "~/forms/offer-import";
import { embeddedAt } from "~/services/backend/database.server";
import { openEmbeddedDatabase } from "~/services/backend/embedded-db.server";
import { SqlBackend } from "~/services/backend/sql-backend.server";
import { offerWithDetails } from "~/services/pages/offers.server";
import { seededDataDir } from "../support/seeded-data-dir";
import { serviceRoleBackendAt, supabaseStandIn } from "../support/supabase-stand-in";
import type { ReferralOffer } from "~/catalogue/types";
import type { BrandColumns, OwnerStore } from "~/services/backend/types.server";

/**
 * An offer's editable fields are declared once (app/forms/offer-fields.ts): a throw-away field added to that one
 * declaration, and to nothing else, reaches the column list, both forms and their checks, the CSV both ways, both
 * backends' writes and, declared for visitors, the brand page. Its column is added to the test's database, as its migration would.
 */
vi.mock("~/forms/offer-fields", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/forms/offer-fields")>();
  const { optionalText } = await import("~/forms/field-schemas");
  return {
    ...original,
    OFFER_FIELDS: {
      ...original.OFFER_FIELDS,
      remark: {
        schema: optionalText(80, "La remarque"),
        forms: ["offer", "brand"],
        input: { label: "Remarque de l'essai", kind: "text" },
        csv: "remarque",
        formValue: (offer: ReferralOffer & { remark?: string }) => offer.remark ?? "",
        visitors: { label: "Remarque" },
      },
    },
  };
});

/** The throw-away column, which the real declaration's types do not know. */
const withRemark = (columns: Partial<BrandColumns> & { remark: string }) => columns as Partial<BrandColumns>;

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const OFFER = { link: "https://www.exemple.fr/parrainage", offer_description: "10 € offerts." };

describe("a field added to the offer's one declaration", () => {
  it("is a column both backends may write", () => {
    expect(OFFER_COLUMNS).toContain("remark");
  });

  it("is read and checked by both forms, in French", () => {
    const offer = parseOfferForm(form({ ...OFFER, remark: "  À revoir  " }));
    expect(offer.status === "success" && offer.value).toMatchObject({ remark: "À revoir" });
    const brand = parseNewBrandForm(
      form({ ...OFFER, name: "Banque Essai", category: "finance", description: "Une banque.", remark: "Nouvelle" }),
    );
    expect(brand.status === "success" && brand.value).toMatchObject({ slug: "banque-essai", remark: "Nouvelle" });
    const tooLong = parseOfferForm(form({ ...OFFER, remark: "x".repeat(81) }));
    expect(tooLong.status === "success" ? {} : tooLong.reply().error).toMatchObject({
      remark: ["La remarque : 80 caractères au plus."],
    });
  });

  it("is drawn in the offer form with its label and the offer's value", () => {
    const offer = { ...BUNDLED_OFFERS[0]!, remark: "Vue dans le formulaire" };
    function Probe() {
      const [, fields] = useForm({ id: "offre", defaultValue: shownValues("offer", offer) });
      return createElement(OfferFields<"offer">, { form: "offer", fields });
    }
    const html = renderToString(createElement(Probe));
    expect(html).toMatch(
      /<label for="offre-remark"[^>]*>Remarque de l&#x27;essai<\/label><input id="offre-remark" name="remark"/,
    );
    expect(html).toContain('value="Vue dans le formulaire"');
  });

  it("goes out in the CSV and comes back as a change to write", () => {
    const offers = BUNDLED_OFFERS.map((offer) => (offer.slug === "n26" ? { ...offer, remark: "avant" } : offer));
    const csv = offersCsv(offers);
    expect(OFFER_CSV_COLUMNS.slice(-2)).toEqual(["remarque", "version"]);
    expect(csv.match(/,"avant","0"\r\n/g)).toHaveLength(1);
    const edited = csv.replace(',"avant","0"\r\n', ',"après","0"\r\n');
    const preview = previewOffersImport(edited, offers);
    const row = preview.ok ? preview.rows.find((candidate) => candidate.slug === "n26") : undefined;
    expect(row).toMatchObject({
      outcome: "changed",
      cells: [{ column: "remarque", before: "avant", after: "après" }],
      write: { remark: "après" },
    });
  });

  describe("written by the SQL backend", () => {
    const folder = seededDataDir("field-declared-once", (db) =>
      db.exec("alter table public.brands add column remark text").then(() => undefined),
    );

    const owner = async () => {
      const backend = new SqlBackend(embeddedAt(folder.dir), { max: 5, windowSeconds: 600 });
      await backend.warmUp();
      const access = backend.owner();
      if (!access.ok) throw new Error(access.missing);
      return { backend, store: access.store };
    };

    it("in a back-office edit and in an import", async () => {
      const { backend, store } = await owner();
      try {
        await store.upsertBrand({ name: "Essai", slug: "essai", ...withRemark({ remark: "créée" }) });
        const created = (await backend.listBrands()).find((row) => row.name === "Essai");
        expect(created?.remark).toBe("créée");
        expect(await store.updateBrand(String(created?.id), withRemark({ remark: "modifiée" }))).toBe(true);
        const edited = (await backend.listBrands()).find((row) => row.name === "Essai");
        expect(edited?.remark).toBe("modifiée");
        expect(
          await store.importOffers([
            { id: String(edited?.id), version: Number(edited?.version), columns: withRemark({ remark: "importée" }) },
          ]),
        ).toEqual({ ok: true, written: 1 });
        const imported = (await backend.listBrands()).find((row) => row.name === "Essai");
        expect(imported?.remark).toBe("importée");
        // Declared for visitors: the offer read from the row shows it under its conditions.
        const offer = offerWithDetails(imported!);
        expect(offer.details).toEqual([{ label: "Remarque", text: "importée" }]);
        const shown = renderToString(
          createElement(OfferConditions, {
            brand: offer.brand,
            conditions: offer.conditions,
            checkedOn: null,
            referrerReward: null,
            details: offer.details,
          }),
        );
        expect(shown.replace(/<[^>]+>/g, "")).toContain("Remarque : importée");
      } finally {
        (await openEmbeddedDatabase(folder.dir)).close();
      }
    });
  });

  describe("written by the Supabase backend", () => {
    const standIn = supabaseStandIn();
    const owner = (): OwnerStore => {
      const access = serviceRoleBackendAt(standIn.url).owner();
      if (!access.ok) throw new Error(access.missing);
      return access.store;
    };

    it("in a back-office edit and in an import", async () => {
      standIn.respond(200, [{ id: 12 }]);
      expect(await owner().updateBrand("12", withRemark({ remark: "modifiée" }))).toBe(true);
      expect(standIn.only().body).toEqual({ remark: "modifiée" });
      standIn.received.length = 0;
      standIn.respond(200, 1);
      const rows = [{ id: "12", version: 2, columns: withRemark({ remark: "importée" }) }];
      expect(await owner().importOffers(rows)).toEqual({ ok: true, written: 1 });
      expect(standIn.only().body).toEqual({ p_rows: rows });
    });
  });
});
