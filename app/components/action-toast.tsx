import { useEffect } from "react";
import { useHydrated } from "./hydrated";
import { deferredPart } from "./lazy-on-client";
import { TOASTER_CLASS, useToast, type ToastMessage } from "./toast-context";

const ToastView = deferredPart("ToastView");

/**
 * A toast carried by an action's answer (a failed send): in the HTML of the page the action rendered, and
 * handed to the page's toasts once JavaScript runs.
 */
export function ActionToast({ toast }: { toast: ToastMessage | null | undefined }) {
  const hydrated = useHydrated();
  const show = useToast();
  useEffect(() => {
    if (toast && hydrated) show(toast);
  }, [toast, hydrated, show]);
  if (!toast || hydrated) return null;
  return (
    <div className={TOASTER_CLASS}>
      <div role="alert" className="flex w-full flex-col items-center sm:items-end">
        <ToastView toast={toast} />
      </div>
    </div>
  );
}
