import { getTextareaProps } from "@conform-to/react";
import { offerQuestionSchema } from "@contract/contact-contract";
import { controlClass, FieldShell, MessageFormFrame, useMessageForm } from "./forms";
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
    <MessageFormFrame
      form={form}
      sender={fields}
      action={action}
      anchor={QUESTION_ANCHOR}
      submissionId={submissionId}
      submitLabel="Envoyer ma question"
      toast={actionData?.toast}
      className="relative mt-4 space-y-4"
      preventScrollReset
    >
      <FieldShell field={fields.message} label="Votre question">
        <textarea
          {...getTextareaProps(fields.message)}
          rows={5}
          placeholder={`Écrivez votre question concernant le code ${brand}...`}
          className={controlClass}
        />
      </FieldShell>
    </MessageFormFrame>
  );
}
