import { getTextareaProps } from "@conform-to/react";
import { QUESTION_ANCHOR } from "~/catalogue/site-pages";
import { controlClass, FieldShell, MessageFormFrame, useMessageForm } from "./forms";
import type { MessageActionData } from "~/forms/message-form";
import type { MessageFormConstraint } from "~/forms/message-validation";

export function QuestionForm({
  brand,
  action,
  constraint,
  submissionId,
  actionData,
}: {
  brand: string;
  action: string;
  constraint: MessageFormConstraint;
  submissionId: string;
  actionData?: MessageActionData;
}) {
  const [form, fields, rules] = useMessageForm("question", constraint, submissionId, actionData);

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
      rules={rules}
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
