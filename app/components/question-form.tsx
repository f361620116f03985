import { getFormProps, getTextareaProps } from "@conform-to/react";
import { offerQuestionSchema } from "@contract/contact-contract";
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

/** The brand comes from the page on the server, not from the form. */
const questionFields = offerQuestionSchema.omit({ brandName: true });

/** The id of the question card on a brand page. */
export const QUESTION_ANCHOR = "question";

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
    // The fragment brings a visitor without JavaScript back to the form, errors or toast, not to the top of the page.
    <Form
      method="post"
      action={`${action}#${QUESTION_ANCHOR}`}
      preventScrollReset
      {...getFormProps(form)}
      className="relative mt-4 space-y-4"
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      <SenderFields name={fields.name} email={fields.email} />
      <FieldShell field={fields.message} label="Votre question">
        <textarea
          {...getTextareaProps(fields.message)}
          rows={5}
          placeholder={`Écrivez votre question concernant le code ${brand}...`}
          className={controlClass}
        />
      </FieldShell>
      <input type="hidden" name="submissionId" value={submissionId} />
      <Honeypot formId={form.id} />
      <SubmitButton formAction={action}>Envoyer ma question</SubmitButton>
      <DataUseNote />
      <ActionToast toast={actionData?.toast} />
    </Form>
  );
}
