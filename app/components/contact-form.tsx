import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { contactMessageSchema, SUBJECTS } from "../../supabase/functions/_shared/contact-contract";
import type { MessageActionData } from "~/forms";
import { ActionToast } from "./action-toast";
import { controlClass, FieldShell, FormErrors, Honeypot, SubmitButton } from "./forms";

const constraint = getZodConstraint(contactMessageSchema);

export function ContactForm({ submissionId, actionData }: { submissionId: string; actionData?: MessageActionData }) {
  const [form, fields] = useForm({
    id: `contact-${submissionId}`,
    lastResult: actionData?.result,
    constraint,
    defaultNoValidate: false,
    // Errors appear once the visitor submits, then follow the typing; Conform focuses the first invalid field.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactMessageSchema }),
  });


  return (
    <Form method="post" action="/contact" {...getFormProps(form)} className="relative space-y-5">
      <FormErrors id={form.errorId} errors={form.errors} />
      <FieldShell field={fields.name} label="Nom">
        <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" maxLength={100} className={controlClass} />
      </FieldShell>
      <FieldShell field={fields.email} label="Email">
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" maxLength={254} className={controlClass} />
      </FieldShell>
      <FieldShell field={fields.subject} label="Sujet">
        <select {...getSelectProps(fields.subject)} className={controlClass}>
          <option value="">Sélectionnez un sujet</option>
          {SUBJECTS.map((subject) => (
            <option key={subject.value} value={subject.value}>
              {subject.label}
            </option>
          ))}
        </select>
      </FieldShell>
      <FieldShell field={fields.message} label="Message">
        <textarea
          {...getTextareaProps(fields.message)}
          rows={6}
          maxLength={5000}
          placeholder="Écrivez votre message..."
          className={controlClass}
        />
      </FieldShell>
      <input type="hidden" name="submissionId" value={submissionId} />
      <Honeypot formId={form.id} />
      <SubmitButton formAction="/contact">Envoyer le message</SubmitButton>
      <ActionToast toast={actionData?.toast} />
    </Form>
  );
}
