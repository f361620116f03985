import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { deferredPart } from "./lazy-on-client";

export interface ToastMessage {
  id: string;
  title: string;
  description?: string;
  variant: "success" | "error" | "info";
  /** How long it stays once JavaScript runs, in milliseconds. */
  duration: number;
}

type NewToast = Omit<ToastMessage, "id">;

const ToastContext = createContext<(toast: NewToast & { id?: string }) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

let counter = 0;

/**
 * Holds the toasts: the one the server flashed (rendered in the HTML, so it shows without JavaScript too)
 * and those the page raises itself, such as 'Code copié !'.
 */
export function ToastProvider({ serverToast, children }: { serverToast: ToastMessage | null; children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>(serverToast ? [serverToast] : []);

  useEffect(() => {
    if (serverToast)
      setToasts((current) => (current.some((t) => t.id === serverToast.id) ? current : [...current, serverToast]));
  }, [serverToast]);

  const show = useCallback((toast: NewToast & { id?: string }) => {
    counter += 1;
    const id = toast.id ?? `client-${counter}`;
    setToasts((current) => [...current.filter((t) => t.title !== toast.title && t.id !== id), { ...toast, id }]);
  }, []);
  const dismiss = useCallback((id: string) => setToasts((current) => current.filter((t) => t.id !== id)), []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

/**
 * Where toasts show: at the top, under the sticky site header (about 4 rem high; the padding keeps toasts clear of
 * it), centred on phones and on the right from `sm` on. After a form is sent the page opens on that form, or stays
 * where its button was pressed, so the button sits in the middle or lower part of the screen: a toast at the bottom
 * would cover it, on phones and on wider screens too, where the form's button is wider than half the page.
 */
export const TOASTER_CLASS =
  "pointer-events-none fixed inset-x-0 top-16 z-50 flex flex-col items-center gap-2 p-4 sm:items-end";

function Toaster({ toasts, onDismiss }: { toasts: ToastMessage[]; onDismiss: (id: string) => void }) {
  const polite = toasts.filter((toast) => toast.variant !== "error");
  const urgent = toasts.filter((toast) => toast.variant === "error");
  return (
    <div className={TOASTER_CLASS}>
      <div role="status" aria-live="polite" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {polite.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
      <div role="alert" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {urgent.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
    </div>
  );
}

/**
 * A toast, and its look alone (for a page without JavaScript): their code loads when a toast first shows, since most
 * pages never show one.
 */
const Toast = deferredPart("Toast");
export const ToastView = deferredPart("ToastView");
