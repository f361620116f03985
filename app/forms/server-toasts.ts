import type { ToastMessage } from "~/components/toast-context";

/** How long a toast an answer of the server brings stays once JavaScript runs, in milliseconds. */
const SERVER_TOAST_DURATION = 5_000;

/** A success flashed by a redirect (in the toast cookie), so that it shows with or without JavaScript. */
export const flashedSuccess = (message: string, description: string) => ({
  message,
  description,
  duration: SERVER_TOAST_DURATION,
});

/** The "Erreur" toast when the backend could not take what a visitor sent: in the action's answer. */
export const backendFailure = (description: string): Omit<ToastMessage, "id"> => ({
  title: "Erreur",
  description,
  variant: "error",
  duration: SERVER_TOAST_DURATION,
});
