import { getSelectProps, getTextareaProps } from "@conform-to/react";
import { SUBJECTS } from "@contract/contact-fields";
import { controlClass, FieldShell, MessageFormFrame, useMessageForm } from "./forms";
import type { MessageActionData } from "~/forms/message-form";
import type { MessageFormConstraint } from "~/forms/message-validation";

/** The id of the contact form's heading on /contact. */
export const CONTACT_FORM_ANCHOR = "contact-form-title";

export function ContactForm({
  constraint,
  submissionId,
  actionData,
  prefill,
}: {
  constraint: MessageFormConstraint;
  submissionId: string;
  actionData?: MessageActionData;
  /** The subject and message the address chose (/contact?sujet=new-code&marque=…). */
  prefill?: Record<string, string>;
}) {
  const [form, fields, rules] = useMessageForm("contact", constraint, submissionId, actionData, prefill);

  return (
    <MessageFormFrame
      form={form}
      sender={fields}
      action="/contact"
      anchor={CONTACT_FORM_ANCHOR}
      submissionId={submissionId}
      submitLabel="Envoyer le message"
      toast={actionData?.toast}
      className="relative space-y-5"
      rules={rules}
    >
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
    </MessageFormFrame>
  );
}
