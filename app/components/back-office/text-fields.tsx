/**
 * The fields of a site text's form (content/site-texts.ts declares them) and its preview. A list of pairs (a
 * question and its answer…) has buttons to add, remove and move its items: they post the form, which comes back
 * changed without anything saved, so they work without JavaScript.
 */
import { fieldText, pairInputName, textFieldId } from "~/forms/site-text-form";
import { fieldClass, outlineButton } from "./frame";
import type { ReactNode } from "react";
import type { FieldValue, Pair, TextField, TextValue } from "~/content/site-texts";

const labelClass = "block text-sm font-semibold text-slate-800";

function Problem({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-erreur`} className="text-sm font-medium text-red-800">
      {message}
    </p>
  ) : null;
}

/** What a control needs to say it is wrong and where its help is. */
function controlProps(id: string, errors: Record<string, string>, hint?: string) {
  const described = [hint ? `${id}-aide` : "", errors[id] ? `${id}-erreur` : ""].filter(Boolean).join(" ");
  return { id, "aria-invalid": errors[id] ? true : undefined, "aria-describedby": described || undefined };
}

function PairList({
  field,
  pairs,
  errors,
}: {
  field: TextField & { kind: "pairs" };
  pairs: Pair[];
  errors: Record<string, string>;
}) {
  const [first, second] = field.labels;
  const itemButton = (change: string, index: number, label: string) => (
    <button type="submit" name="intent" value={`${change}:${field.name}:${index}`} className={outlineButton}>
      {label}
      <span className="sr-only">{` ${first.toLowerCase()} ${index + 1}`}</span>
    </button>
  );
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-bold text-slate-900">{field.label}</legend>
      {field.hint ? <p className="text-xs text-slate-600">{field.hint}</p> : null}
      <Problem id={textFieldId(field.name)} message={errors[textFieldId(field.name)]} />
      <ol className="space-y-3">
        {pairs.map((pair, index) => {
          const ids = [textFieldId(field.name, index, 0), textFieldId(field.name, index, 1)] as const;
          return (
            <li key={index} className="space-y-2 rounded-xl border border-slate-200 p-3">
              <label htmlFor={ids[0]} className={labelClass}>{`${first} ${index + 1}`}</label>
              <input
                type="text"
                name={pairInputName(field.name, index, 0)}
                defaultValue={pair[0]}
                className={fieldClass}
                {...controlProps(ids[0], errors)}
              />
              <Problem id={ids[0]} message={errors[ids[0]]} />
              <label htmlFor={ids[1]} className={labelClass}>{`${second} ${index + 1}`}</label>
              <textarea
                rows={3}
                name={pairInputName(field.name, index, 1)}
                defaultValue={pair[1]}
                className={fieldClass}
                {...controlProps(ids[1], errors)}
              />
              <Problem id={ids[1]} message={errors[ids[1]]} />
              <div className="flex flex-wrap gap-2">
                {index > 0 ? itemButton("monter", index, "Monter") : null}
                {index < pairs.length - 1 ? itemButton("descendre", index, "Descendre") : null}
                {itemButton("retirer", index, "Retirer")}
              </div>
            </li>
          );
        })}
      </ol>
      {pairs.length < field.most ? (
        <button type="submit" name="intent" value={`ajouter:${field.name}`} className={outlineButton}>
          {`Ajouter à «\u00a0${field.label}\u00a0»`}
        </button>
      ) : null}
    </fieldset>
  );
}

/** Every field of a text, filled with `value`. */
export function TextFields({
  fields,
  value,
  errors,
}: {
  fields: readonly TextField[];
  value: TextValue;
  errors: Record<string, string>;
}) {
  return fields.map((field) => {
    const sent = value[field.name] ?? "";
    if (field.kind === "pairs") {
      return <PairList key={field.name} field={field} pairs={sent as Pair[]} errors={errors} />;
    }
    const id = textFieldId(field.name);
    const props = {
      name: field.name,
      defaultValue: fieldText(field, sent),
      className: fieldClass,
      ...controlProps(id, errors, field.hint),
    };
    const hint = field.hint ?? (field.kind === "paragraphs" ? "Une ligne vide entre deux paragraphes." : undefined);
    return (
      <div key={field.name} className="space-y-1">
        <label htmlFor={id} className={labelClass}>
          {field.label}
          {field.optional ? " (facultatif)" : ""}
        </label>
        {field.kind === "line" && field.max <= 150 ? (
          <input type="text" {...props} />
        ) : (
          <textarea rows={field.kind === "line" ? 3 : 8} {...props} />
        )}
        {hint ? (
          <p id={`${id}-aide`} className="text-xs text-slate-600">
            {hint}
          </p>
        ) : null}
        <Problem id={id} message={errors[id]} />
      </div>
    );
  });
}

function PreviewField({ field, value }: { field: TextField; value: FieldValue }): ReactNode {
  switch (field.kind) {
    case "line":
      return value ? <p className="font-bold text-slate-900">{value as string}</p> : null;
    case "paragraphs":
      return (value as string[]).map((paragraph) => (
        <p key={paragraph} className="text-slate-700">
          {paragraph}
        </p>
      ));
    case "lines":
      return (value as string[]).length ? (
        <ol className="list-decimal space-y-1 pl-5">
          {(value as string[]).map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ol>
      ) : null;
    case "pairs":
      // Questions as the page's disclosure widgets; other pairs as a title and its text.
      return (
        <ul className="space-y-2">
          {(value as Pair[]).map(([title, text], index) =>
            field.name === "faq" ? (
              <li key={index}>
                <details className="rounded-lg border border-slate-200 p-3">
                  <summary className="cursor-pointer font-semibold">{title}</summary>
                  <p className="mt-2 text-slate-700">{text}</p>
                </details>
              </li>
            ) : (
              <li key={index}>
                <p className="font-semibold">{title}</p>
                <p className="text-slate-700">{text}</p>
              </li>
            ),
          )}
        </ul>
      );
    case "table":
      return (value as string[][]).length ? (
        <table className="text-sm">
          <tbody>
            {(value as string[][]).map((row, index) => (
              <tr key={index}>
                {row.map((cell, at) => (
                  <td key={at} className="border border-slate-200 p-1">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null;
  }
}

/** The text as typed, laid out roughly as its page shows it. */
export function TextPreview({ fields, value }: { fields: readonly TextField[]; value: TextValue }) {
  return (
    <div className="space-y-3">
      {fields.map((field) => (
        <PreviewField key={field.name} field={field} value={value[field.name] ?? ""} />
      ))}
    </div>
  );
}
