import { parseWithZod, type getZodConstraint } from "@conform-to/zod/v4";
import { contactMessageSchema, offerQuestionSchema } from "@contract/contact-contract";
import type { Submission } from "@conform-to/react";
import type * as z from "zod";

/**
 * The message forms' rules as Conform reads them: the server derives each form's native constraints from them
 * (`messageFormConstraint`), and the browser loads this module, zod with it, only when a visitor reaches a form, so no
 * page's first load pays for it. Import it only dynamically from the pages, or it joins their first load.
 */
export const MESSAGE_FORM_SCHEMAS = {
  contact: contactMessageSchema,
  // The brand comes from the page on the server, not from the form.
  question: offerQuestionSchema.omit({ brandName: true }),
};

export type MessageFormKind = keyof typeof MESSAGE_FORM_SCHEMAS;
type Schema<Kind extends MessageFormKind> = (typeof MESSAGE_FORM_SCHEMAS)[Kind];
export type MessageFormConstraint = ReturnType<typeof getZodConstraint>;

export type MessageFormSubmission<Kind extends MessageFormKind> = Submission<
  z.input<Schema<Kind>>,
  string[],
  z.output<Schema<Kind>>
>;

export function validateMessageForm<Kind extends MessageFormKind>(
  kind: Kind,
  formData: FormData,
): MessageFormSubmission<Kind> {
  // TypeScript loses the schema's types through the generic index: the kind names one schema.
  return parseWithZod(formData, { schema: MESSAGE_FORM_SCHEMAS[kind] }) as MessageFormSubmission<Kind>;
}
