import { OFFER_SLUG_PATTERN } from "@contract/feedback-fields";
import * as z from "zod";
import { BRAND_CATEGORIES } from "~/catalogue/categories";
import { FEATURED_RULE, hidesClipboard } from "~/catalogue/offer-rules";
import { categoryRiskNote, RISK_NOTE_HINT, RISK_NOTE_LABELS, RISK_NOTES } from "~/catalogue/risk-note-choices";
import {
  BONUS_UNITS,
  KIND_LABELS,
  MAX_CONDITION_LENGTH,
  MAX_CONDITIONS,
  OFFER_KINDS,
  termsFormValues,
  UNIT_LABELS,
} from "~/catalogue/terms";
import { amount, day, lines, link, optionalText, requiredText } from "./field-schemas";
import type { BrandCategoryId, ReferralOffer } from "~/catalogue/types";

/**
 * Every column of `brands` the back office writes, declared once, in the order its forms show them: how a form field
 * or a spreadsheet cell is read into the column (zod), which forms show it and how, its CSV column, and what an
 * offer holds of it. The column list of both backends, the two forms, their schemas, the edit form's values and the
 * CSV are derived from this table (offer-columns.ts, offer-csv.ts): a new editable field is one entry here and one
 * migration adding its column.
 */

/** The back office's two forms on offers: an offer's (/gestion/offres/{slug}) and a new brand's (/gestion/offres). */
export type OfferForm = "offer" | "brand";

export interface FieldInput {
  label: string;
  kind: "text" | "url" | "date" | "multiline" | "select" | "checkbox";
  hint?: string;
  required?: boolean;
  options?: readonly { id: string; label: string }[];
  /** Shown in the fieldset of what the new customer receives. */
  referee?: true;
  /** On a brand page written by hand (HAND_WRITTEN_SLUGS), the field is shown read-only, or not at all. */
  handWritten?: "read-only" | "hidden";
}

export interface OfferFieldDeclaration {
  /** How a form field or a CSV cell is read into the column's value, refusals in French. */
  schema: z.ZodType;
  /** The forms that show the field; none for a column only an action writes (the day an offer was checked). */
  forms: readonly OfferForm[];
  input?: FieldInput;
  /** Its column in the offers' CSV, named in French. */
  csv?: string;
  /** One of an offer's terms: an import that changes one writes them all, since a row's terms go together. */
  terms?: true;
  /** The form field's default value: what the offer holds of it, a text, or whether a box is ticked. */
  formValue?: (offer: ReferralOffer) => string | boolean;
  /**
   * Shown to visitors on the brand page, under the offer's conditions, as "label : value" (a date written out, a
   * ticked box as "oui", one line per item of a list): a field visitors read needs no other code than this.
   */
  visitors?: { label: string };
}

const declare = <const Declared extends OfferFieldDeclaration>(declared: Declared) => declared;

const CATEGORY_IDS = BRAND_CATEGORIES.map((category) => category.id) as [BrandCategoryId, ...BrandCategoryId[]];
const UNIT_OPTIONS = BONUS_UNITS.map((id) => ({ id, label: UNIT_LABELS[id] }));
const KIND_OPTIONS = OFFER_KINDS.map((id) => ({ id, label: KIND_LABELS[id] }));
const FIXED_BY_HAND = "read-only" as const;
/** Empty, the first option, is the category's note: what a new brand gets unless the owner chooses. */
const RISK_OPTIONS = [
  { id: "", label: "Selon la catégorie (paris ou crypto)" },
  ...RISK_NOTES.map((id) => ({ id, label: RISK_NOTE_LABELS[id] })),
];

