import { BRAND_CATEGORIES } from "~/catalogue/categories";
import { GUIDE_LIMITS, isGuideSlug, slugFromTitle } from "~/catalogue/guides";

/**
 * The guide writing form of the back office: its fields, their labels, and the checks that need no server (the text's
 * Markdown is checked on the server, markdown.server.ts). What the owner typed is always given back as typed.
 */

export const GUIDE_FIELD_LABELS = {
  title: "Titre",
  slug: "Adresse",
  summary: "Résumé",
  category: "Catégorie",
  body: "Texte",
} as const;

export type GuideFieldName = keyof typeof GUIDE_FIELD_LABELS;

export type GuideFormValues = Record<GuideFieldName, string>;

/** What the buttons of the form ask: a preview, or a save as a draft, published, or unpublished. */
export const GUIDE_INTENTS = ["apercu", "brouillon", "publier", "depublier"] as const;
export type GuideIntent = (typeof GUIDE_INTENTS)[number];

export const EMPTY_GUIDE: GuideFormValues = { title: "", slug: "", summary: "", category: "", body: "" };

/** The form's values, as typed (line ends as the browser sent them, CRLF made LF). */
export function guideFormValues(form: FormData): GuideFormValues {
  const text = (name: GuideFieldName) => {
    const value = form.get(name);
    return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
  };
  return {
    title: text("title"),
    slug: text("slug"),
    summary: text("summary"),
    category: text("category"),
    body: text("body"),
  };
}

export function guideIntent(form: FormData): GuideIntent | undefined {
  const intent = form.get("intent");
  return GUIDE_INTENTS.find((candidate) => candidate === intent);
}

/** The fields to save, and what is wrong with any, in French. An empty address is proposed from the title. */
export function checkGuideFields(values: GuideFormValues): {
  fields: { title: string; slug: string; summary: string; category: string | null; body: string };
  errors: Partial<Record<GuideFieldName, string>>;
} {
  const title = values.title.trim().replace(/\s+/g, " ");
  const slug = values.slug.trim().toLowerCase() || slugFromTitle(title);
  const summary = values.summary.trim().replace(/\s+/g, " ");
  const category = values.category.trim();
  const errors: Partial<Record<GuideFieldName, string>> = {};
  if (!title) errors.title = "Donnez un titre au guide.";
  else if (title.length > GUIDE_LIMITS.title) errors.title = `${GUIDE_LIMITS.title} caractères au plus.`;
  // Without a title, an empty address has nothing to be made from: the title's error says what to do.
  if (!isGuideSlug(slug) && (title || values.slug.trim())) {
    errors.slug = `Lettres minuscules sans accents, chiffres et tirets (${GUIDE_LIMITS.slug} caractères au plus), par exemple «\u00a0primes-banques-en-ligne\u00a0».`;
  }
  if (summary.length > GUIDE_LIMITS.summary) errors.summary = `${GUIDE_LIMITS.summary} caractères au plus.`;
  if (category && !BRAND_CATEGORIES.some((candidate) => candidate.id === category)) {
    errors.category = "Choisissez une catégorie de la liste.";
  }
  if (!values.body.trim()) errors.body = "Écrivez le texte du guide.";
  return { fields: { title, slug, summary, category: category || null, body: values.body }, errors };
}
