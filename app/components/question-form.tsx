import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { offerQuestionSchema } from "../../supabase/functions/_shared/contact-contract";
import type { MessageActionData } from "~/forms";
import { ActionToast } from "./action-toast";
import { controlClass, FieldShell, FormErrors, Honeypot, SubmitButton } from "./forms";

/** The brand comes from the page on the server, not from the form. */
const questionFields = offerQuestionSchema.omit({ brandName: true });
const constraint = getZodConstraint(questionFields);

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
  const [form, fields] = useForm({
    id: `question-${submissionId}`,
    lastResult: actionData?.result,
    constraint,
    defaultNoValidate: false,
    // Errors appear once the visitor submits, then follow the typing; Conform focuses the first invalid field.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: questionFields }),
  });


  return (
    <Form method="post" action={action} preventScrollReset {...getFormProps(form)} className="relative mt-4 space-y-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <FieldShell field={fields.name} label="Nom">
        <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" maxLength={100} className={controlClass} />
      </FieldShell>
      <FieldShell field={fields.email} label="Email">
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" maxLength={254} className={controlClass} />
      </FieldShell>
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
