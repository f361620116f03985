/**
 * The site's texts the owner edits in the back office: each one's fields, their limits, and the text bundled with
 * the site (its default, "le texte d'origine"). A text's value is plain JSON (one entry per field), saved whole by
 * public.save_site_text; pages read it through `textValue`, which falls back to the bundled text for a field that no
 * longer fits its declaration. The legal texts (disclosure, risk notices, legal notice, method pages) are not here.
 */
import { BRAND_SECTIONS, type BrandSections } from "./brand-sections";
import { HOME_BANNER, HOME_FAQ, HOME_STEPS, HOME_WHY } from "./home";
import { OFFRES_FAQ, OFFRES_HOWTO, OFFRES_INTRO } from "./offres";

export type Pair = [string, string];

interface FieldBase {
  name: string;
  label: string;
  hint?: string;
  /** May be left empty (a line; lists may always be). */
  optional?: true;
}

/**
 * A field of a text: one line (`max` characters); paragraphs (separated by a blank line) or lines (one item a line),
 * at most `most` of `max` characters each; pairs (a question and its answer, a title and its text…) that can be
 * added, removed and moved; or a table, one row a line, cells separated by "|".
 */
export type TextField =
  | (FieldBase & { kind: "line"; max: number })
  | (FieldBase & { kind: "paragraphs" | "lines"; max: number; most: number })
  | (FieldBase & { kind: "pairs"; labels: Pair; max: [number, number]; most: number })
  | (FieldBase & { kind: "table"; columns: number | null; widest?: number; max: number; most: number });

export type FieldValue = string | string[] | Pair[] | string[][];
export type TextValue = Record<string, FieldValue>;

export interface SiteText {
  key: string;
  /** What the back office calls it. */
  title: string;
  /** The page that shows it. */
  path: string;
  fields: readonly TextField[];
  original: TextValue;
}

const FAQ_FIELD: TextField = {
  kind: "pairs",
  name: "faq",
  label: "Questions",
  labels: ["Question", "Réponse"],
  max: [200, 1_500],
  most: 30,
};
const STEPS_FIELD: TextField = {
  kind: "pairs",
  name: "steps",
  label: "Étapes",
  labels: ["Titre", "Texte"],
  max: [80, 400],
  most: 8,
};

const titled = (items: readonly { title: string; text: string }[]): Pair[] =>
  items.map((item) => [item.title, item.text]);
const asked = (items: readonly { question: string; answer: string }[]): Pair[] =>
  items.map((item) => [item.question, item.answer]);

/** The site's own texts (not a brand's), in the back office's order. */
export const PAGE_TEXTS: readonly SiteText[] = [
  {
    key: "accueil-bandeau",
    title: "Accueil · bandeau",
    path: "/",
    fields: [{ kind: "line", name: "text", label: "Phrase sous le titre", max: 240 }],
    original: { text: HOME_BANNER },
  },
  {
    key: "accueil-pourquoi",
    title: "Accueil · Pourquoi utiliser des codes de parrainage",
    path: "/",
    fields: [
      { kind: "line", name: "title", label: "Titre", max: 120 },
      { kind: "paragraphs", name: "paragraphs", label: "Paragraphes", max: 800, most: 6 },
      { kind: "pairs", name: "highlights", label: "Points forts", labels: ["Titre", "Texte"], max: [80, 400], most: 6 },
    ],
    original: { title: HOME_WHY.title, paragraphs: HOME_WHY.paragraphs, highlights: titled(HOME_WHY.highlights) },
  },
  {
    key: "accueil-etapes",
    title: "Accueil · Comment ça marche",
    path: "/",
    fields: [STEPS_FIELD],
    original: { steps: titled(HOME_STEPS) },
  },
  { key: "accueil-faq", title: "Accueil · FAQ", path: "/", fields: [FAQ_FIELD], original: { faq: asked(HOME_FAQ) } },
  {
    key: "offres-introduction",
    title: "Offres · introduction",
    path: "/offres",
    fields: [
      { kind: "line", name: "title", label: "Titre", max: 80 },
      { kind: "paragraphs", name: "paragraphs", label: "Paragraphes", max: 600, most: 4 },
    ],
    original: { title: OFFRES_INTRO.title, paragraphs: OFFRES_INTRO.paragraphs },
  },
  {
    key: "offres-etapes",
    title: "Offres · mode d'emploi",
    path: "/offres",
    fields: [STEPS_FIELD],
    original: { steps: titled(OFFRES_HOWTO) },
  },
  {
    key: "offres-faq",
    title: "Offres · FAQ",
    path: "/offres",
    fields: [
      {
        ...FAQ_FIELD,
        hint: "Une réponse qui parle de la «\u00a0page de contact\u00a0» est suivie d'un lien «\u00a0Contactez-nous\u00a0».",
      },
    ],
    original: { faq: asked(OFFRES_FAQ) },
  },
];

