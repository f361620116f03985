import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { isIsoDate } from "~/catalogue/dates";
import { fieldsOf, type ColumnOf } from "~/forms/offer-columns";
import { fieldClass } from "./frame";
import { WrongFields } from "../wrong-fields";
import type { FieldInput, OfferForm } from "~/forms/offer-fields";

/**
 * The fields of the back office's forms, from Conform's field metadata (`useForm`): each with its label, hint and
 * error tied to it, the values the owner sent kept.
 */

export { fieldClass } from "./frame";

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

/** A field's metadata as either form holds it (Conform's); each field below reads it as its kind of value. */
type AnyFieldMetadata = Pick<FieldMetadata<unknown>, "id" | "errorId" | "errors">;

/** One declared field, drawn as its kind says; on a hand-written brand page, read-only or left out as declared. */
function DeclaredField({
  meta,
  input,
  handWritten,
}: {
  meta: AnyFieldMetadata;
  input: FieldInput;
  handWritten: boolean;
}) {
  const fixedByHand = handWritten ? input.handWritten : undefined;
  if (fixedByHand === "hidden") return null;
  if (input.kind === "checkbox") {
    return (
      <Checkbox meta={meta as unknown as FieldMetadata<boolean | undefined>} label={input.label} hint={input.hint} />
    );
  }
  if (input.kind === "select") {
    return (
      <Select
        meta={meta as unknown as FieldMetadata<string | undefined>}
        label={input.label}
        options={input.options ?? []}
      />
    );
  }
  return (
    <Field
      meta={meta as unknown as FieldMetadata<string | undefined>}
      label={input.label}
      hint={fixedByHand ? "La page de cette marque est écrite à la main : ceci ne se change pas ici." : input.hint}
      multiline={input.kind === "multiline"}
      type={input.kind === "multiline" ? undefined : input.kind}
      required={input.required}
      readOnly={fixedByHand === "read-only"}
    />
  );
}

/**
 * The fields `form` shows, in the order OFFER_FIELDS declares them, those of what the new customer receives in a
 * fieldset of their own.
 */
export function OfferFields<Form extends OfferForm>({
  form,
  fields,
  handWritten = false,
  headingLevel = "h3",
}: {
  form: Form;
  fields: Record<ColumnOf<Form>, AnyFieldMetadata>;
  /** The brand's page is written by hand: its code and link are shown, not changed here (HAND_WRITTEN_SLUGS). */
  handWritten?: boolean;
  /** The level of the error summary's heading, below the form's own. */
  headingLevel?: "h2" | "h3";
}) {
  const shown = fieldsOf(form).flatMap(([column, declared]) =>
    declared.input ? [{ column, input: declared.input, meta: fields[column] }] : [],
  );
  const drawn = (field: (typeof shown)[number]) => (
    <DeclaredField key={field.column} meta={field.meta} input={field.input} handWritten={handWritten} />
  );
  const firstReferee = shown.findIndex((field) => field.input.referee);
  const wrong = shown.flatMap(({ meta, input }) => {
    const message = handWritten && input.handWritten === "hidden" ? undefined : meta.errors?.[0];
    return message ? [{ id: meta.id, label: input.label, message }] : [];
  });
  return (
    <>
      <WrongFields fields={wrong} before="avant l'enregistrement" heading={headingLevel} />
      {shown.map((field, index) =>
        index === firstReferee ? (
          <fieldset key="filleul" className="space-y-4 rounded-xl border border-slate-200 p-3">
            <legend className="px-1 text-sm font-bold">Ce que reçoit le filleul</legend>
            {shown.filter((candidate) => candidate.input.referee).map(drawn)}
          </fieldset>
        ) : field.input.referee ? null : (
          drawn(field)
        ),
      )}
    </>
  );
}