export const OFFER_FIELDS = {
  name: declare({
    schema: requiredText(100, "Le nom", "Indiquez le nom de la marque."),
    forms: ["brand"],
    input: { label: "Nom de la marque", kind: "text", required: true },
    csv: "marque",
    formValue: (offer) => offer.brand,
  }),
  slug: declare({
    schema: optionalText(100, "L'adresse").refine((value) => value === "" || OFFER_SLUG_PATTERN.test(value), {
      message: "L'adresse : des mots en minuscules sans accents, séparés par des tirets (par exemple ma-banque).",
    }),
    forms: ["brand"],
    input: {
      label: "Adresse de la page (facultatif)",
      kind: "text",
      hint: "Par exemple ma-banque pour /offres/ma-banque ; tirée du nom si vide.",
    },
    csv: "adresse",
    formValue: (offer) => offer.slug,
  }),
  category: declare({
    schema: z.enum(CATEGORY_IDS, { error: "Choisissez une catégorie dans la liste." }),
    forms: ["brand"],
    input: { label: "Catégorie", kind: "select", options: BRAND_CATEGORIES },
    csv: "categorie",
    formValue: (offer) => offer.category ?? "",
  }),
  description: declare({
    schema: requiredText(500, "La description", "Dites en une phrase ce que fait la marque."),
    forms: ["brand"],
    input: { label: "Ce que fait la marque", kind: "text", required: true },
    csv: "description",
    formValue: (offer) => offer.serviceDescription,
  }),
  code: declare({
    schema: optionalText(100, "Le code"),
    forms: ["offer", "brand"],
    input: { label: "Code de parrainage", kind: "text", handWritten: FIXED_BY_HAND },
    csv: "code",
    formValue: (offer) => offer.code,
  }),
  link: declare({
    schema: link,
    forms: ["offer", "brand"],
    input: { label: "Lien de parrainage", kind: "url", required: true, handWritten: FIXED_BY_HAND },
    csv: "lien",
    formValue: (offer) => offer.link,
  }),
  offer_description: declare({
    schema: requiredText(500, "L'offre", "Décrivez l'offre en une ou deux phrases."),
    forms: ["offer", "brand"],
    input: { label: "L'offre", kind: "multiline", required: true },
    csv: "offre",
    formValue: (offer) => offer.description,
  }),
  advantages: declare({
    schema: lines(12, 200, "Les avantages", "Douze avantages au plus, un par ligne."),
    forms: ["offer", "brand"],
    input: { label: "Avantages (un par ligne)", kind: "multiline" },
    csv: "avantages",
    formValue: (offer) => offer.advantages.join("\n"),
  }),
  bonus_amount: declare({
    schema: amount,
    forms: ["offer", "brand"],
    input: {
      label: "Montant (facultatif)",
      kind: "text",
      hint: "Seulement s'il est annoncé par l'offre : par exemple 200 ou 2,50. Vide, la carte commence par le début du texte de l'offre.",
      referee: true,
    },
    csv: "montant",
    terms: true,
    formValue: (offer) => termsFormValues(offer).bonus_amount,
  }),
  bonus_unit: declare({
    schema: z.enum(BONUS_UNITS, { error: "Choisissez une unité dans la liste." }).default("EUR"),
    forms: ["offer", "brand"],
    input: { label: "Unité du montant", kind: "select", options: UNIT_OPTIONS, referee: true },
    csv: "unite",
    terms: true,
    // No unit without an amount: the list then shows its first, the euro.
    formValue: (offer) => offer.bonus?.unit ?? "",
  }),
  bonus_up_to: declare({
    schema: z.boolean().default(false),
    forms: ["offer", "brand"],
    input: { label: "C'est un plafond (« jusqu'à »)", kind: "checkbox", referee: true },
    csv: "plafond",
    terms: true,
    formValue: (offer) => offer.bonus?.upTo ?? false,
  }),
  bonus_kind: declare({
    schema: z.enum(OFFER_KINDS, { error: "Choisissez une nature dans la liste." }).default("non-precise"),
    forms: ["offer", "brand"],
    input: { label: "Nature de l'avantage", kind: "select", options: KIND_OPTIONS, referee: true },
    csv: "nature",
    terms: true,
    formValue: (offer) => offer.kind,
  }),
  conditions: declare({
    schema: lines(
      MAX_CONDITIONS,
      MAX_CONDITION_LENGTH,
      "Les conditions",
      `${MAX_CONDITIONS} conditions au plus, une par ligne.`,
    ),
    forms: ["offer", "brand"],
    input: {
      label: `Conditions principales (une par ligne, ${MAX_CONDITIONS} au plus)`,
      kind: "multiline",
      hint: `${MAX_CONDITION_LENGTH} caractères au plus par ligne ; la première s'affiche sous le montant sur la carte.`,
      referee: true,
    },
    csv: "conditions",
    terms: true,
    formValue: (offer) => offer.conditions.join("\n"),
  }),
  referrer_reward: declare({
    schema: optionalText(120, "Ce que reçoit le parrain").transform((value) => value || null),
    forms: ["offer", "brand"],
    input: { label: "Ce que reçoit le parrain (facultatif)", kind: "text" },
    csv: "parrain",
    terms: true,
    formValue: (offer) => offer.referrerReward ?? "",
  }),
  risk_note: declare({
    schema: z
      .enum(RISK_NOTES, { error: "Choisissez une mise en garde dans la liste." })
      .optional()
      .transform((value) => value ?? null),
    forms: ["offer", "brand"],
    input: { label: "Mise en garde", kind: "select", options: RISK_OPTIONS, hint: RISK_NOTE_HINT },
    csv: "mise_en_garde",
    // The category's own note reads as the empty choice, so that a file or a form that leaves it empty changes nothing.
    formValue: (offer) => (offer.risk === categoryRiskNote(offer.category) ? "" : (offer.risk ?? "none")),
  }),
  starts_on: declare({
    schema: day,
    forms: ["offer", "brand"],
    input: {
      label: "Premier jour de l'offre (facultatif)",
      kind: "date",
      hint: "Avant ce jour, l'offre n'apparaît nulle part sur le site.",
    },
    csv: "debut",
    formValue: (offer) => offer.startsOn ?? "",
  }),
  valid_until: declare({
    schema: day,
    forms: ["offer", "brand"],
    input: { label: "Dernier jour de validité (facultatif)", kind: "date" },
    csv: "fin",
    formValue: (offer) => offer.validUntil ?? "",
  }),
  featured: declare({
    schema: z.boolean().default(false),
    forms: ["offer"],
    input: { label: "Mise en avant sur l'accueil", kind: "checkbox", hint: FEATURED_RULE },
    formValue: (offer) => offer.featured,
  }),
  hide_clipboard: declare({
    schema: z.boolean().default(false),
    forms: ["offer"],
    input: { label: "Masquer le bouton « Copier »", kind: "checkbox", handWritten: "hidden" },
    formValue: hidesClipboard,
  }),
  verified_on: declare({ schema: day, forms: [] }),
  /**
   * From when votes count (ISO timestamp). A database trigger sets it when verified_on, code or link changes; the
   * back office sets it too when the owner checks the offer again on the same day.
   */
  votes_since: declare({ schema: z.string(), forms: [] }),
};
