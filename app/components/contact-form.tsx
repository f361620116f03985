import { getFormProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { contactMessageSchema, SUBJECTS } from "@contract/contact-contract";
import { Form } from "@remix-run/react";
import { ActionToast } from "./action-toast";
import {
  controlClass,
  DataUseNote,
  FieldShell,
  FormErrors,
  Honeypot,
  SenderFields,
  SubmitButton,
  useMessageForm,
} from "./forms";
import type { MessageActionData } from "~/message-form";

/** The id of the contact form's heading on /contact. */
export const CONTACT_FORM_ANCHOR = "contact-form-title";

export function ContactForm({ submissionId, actionData }: { submissionId: string; actionData?: MessageActionData }) {
  const [form, fields] = useMessageForm("contact", contactMessageSchema, submissionId, actionData);

  return (
    // The fragment brings a visitor without JavaScript back to the form, errors or toast, not to the top of the page.
    <Form
      method="post"
      action={`/contact#${CONTACT_FORM_ANCHOR}`}
      {...getFormProps(form)}
      className="relative space-y-5"
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      <SenderFields name={fields.name} email={fields.email} />
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
          placeholder="Écrivez votre message..."
          className={controlClass}
        />
      </FieldShell>
      <input type="hidden" name="submissionId" value={submissionId} />
      <Honeypot formId={form.id} />
      <SubmitButton formAction="/contact">Envoyer le message</SubmitButton>
      <DataUseNote />
      <ActionToast toast={actionData?.toast} />
    </Form>
  );
}
