import { backendFailure, flashedSuccess } from "./server-toasts";
import type { SubmissionResult } from "@conform-to/react";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import type { ToastMessage } from "~/components/toast-context";

/**
 * The message forms (contact page, question on a brand page) and what a visitor is told after sending one. Rules and
 * French texts of the fields: the shared contract (`@contract/contact-contract`); the action:
 * `forms/message-action.server.ts`; the fields: `components/forms.tsx`. Every answer goes one way:
 * - invalid fields: 400, each error under its field, the typed values kept (Conform);
 * - too many messages: 429, the contract's message above the fields;
 * - the backend failed: 502, `SEND_FAILED_TOAST` in the answer, the typed values kept;
 * - sent: 303 back to the page, `SENT_TOAST` flashed in the toast cookie, the form empty.
 */

/** A field people never see: bots that fill it in are dropped silently. */
export const HONEYPOT_FIELD = "website";

/** What a form action answers when it does not redirect: the submission to show again, and a toast if it failed. */
export interface MessageActionData {
  result: SubmissionResult<string[]>;
  toast: ToastMessage | null;
}

/** The toast after a message was handed over: flashed by the redirect, so it shows with or without JavaScript. */
export const SENT_TOAST = flashedSuccess(
  "Message envoyé !",
  "Merci pour votre message. Nous vous répondrons dès que possible.",
);

/** The toast when the backend could not take the message: in the action's answer, next to the typed values. */
export const SEND_FAILED_TOAST = backendFailure(
  "Une erreur est survenue lors de l'envoi de votre message. Veuillez réessayer.",
);

/**
 * A message form's page is not read again after its action refused what was sent (4xx) or could not pass it on
 * (5xx): the new rendering id would empty the form the visitor is correcting, errors and values with it. A sent
 * message redirects (303), which reads the page again and empties the form, as it should.
 */
export const keepFormAfterRefusal: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus !== undefined && actionStatus >= 400 ? false : defaultShouldRevalidate;
