import { randomUUID } from "node:crypto";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { contactMessageSchema, FIELD_MAX_LENGTHS, offerQuestionSchema } from "@contract/contact-contract";
import { data, type TypedResponse } from "@remix-run/node";
import { HONEYPOT_FIELD, SEND_FAILED_TOAST, SENT_TOAST, type MessageActionData } from "~/forms/message-form";
import { MESSAGE_FORM_SCHEMAS, type MessageFormConstraint, type MessageFormKind } from "~/forms/message-validation";
import { RateLimitedError } from "~/services/backend/errors.server";
import { getBackend } from "~/services/backend/index.server";
import { readForm } from "~/services/form-request.server";
import { log } from "~/services/log.server";
import { redirectWithSuccess } from "~/services/toast.server";
import { networkKey, visitorKey } from "~/services/visitor.server";
import type { SendContactEmailPayload } from "@contract/contact-contract";
import type * as z from "zod";

/** What each form's action checks: a question also carries the brand, which the server sets from the page. */
const ACTION_SCHEMAS: Record<MessageFormKind, z.ZodType<SendContactEmailPayload>> = {
  contact: contactMessageSchema,
  question: offerQuestionSchema,
};

/**
 * The action of both message forms: size and type checks, honeypot, validation with the shared contract,
 * hand-over to the backend, then a 303 to `redirectTo` with the success toast.
 */
export async function handleMessageAction({
  request,
  form,
  trusted = {},
  redirectTo,
}: {
  request: Request;
  form: MessageFormKind;
  /** Values set by the server, never taken from the form (the brand a question is about). */
  trusted?: Record<string, string>;
  redirectTo: string;
}) {
  const formData = await readForm(request);
  if (formData.get(HONEYPOT_FIELD)) {
    log.info("Message ignoré : champ piège rempli.");
    return redirectWithSuccess(request, redirectTo, SENT_TOAST, { status: 303 });
  }
  for (const [name, value] of Object.entries(trusted)) formData.set(name, value);

  const submission = parseWithZod(formData, { schema: ACTION_SCHEMAS[form] });
  if (submission.status !== "success") {
    return data<MessageActionData>({ result: submission.reply(), toast: null }, { status: 400 });
  }
  try {
    const backend = await getBackend();
    await backend.sendMessage({
      payload: submission.value,
      clientKey: visitorKey(request),
      networkKey: networkKey(request),
    });
  } catch (error) {
    if (error instanceof RateLimitedError) {
      return data<MessageActionData>(
        { result: submission.reply({ formErrors: [error.message] }), toast: null },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    log.error("Envoi du message impossible :", error);
    return data<MessageActionData>(
      { result: submission.reply(), toast: { ...SEND_FAILED_TOAST, id: randomUUID() } },
      { status: 502 },
    );
  }
  return redirectWithSuccess(request, redirectTo, SENT_TOAST, { status: 303 }) as Promise<TypedResponse<never>>;
}

const constraints = new Map<MessageFormKind, MessageFormConstraint>();

/** The native checks of each field (`required` from the schema, `maxlength` from the contract), for the page's HTML. */
export function messageFormConstraint(kind: MessageFormKind): MessageFormConstraint {
  let constraint = constraints.get(kind);
  if (!constraint) {
    constraint = Object.fromEntries(
      Object.entries(getZodConstraint(MESSAGE_FORM_SCHEMAS[kind])).map(([name, rules]) => [
        name,
        { ...rules, maxLength: FIELD_MAX_LENGTHS[name] },
      ]),
    );
    constraints.set(kind, constraint);
  }
  return constraint;
}
