import { describe, expect, it } from "vitest";
import { BRAND_SECTIONS } from "~/content/brand-sections";
import { HOME_FAQ } from "~/content/home";
import {
  BRANDS_WITH_TEXTS,
  brandSectionsOf,
  brandValue,
  fits,
  PAGE_TEXTS,
  siteText,
  textValue,
  type SiteText,
  type TextValue,
} from "~/content/site-texts";
import { changeList, checkText, readTextForm, textIntent } from "~/forms/site-text-form";
import { brandTexts, homeTexts, offresTexts } from "~/services/pages/site-texts.server";
import type { WritingShelf } from "~/services/backend/guide-store.server";

const brandText = (slug: string) => siteText(`marque-${slug}`, slug) as SiteText;
const homeFaq = siteText("accueil-faq") as SiteText;
const shelfWith = (texts: Record<string, unknown>): WritingShelf => ({
  guides: [],
  moves: new Map(),
  texts: new Map(Object.entries(texts)),
});
const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

describe("the site's texts", () => {
  it("bundle texts that fit their own declarations, page by page and brand by brand", () => {
    const texts = [...PAGE_TEXTS, ...BRANDS_WITH_TEXTS.map(brandText)];
    const misfits = texts.flatMap((text) =>
      text.fields
        .filter((field) => !fits(field, text.original[field.name]))
        .map((field) => `${text.key}.${field.name}`),
    );
    expect(misfits).toEqual([]);
    expect(texts.filter((text) => checkText(text, text.original).wrong.length > 0).map((text) => text.key)).toEqual([]);
  });

  it("give each brand page its sections back unchanged from a text's value", () => {
    for (const slug of BRANDS_WITH_TEXTS)
      expect(brandSectionsOf(brandValue(BRAND_SECTIONS[slug]))).toEqual(BRAND_SECTIONS[slug]);
    expect(brandSectionsOf(brandValue(undefined))).toBeNull();
  });

  it("know only the pages' texts, and a brand's once its name is known", () => {
    expect(siteText("accueil-faq")?.path).toBe("/");
    expect(siteText("inconnu")).toBeNull();
    expect(siteText("marque-bolt")).toBeNull();
    expect(siteText("marque-bolt", "Bolt")?.title).toBe("Marque · Bolt");
  });

  it("fall back, field by field, to the bundled text where a stored value no longer fits", () => {
    const why = siteText("accueil-pourquoi") as SiteText;
    const value = textValue(why, { title: "Un titre à moi", paragraphs: "pas une liste", highlights: [["seul"]] });
    expect(value.title).toBe("Un titre à moi");
    expect(value.paragraphs).toEqual(why.original.paragraphs);
    expect(value.highlights).toEqual(why.original.highlights);
    expect(textValue(why, null)).toEqual(why.original);
  });
});

