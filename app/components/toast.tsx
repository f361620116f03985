import { useCallback, useEffect, useState, type ReactNode } from "react";
import { deferredPart } from "./lazy-on-client";
import { ToastContext, TOASTER_CLASS, type NewToast, type ToastMessage } from "./toast-context";

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

  const show = useCallback((toast: NewToast) => {
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

/** A toast: its code loads when a toast first shows, since most pages never show one. */
const Toast = deferredPart("Toast");
