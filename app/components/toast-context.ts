import { createContext, useContext } from "react";

/** The toasts' message, the context that raises one and where they show: a leaf module, which any component may import. */
export interface ToastMessage {
  id: string;
  title: string;
  description?: string;
  variant: "success" | "error" | "info";
  /** How long it stays once JavaScript runs, in milliseconds. */
  duration: number;
}

export type NewToast = Omit<ToastMessage, "id"> & { id?: string };

export const ToastContext = createContext<(toast: NewToast) => void>(() => {});

/** Raises a toast: a new one, or the one of the same `id` or title replaced. */
export function useToast() {
  return useContext(ToastContext);
}

/**
 * Where toasts show: at the top, under the sticky site header (about 4 rem high; the padding keeps toasts clear of
 * it), centred on phones and on the right from `sm` on. After a form is sent the page opens on that form, or stays
 * where its button was pressed, so the button sits in the middle or lower part of the screen: a toast at the bottom
 * would cover it, on phones and on wider screens too, where the form's button is wider than half the page.
 */
export const TOASTER_CLASS =
  "pointer-events-none fixed inset-x-0 top-16 z-50 flex flex-col items-center gap-2 p-4 sm:items-end";
