import type { ToastMessage } from "./components/toast";
import type { SubmissionResult } from "@conform-to/react";

/** A field people never see: bots that fill it in are dropped silently. */
export const HONEYPOT_FIELD = "website";

/** What a form action answers when it does not redirect: the submission to show again, and a toast if it failed. */
export interface MessageActionData {
  result: SubmissionResult<string[]>;
  toast: ToastMessage | null;
}

export const SEND_FAILED_TOAST: Omit<ToastMessage, "id"> = {
  title: "Erreur",
  description: "Une erreur est survenue lors de l'envoi de votre message. Veuillez réessayer.",
  variant: "error",
  duration: 5_000,
};
