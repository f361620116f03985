import {
  getFormProps,
  getInputProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { RETENTIONS } from "~/catalogue/retentions";
import { HONEYPOT_FIELD } from "~/forms/message-form";
import { ActionToast } from "./action-toast";
import { FormErrors } from "./form-errors";
import { useHydrated } from "./hydrated";
import { WrongFields } from "./wrong-fields";
import type { ToastMessage } from "./toast-context";
import type * as z from "zod";
import type { MessageActionData } from "~/forms/message-form";
import type {
  MESSAGE_FORM_SCHEMAS,
  MessageFormConstraint,
  MessageFormKind,
  MessageFormSubmission,
} from "~/forms/message-validation";

const controlClass =
  "block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-indigo-600 aria-[invalid=true]:border-red-700 border-slate-300";

export function FieldShell({
  field,
  label,
  hint,
  children,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  /** What the field expects, under it. */
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      {field.errors?.length ? (
        <p id={field.errorId} className="text-sm font-medium text-red-800">
          {field.errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export { controlClass, FormErrors };
export { WrongFields, type WrongField } from "./wrong-fields";

/** The bot trap: invisible to people and screen readers, out of the tab order. */
export function Honeypot({ formId }: { formId: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`${formId}-${HONEYPOT_FIELD}`}>Laissez ce champ vide</label>
      <input
        id={`${formId}-${HONEYPOT_FIELD}`}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/** Reads 'Envoi en cours...' and is disabled while this form's submission is on its way (with JavaScript). */
export function SubmitButton({ formAction, children }: { formAction: string; children: ReactNode }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.split(/[?#]/)[0] === formAction;
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

type MessageFormSchema<Kind extends MessageFormKind> = (typeof MESSAGE_FORM_SCHEMAS)[Kind];

/**
 * Conform for a message form: native checks until JavaScript runs, errors from the first submission on, then
 * following the typing; the form's id changes with each rendering so a sent form comes back empty. The rules (zod)
 * load when the visitor first reaches the form (`loadRules` on focus): a form sent before they arrive is checked by
 * the server, which answers with the same errors.
 */
export function useMessageForm<Kind extends MessageFormKind>(
  kind: Kind,
  constraint: MessageFormConstraint,
  submissionId: string,
  actionData: MessageActionData | undefined,
  /** What the form starts with (a subject chosen by the address that led here). */
  defaultValue?: Record<string, string>,
) {
  const [validate, setValidate] = useState<(formData: FormData) => MessageFormSubmission<Kind>>();
  const loadRules = useCallback(() => {
    if (validate) return;
    import("~/forms/message-validation").then(
      ({ validateMessageForm }) => setValidate(() => (formData: FormData) => validateMessageForm(kind, formData)),
      () => undefined, // Without the rules the server still checks every submission.
    );
  }, [kind, validate]);
  const [form, fields] = useForm<z.input<MessageFormSchema<Kind>>, z.output<MessageFormSchema<Kind>>>({
    id: `${kind}-${submissionId}`,
    lastResult: actionData?.result,
    defaultValue: defaultValue as DefaultValue<z.input<MessageFormSchema<Kind>>> | undefined,
    constraint,
    defaultNoValidate: false,
    // Conform focuses the first invalid field after a submission with errors.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate && (({ formData }) => validate(formData)),
  });
  return [form, fields, { load: loadRules, ready: Boolean(validate) }] as const;
}

/** What is done with what a visitor sends, under each message form. */
export function DataUseNote() {
  return (
    <p className="text-xs text-slate-600">
      Votre nom, votre e-mail et votre message servent seulement à vous répondre ; ils sont effacés au plus tard{" "}
      {RETENTIONS.messagesMonths} mois après.{" "}
      <a href="/mentions-legales#donnees" className="font-medium text-indigo-800 underline">
        Vos données personnelles
      </a>
    </p>
  );
}

/** The labels of the message forms' fields, as the error summary names them. */
const FIELD_LABELS: Record<string, string> = { name: "Nom", email: "E-mail", subject: "Sujet", message: "Message" };

/**
 * A refused form opens with what to correct: a heading, then a link to each wrong field (its id is Conform's,
 * `{form}-{field}`). Without JavaScript the page's fragment lands on the form's title, right above it.
 */
export function ErrorSummary({
  formId,
  errors,
  labels = FIELD_LABELS,
}: {
  formId: string;
  errors: Record<string, string[] | undefined>;
  /** How the summary names each field, by its name. */
  labels?: Record<string, string>;
}) {
  const wrong = Object.entries(errors).flatMap(([name, messages]) => {
    const [label, message] = [labels[name], messages?.[0]];
    return label && message ? [{ id: `${formId}-${name}`, label, message }] : [];
  });
  return <WrongFields fields={wrong} />;
}

/** The name and e-mail fields both message forms share. */
export function SenderFields({
  name,
  email,
}: {
  name: FieldMetadata<string | undefined>;
  email: FieldMetadata<string | undefined>;
}) {
  return (
    <>
      <FieldShell field={name} label="Nom">
        <input {...getInputProps(name, { type: "text" })} autoComplete="name" className={controlClass} />
      </FieldShell>
      <FieldShell field={email} label="E-mail">
        <input {...getInputProps(email, { type: "email" })} autoComplete="email" className={controlClass} />
      </FieldShell>
    </>
  );
}

/**
 * What both message forms share around their own fields: errors of the whole form, name and e-mail, the rendering id,
 * the bot trap, the submit button, the data-use line and the failure toast. The action's URL carries `anchor`, which
 * brings a visitor without JavaScript back to the form (errors or toast), not to the top of the page.
 */
export function MessageFormFrame({
  form,
  sender,
  action,
  anchor,
  submissionId,
  submitLabel,
  toast,
  className,
  preventScrollReset,
  rules,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema's form: only its id and errors are read
  form: FormMetadata<any, string[]>;
  sender: { name: FieldMetadata<string | undefined>; email: FieldMetadata<string | undefined> };
  action: string;
  anchor: string;
  submissionId: string;
  submitLabel: string;
  toast: ToastMessage | null | undefined;
  className: string;
  preventScrollReset?: boolean;
  /** The form's rules: `load` them when the visitor reaches it; `ready` once they check it in the browser. */
  rules: { load: () => void; ready: boolean };
  children: ReactNode;
}) {
  // A visitor may reach the form before its code does (it loads when its disclosure opens): already in a field once
  // it hydrates, they get the rules as if they had just come in.
  const formElement = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const loadRules = rules.load;
  useEffect(() => {
    if (formElement.current?.contains(document.activeElement)) loadRules();
  }, [loadRules]);
  return (
    <Form
      ref={formElement}
      // Says the form's script runs (browser tests wait for it: it may come after the page's).
      data-hydrated={hydrated ? "" : undefined}
      // Says the rules check it here (browser tests wait for it before a submission they expect the browser to refuse).
      data-rules={rules.ready ? "" : undefined}
      method="post"
      action={`${action}#${anchor}`}
      preventScrollReset={preventScrollReset}
      {...getFormProps(form)}
      onFocus={loadRules}
      className={className}
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      <ErrorSummary formId={form.id} errors={form.allErrors} />
      <SenderFields name={sender.name} email={sender.email} />
      {children}
      <input type="hidden" name="submissionId" value={submissionId} />
      <Honeypot formId={form.id} />
      <SubmitButton formAction={action}>{submitLabel}</SubmitButton>
      <DataUseNote />
      <ActionToast toast={toast} />
    </Form>
  );
}