const BRAND_FIELDS: readonly TextField[] = [
  { kind: "pairs", name: "whyChoose", label: "Pourquoi choisir", labels: ["Titre", "Texte"], max: [80, 600], most: 8 },
  { kind: "lines", name: "howToUse", label: "Comment utiliser le code (une étape par ligne)", max: 400, most: 10 },
  { kind: "pairs", name: "services", label: "Services", labels: ["Titre", "Texte"], max: [80, 600], most: 10 },
  { kind: "line", optional: true, name: "popularTitle", label: "Titre de la liste", max: 120 },
  { kind: "lines", name: "popularItems", label: "Liste (un élément par ligne)", max: 200, most: 20 },
  { ...FAQ_FIELD, label: "Questions fréquentes" },
  { kind: "line", optional: true, name: "comparisonCaption", label: "Légende du comparatif", max: 160 },
  {
    kind: "table",
    name: "comparison",
    label: "Comparatif",
    hint: "Une ligne par rangée, les cases séparées par «\u00a0|\u00a0»\u202f; la première ligne donne les colonnes.",
    columns: null,
    max: 200,
    widest: 6,
    most: 15,
  },
  {
    kind: "table",
    name: "cryptoList",
    label: "Cryptomonnaies",
    hint: "Une par ligne\u00a0: symbole | nom | texte.",
    columns: 3,
    max: 300,
    most: 30,
  },
  { kind: "line", optional: true, name: "infoCardTitle", label: "Titre de la fiche", max: 120 },
  { kind: "pairs", name: "infoCard", label: "Fiche", labels: ["Libellé", "Valeur"], max: [60, 200], most: 12 },
];

export const BRAND_TEXT_PREFIX = "marque-";

/** A brand page's sections as a text's value. */
export function brandValue(sections: BrandSections | undefined): TextValue {
  return {
    whyChoose: titled(sections?.whyChoose ?? []),
    howToUse: sections?.howToUse ?? [],
    services: titled(sections?.services ?? []),
    popularTitle: sections?.popular?.title ?? "",
    popularItems: sections?.popular?.items ?? [],
    faq: asked(sections?.faq ?? []),
    comparisonCaption: sections?.comparison?.caption ?? "",
    comparison: sections?.comparison ? [sections.comparison.columns, ...sections.comparison.rows] : [],
    cryptoList: (sections?.cryptoList ?? []).map((crypto) => [crypto.symbol, crypto.name, crypto.text]),
    infoCardTitle: sections?.infoCard?.title ?? "",
    infoCard: (sections?.infoCard?.rows ?? []).map((row) => [row.label, row.value]),
  };
}

/** The text of a key: a page's, or a brand's (`marque-{slug}`, whose brand the caller knows exists). */
export function siteText(key: string, brandName?: string): SiteText | null {
  const own = PAGE_TEXTS.find((text) => text.key === key);
  if (own) return own;
  if (!key.startsWith(BRAND_TEXT_PREFIX) || brandName === undefined) return null;
  const slug = key.slice(BRAND_TEXT_PREFIX.length);
  return {
    key,
    title: `Marque · ${brandName}`,
    path: `/offres/${slug}`,
    fields: BRAND_FIELDS,
    original: brandValue(BRAND_SECTIONS[slug]),
  };
}

/** The brands whose page has bundled sections. */
export const BRANDS_WITH_TEXTS: readonly string[] = Object.keys(BRAND_SECTIONS);

const isText = (value: unknown): value is string => typeof value === "string";
const isRow = (value: unknown, cells: number | null): value is string[] =>
  Array.isArray(value) && value.every(isText) && (cells === null || value.length === cells);

/** Whether a stored field's value fits its declaration (kind, counts, lengths). */
export function fits(field: TextField, value: unknown): value is FieldValue {
  switch (field.kind) {
    case "line":
      return isText(value) && value.length <= field.max;
    case "paragraphs":
    case "lines":
      return isRow(value, null) && value.length <= field.most && value.every((item) => item.length <= field.max);
    case "pairs":
      return (
        Array.isArray(value) &&
        value.length <= field.most &&
        value.every((pair) => isRow(pair, 2) && pair.every((cell, index) => cell.length <= field.max[index as 0 | 1]))
      );
    case "table":
      return (
        Array.isArray(value) &&
        value.length <= field.most &&
        value.every(
          (row) =>
            isRow(row, field.columns) &&
            row.length <= (field.widest ?? Infinity) &&
            row.every((cell) => cell.length <= field.max),
        )
      );
  }
}

/** A text's value as pages show it: the stored one, field by field, or the bundled one where none fits. */
export function textValue(text: SiteText, stored: unknown): TextValue {
  const saved = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(
    text.fields.map((field) => {
      const value = saved[field.name];
      return [field.name, fits(field, value) ? value : (text.original[field.name] ?? "")];
    }),
  );
}

/** A brand page's sections from a text's value; null when it has none. */
export function brandSectionsOf(value: TextValue): BrandSections | null {
  const pairs = (name: string) => (value[name] ?? []) as Pair[];
  const lines = (name: string) => (value[name] ?? []) as string[];
  const line = (name: string) => (value[name] ?? "") as string;
  const table = (name: string) => (value[name] ?? []) as string[][];
  const sections: BrandSections = {};
  if (pairs("whyChoose").length) sections.whyChoose = pairs("whyChoose").map(([title, text]) => ({ title, text }));
  if (lines("howToUse").length) sections.howToUse = lines("howToUse");
  if (pairs("services").length) sections.services = pairs("services").map(([title, text]) => ({ title, text }));
  if (lines("popularItems").length) sections.popular = { title: line("popularTitle"), items: lines("popularItems") };
  if (pairs("faq").length) sections.faq = pairs("faq").map(([question, answer]) => ({ question, answer }));
  const [columns, ...rows] = table("comparison");
  if (columns) sections.comparison = { caption: line("comparisonCaption"), columns, rows };
  if (table("cryptoList").length) {
    sections.cryptoList = table("cryptoList").map(([symbol = "", name = "", text = ""]) => ({ symbol, name, text }));
  }
  if (pairs("infoCard").length) {
    sections.infoCard = {
      title: line("infoCardTitle"),
      rows: pairs("infoCard").map(([label, value]) => ({ label, value })),
    };
  }
  return Object.keys(sections).length > 0 ? sections : null;
}
