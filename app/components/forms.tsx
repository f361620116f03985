import type { FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { HONEYPOT_FIELD } from "~/forms";

const controlClass =
  "block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-indigo-600 aria-[invalid=true]:border-red-700 border-slate-300";

export function FieldShell({
  field,
  label,
  children,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
      {field.errors?.length ? (
        <p id={field.errorId} className="text-sm font-medium text-red-800">
          {field.errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export { controlClass };

/** The bot trap: invisible to people and screen readers, out of the tab order. */
export function Honeypot({ formId }: { formId: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`${formId}-${HONEYPOT_FIELD}`}>Laissez ce champ vide</label>
      <input id={`${formId}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900">
      {errors.join(" ")}
    </p>
  );
}

/** Reads 'Envoi en cours...' and is disabled while this form's submission is on its way (with JavaScript). */
export function SubmitButton({ formAction, children }: { formAction: string; children: ReactNode }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.split("?")[0] === formAction;
  return (
    <button
      type="submit"
      disabled={sending}
      className="inline-flex w-full items-center justify-center rounded-lg bg-indigo-700 px-4 py-2.5 font-semibold text-white hover:bg-indigo-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2 disabled:cursor-wait disabled:opacity-70"
    >
      {sending ? "Envoi en cours..." : children}
    </button>
  );
}
