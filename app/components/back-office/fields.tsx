import { isIsoDate } from "~/forms/brand-form";

/** The fields of the back office's forms: each with its label, hint and error, the values the owner sent kept. */

export const fieldClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:outline-none focus:ring-2 focus:ring-indigo-600 aria-[invalid=true]:border-red-700 read-only:bg-slate-100";

/** A text field with its label and its error, the value the owner sent kept. */
export function Field({
  name,
  label,
  value,
  error,
  hint,
  multiline,
  type = "text",
  required,
  readOnly,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  multiline?: boolean;
  type?: "text" | "url" | "date";
  required?: boolean;
  readOnly?: boolean;
}) {
  const id = `champ-${name}`;
  const described = [hint ? `${id}-aide` : "", error ? `${id}-erreur` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    // A date field holds a day of the calendar or nothing: a wrong one sent is shown by its error alone.
    defaultValue: type === "date" && !isIsoDate(value) ? "" : value,
    required,
    readOnly,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
    className: fieldClass,
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {multiline ? <textarea rows={4} {...common} /> : <input type={type} {...common} />}
      {hint ? (
        <p id={`${id}-aide`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-erreur`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A checkbox with its label, and the rule it follows said beside it when there is one. */
export function Checkbox({
  name,
  label,
  checked,
  hint,
}: {
  name: string;
  label: string;
  checked: boolean;
  hint?: string;
}) {
  const id = `champ-${name}`;
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={checked}
          aria-describedby={hint ? `${id}-aide` : undefined}
          className="h-5 w-5 rounded border-slate-400"
        />
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={`${id}-aide`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The fields of an offer both forms share (a new brand's, an offer's), with the values and errors given. */
export function OfferFields({
  values,
  errors,
  handWritten = false,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
  /** The brand's page is written by hand: its code and link are shown, not changed here (HAND_WRITTEN_SLUGS). */
  handWritten?: boolean;
}) {
  const field = (name: string) => ({ name, value: values[name] ?? "", error: errors[name] });
  const fixed = handWritten
    ? { readOnly: true, hint: "La page de cette marque est écrite à la main : ceci ne se change pas ici." }
    : {};
  return (
    <>
      <Field label="Code de parrainage" {...field("code")} {...fixed} />
      <Field label="Lien de parrainage" type="url" required {...field("link")} {...fixed} />
      <Field label="L'offre" multiline required {...field("offer_description")} />
      <Field label="Avantages (un par ligne)" multiline {...field("advantages")} />
      <Field label="Dernier jour de validité (facultatif)" type="date" {...field("valid_until")} />
    </>
  );
}
