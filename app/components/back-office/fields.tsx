import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { isIsoDate } from "~/catalogue/dates";
import {
  BONUS_UNITS,
  KIND_LABELS,
  MAX_CONDITION_LENGTH,
  MAX_CONDITIONS,
  OFFER_KINDS,
  UNIT_LABELS,
} from "~/catalogue/terms";

/**
 * The fields of the back office's forms, from Conform's field metadata (`useForm`): each with its label, hint and
 * error tied to it, the values the owner sent kept.
 */

export const fieldClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:outline-none focus:ring-2 focus:ring-indigo-600 aria-[invalid=true]:border-red-700 read-only:bg-slate-100";

/** The error of a field as the owner reads it, under the field. */
function FieldError({ meta }: { meta: FieldMetadata<unknown> }) {
  return meta.errors?.length ? (
    <p id={meta.errorId} className="text-sm font-medium text-red-800">
      {meta.errors.join(" ")}
    </p>
  ) : null;
}

/** A text field with its label, its hint and its error. */
export function Field({
  meta,
  label,
  hint,
  multiline,
  type = "text",
  required,
  readOnly,
}: {
  meta: FieldMetadata<string | null | undefined>;
  label: string;
  hint?: string;
  multiline?: boolean;
  type?: "text" | "url" | "date";
  required?: boolean;
  readOnly?: boolean;
}) {
  const hintId = `${meta.id}-aide`;
  const described = [hint ? hintId : "", meta.errors?.length ? meta.errorId : ""].filter(Boolean).join(" ");
  const own = { required, readOnly, "aria-describedby": described || undefined, className: fieldClass };
  const initial = typeof meta.initialValue === "string" ? meta.initialValue : "";
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {multiline ? (
        <textarea rows={4} {...getTextareaProps(meta)} {...own} />
      ) : (
        <input
          {...getInputProps(meta, { type })}
          // A date field holds a day of the calendar or nothing: a wrong one sent is shown by its error alone.
          defaultValue={type === "date" && !isIsoDate(initial) ? "" : initial}
          {...own}
        />
      )}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError meta={meta} />
    </div>
  );
}

/** A list to choose from, with its label and its error. */
export function Select({
  meta,
  label,
  options,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  options: readonly { id: string; label: string }[];
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={meta.id}
        name={meta.name}
        defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : undefined}
        className={fieldClass}
        aria-invalid={meta.errors?.length ? true : undefined}
        aria-describedby={meta.errors?.length ? meta.errorId : undefined}
      >
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError meta={meta} />
    </div>
  );
}

/** A checkbox with its label, and the rule it follows said beside it when there is one. */
export function Checkbox({
  meta,
  label,
  hint,
}: {
  meta: FieldMetadata<boolean | undefined>;
  label: string;
  hint?: string;
}) {
  const hintId = `${meta.id}-aide`;
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <input
          {...getInputProps(meta, { type: "checkbox" })}
          aria-describedby={hint ? hintId : undefined}
          className="h-5 w-5 rounded border-slate-400"
        />
        <label htmlFor={meta.id} className="text-sm font-semibold text-slate-800">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

const UNIT_OPTIONS = BONUS_UNITS.map((id) => ({ id, label: UNIT_LABELS[id] }));
const KIND_OPTIONS = OFFER_KINDS.map((id) => ({ id, label: KIND_LABELS[id] }));

/** The fields of an offer both forms share (a new brand's, an offer's). */
export function OfferFields({
  fields,
  handWritten = false,
}: {
  fields: {
    code: FieldMetadata<string | undefined>;
    link: FieldMetadata<string>;
    offer_description: FieldMetadata<string>;
    advantages: FieldMetadata<string | undefined>;
    bonus_amount: FieldMetadata<string | undefined>;
    bonus_unit: FieldMetadata<string | undefined>;
    bonus_up_to: FieldMetadata<boolean | undefined>;
    bonus_kind: FieldMetadata<string | undefined>;
    conditions: FieldMetadata<string | undefined>;
    referrer_reward: FieldMetadata<string | undefined>;
    starts_on: FieldMetadata<string | undefined>;
    valid_until: FieldMetadata<string | undefined>;
  };
  /** The brand's page is written by hand: its code and link are shown, not changed here (HAND_WRITTEN_SLUGS). */
  handWritten?: boolean;
}) {
  const fixed = handWritten
    ? { readOnly: true, hint: "La page de cette marque est écrite à la main : ceci ne se change pas ici." }
    : {};
  return (
    <>
      <Field meta={fields.code} label="Code de parrainage" {...fixed} />
      <Field meta={fields.link} label="Lien de parrainage" type="url" required {...fixed} />
      <Field meta={fields.offer_description} label="L'offre" multiline required />
      <Field meta={fields.advantages} label="Avantages (un par ligne)" multiline />
      <fieldset className="space-y-4 rounded-xl border border-slate-200 p-3">
        <legend className="px-1 text-sm font-bold">Ce que reçoit le filleul</legend>
        <Field
          meta={fields.bonus_amount}
          label="Montant (facultatif)"
          hint="Seulement s'il est annoncé par l'offre : par exemple 200 ou 2,50. Vide, la carte commence par le début du texte de l'offre."
        />
        <Select meta={fields.bonus_unit} label="Unité du montant" options={UNIT_OPTIONS} />
        <Checkbox meta={fields.bonus_up_to} label="C'est un plafond (« jusqu'à »)" />
        <Select meta={fields.bonus_kind} label="Nature de l'avantage" options={KIND_OPTIONS} />
        <Field
          meta={fields.conditions}
          label={`Conditions principales (une par ligne, ${MAX_CONDITIONS} au plus)`}
          hint={`${MAX_CONDITION_LENGTH} caractères au plus par ligne ; la première s'affiche sous le montant sur la carte.`}
          multiline
        />
      </fieldset>
      <Field meta={fields.referrer_reward} label="Ce que reçoit le parrain (facultatif)" />
      <Field
        meta={fields.starts_on}
        label="Premier jour de l'offre (facultatif)"
        hint="Avant ce jour, l'offre n'apparaît nulle part sur le site."
        type="date"
      />
      <Field meta={fields.valid_until} label="Dernier jour de validité (facultatif)" type="date" />
    </>
  );
}
