import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { offerQuestionSchema } from "../../supabase/functions/_shared/contact-contract";
import type { MessageActionData } from "~/message-form";
import { ActionToast } from "./action-toast";
import { controlClass, FieldShell, FormErrors, Honeypot, SenderFields, SubmitButton, useMessageForm } from "./forms";

/** The brand comes from the page on the server, not from the form. */
const questionFields = offerQuestionSchema.omit({ brandName: true });

export function QuestionForm({
  brand,
  action,
  submissionId,
  actionData,
}: {
  brand: string;
  action: string;
  submissionId: string;
  actionData?: MessageActionData;
}) {
  const [form, fields] = useMessageForm("question", questionFields, submissionId, actionData);

  return (
    <Form method="post" action={action} preventScrollReset {...getFormProps(form)} className="relative mt-4 space-y-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <SenderFields name={fields.name} email={fields.email} />
      <FieldShell field={fields.message} label="Votre question">
        <textarea
          {...getTextareaProps(fields.message)}
          rows={5}
          maxLength={5000}
          placeholder={`Écrivez votre question concernant le code ${brand}...`}
          className={controlClass}
        />
      </FieldShell>
      <input type="hidden" name="submissionId" value={submissionId} />
      <Honeypot formId={form.id} />
      <SubmitButton formAction={action}>Envoyer ma question</SubmitButton>
      <ActionToast toast={actionData?.toast} />
    </Form>
  );
}
