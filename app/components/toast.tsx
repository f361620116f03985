import { XMarkIcon } from "@heroicons/react/20/solid";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useHydrated } from "./hydrated";

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
    if (serverToast) setToasts((current) => (current.some((t) => t.id === serverToast.id) ? current : [...current, serverToast]));
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

function Toaster({ toasts, onDismiss }: { toasts: ToastMessage[]; onDismiss: (id: string) => void }) {
  const polite = toasts.filter((toast) => toast.variant !== "error");
  const urgent = toasts.filter((toast) => toast.variant === "error");
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end">
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

const VARIANT_CLASSES: Record<ToastMessage["variant"], string> = {
  success: "border-emerald-200 bg-white",
  info: "border-slate-200 bg-white",
  error: "border-red-700 bg-red-700 text-white",
};

function Toast({ toast, onDismiss }: { toast: ToastMessage; onDismiss: (id: string) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, onDismiss]);
  return <ToastView toast={toast} onDismiss={onDismiss} />;
}

export function ToastView({ toast, onDismiss }: { toast: ToastMessage; onDismiss?: (id: string) => void }) {
  const hydrated = useHydrated();
  return (
    <div
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${VARIANT_CLASSES[toast.variant]}`}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? (
          <p className={`mt-1 text-sm ${toast.variant === "error" ? "text-white" : "text-slate-700"}`}>{toast.description}</p>
        ) : null}
      </div>
      {hydrated && onDismiss ? (
        <button
          type="button"
          onClick={() => onDismiss(toast.id)}
          className="rounded p-1 hover:bg-black/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-current"
        >
          <XMarkIcon className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">Fermer la notification</span>
        </button>
      ) : null}
    </div>
  );
}