describe("a site text's form", () => {
  it("reads paragraphs, lines, tables and pairs as typed", () => {
    const value = readTextForm(
      brandText("binance"),
      formOf({
        howToUse: "  Ouvrez le lien.\r\n\r\nCréez le compte. \n",
        comparison: "Offre | Montant\nBinance | 20 %\n",
        "faq.0.0": "Question ?",
        "faq.0.1": "Réponse.",
        "faq.1.0": "",
        "faq.1.1": "",
      }),
    );
    expect(value.howToUse).toEqual(["Ouvrez le lien.", "Créez le compte."]);
    expect(value.comparison).toEqual([
      ["Offre", "Montant"],
      ["Binance", "20 %"],
    ]);
    expect(value.faq).toEqual([
      ["Question ?", "Réponse."],
      ["", ""],
    ]);
    const intro = readTextForm(
      siteText("offres-introduction") as SiteText,
      formOf({ paragraphs: "Un\ndeux.\n\n\nTrois." }),
    );
    expect(intro.paragraphs).toEqual(["Un deux.", "Trois."]);
  });

  it("drops pairs left empty, and names each field to correct by its control", () => {
    const typed: TextValue = {
      faq: [
        ["Une question ?", ""],
        ["", ""],
        ["x".repeat(201), "Réponse."],
        ["Une question ?", "Encore."],
      ],
    };
    const { value, wrong } = checkText(homeFaq, typed);
    expect(wrong.map((field) => [field.id, field.label, field.message])).toEqual([
      ["texte-faq-0-1", "Réponse 1", "à remplir."],
      ["texte-faq-2-0", "Question 3", "200\u00a0caractères au plus (201 écrits)."],
      ["texte-faq-3-0", "Question 4", "déjà dans la liste."],
    ]);
    expect(value.faq).toHaveLength(3);
  });

  it("refuses tables whose rows do not have their cells", () => {
    const table = (rows: string[][]) =>
      checkText(brandText("binance"), { ...brandText("binance").original, cryptoList: rows }).wrong;
    expect(table([["BTC", "Bitcoin"]]).map((field) => field.message)).toEqual([
      "ligne 1\u00a0: 3 cases attendues, séparées par «\u00a0|\u00a0».",
    ]);
    const wide = checkText(brandText("binance"), {
      ...brandText("binance").original,
      comparison: [["a", "b", "c", "d", "e", "f", "g"]],
    });
    expect(wide.wrong.map((field) => field.message)).toEqual(["6 cases au plus par ligne (7)."]);
  });

  it("adds, moves and removes a list's items, and ignores buttons it does not know", () => {
    const form = formOf({ intent: "monter:faq:2" });
    expect(textIntent(homeFaq, form)).toEqual({ change: "monter", field: "faq", index: 2 });
    expect(textIntent(homeFaq, formOf({ intent: "ajouter:faq" }))).toEqual({
      change: "ajouter",
      field: "faq",
      index: 0,
    });
    expect(textIntent(homeFaq, formOf({ intent: "retirer:faq" }))).toBeNull();
    expect(textIntent(homeFaq, formOf({ intent: "ajouter:steps" }))).toBeNull();
    expect(textIntent(homeFaq, formOf({ intent: "publier" }))).toBeNull();
    expect(textIntent(homeFaq, formOf({ intent: "origine" }))).toBe("origine");
    const list: TextValue = {
      faq: [
        ["a", "1"],
        ["b", "2"],
        ["c", "3"],
      ],
    };
    const order = (value: TextValue) => (value.faq as string[][]).map(([question]) => question).join("");
    expect(order(changeList(list, { change: "monter", field: "faq", index: 2 }))).toBe("acb");
    expect(order(changeList(list, { change: "monter", field: "faq", index: 0 }))).toBe("abc");
    expect(order(changeList(list, { change: "descendre", field: "faq", index: 2 }))).toBe("abc");
    expect(order(changeList(list, { change: "descendre", field: "faq", index: 0 }))).toBe("bac");
    expect(order(changeList(list, { change: "retirer", field: "faq", index: 1 }))).toBe("ac");
    expect(order(changeList(list, { change: "retirer", field: "faq", index: 7 }))).toBe("abc");
    expect(changeList(list, { change: "ajouter", field: "faq", index: 0 }).faq).toHaveLength(4);
  });
});

describe("the site's texts as pages show them", () => {
  it("are the bundled ones until the owner changes them, the edits set in French spacing", () => {
    expect(homeTexts(null).faq.map((item) => item.question)).toEqual(HOME_FAQ.map((item) => item.question));
    const shelf = shelfWith({ "accueil-faq": { faq: [["Une question ?", "Oui : la réponse « exacte »."]] } });
    const home = homeTexts(shelf);
    expect(home.faq).toEqual([
      { question: "Une question\u202f?", answer: "Oui\u00a0: la réponse «\u00a0exacte\u00a0»." },
    ]);
    expect(home.faqJsonLd.mainEntity[0]?.name).toBe("Une question\u202f?");
    // Made once per read of the texts: a second page view gets the same objects.
    expect(homeTexts(shelf).faqJsonLd).toBe(home.faqJsonLd);
  });

  it("link an answer of the offers page that speaks of the contact page", () => {
    const shelf = shelfWith({
      "offres-faq": {
        faq: [
          ["Un souci ?", "Écrivez depuis la page de contact."],
          ["Autre ?", "Non."],
        ],
      },
    });
    expect(offresTexts(shelf).faq.map((item) => item.contactLink)).toEqual([true, false]);
  });

  it("give a brand its edited sections, or none once they are emptied", () => {
    expect(brandTexts(null, "binance", "Binance").sections).toEqual(BRAND_SECTIONS.binance);
    const emptied = brandTexts(shelfWith({ "marque-binance": brandValue(undefined) }), "binance", "Binance");
    expect(emptied).toEqual({ sections: null, faqJsonLd: null });
    const written = brandTexts(shelfWith({ "marque-bolt": { faq: [["Bolt ?", "Oui."]] } }), "bolt", "Bolt");
    expect(written.sections).toEqual({ faq: [{ question: "Bolt\u202f?", answer: "Oui." }] });
    expect(written.faqJsonLd?.mainEntity).toHaveLength(1);
  });
});
