import { backendFailure, flashedSuccess } from "./server-toasts";

/**
 * The vote's toasts, built on the server only: a module-level call the brand page's script would otherwise carry,
 * since it cannot tell that nothing in the browser reads them.
 */
export const FEEDBACK_SENT_TOAST = flashedSuccess(
  "Merci pour votre retour !",
  "Votre avis aide les autres visiteurs à savoir si ce code fonctionne.",
);

export const FEEDBACK_FAILED_TOAST = backendFailure("Votre avis n'a pas pu être enregistré. Veuillez réessayer.");
