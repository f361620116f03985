import { useEffect, useRef, useState } from "react";
import { CloseMark } from "./close-mark";
import { useHydrated } from "./hydrated";
import { Icon } from "./icon";
import type { ToastMessage } from "./toast-context";

/** Each kind of toast says what it is in words and with an icon, not by its colour alone. */
const VARIANTS = {
  success: {
    label: "Succès",
    icon: "success",
    box: "border-emerald-200 border-l-emerald-600 bg-white",
    accent: "text-emerald-800",
    text: "text-slate-700",
  },
  info: {
    label: "Information",
    icon: "info",
    box: "border-slate-200 border-l-indigo-600 bg-white",
    accent: "text-indigo-800",
    text: "text-slate-700",
  },
  error: {
    label: "Erreur",
    icon: "warning",
    box: "border-red-700 bg-red-700 text-white",
    accent: "text-white",
    text: "text-white",
  },
} as const;

/**
 * A toast that leaves after its duration, counted only while nobody holds it: the pointer over it or the focus in it
 * stops the count (WCAG 2.2.1, timing adjustable), which goes on from where it was once they leave.
 */
export function Toast({ toast, onDismiss }: { toast: ToastMessage; onDismiss: (id: string) => void }) {
  const [held, setHeld] = useState(false);
  const remaining = useRef(toast.duration);
  useEffect(() => {
    if (held) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [held, toast.id, onDismiss]);
  return <ToastView toast={toast} onDismiss={onDismiss} onHold={setHeld} />;
}

export function ToastView({
  toast,
  onDismiss,
  onHold,
}: {
  toast: ToastMessage;
  onDismiss?: (id: string) => void;
  /** Told true while the pointer is over the toast or the focus in it, false once they leave. */
  onHold?: (held: boolean) => void;
}) {
  const hydrated = useHydrated();
  const { label, icon, box, accent, text } = VARIANTS[toast.variant];
  // A toast already titled with its kind ('Erreur') does not say it twice.
  const sayKind = toast.title.trim().toLocaleLowerCase("fr") !== label.toLocaleLowerCase("fr");
  // Without JavaScript nothing closes a toast: a success or an information leaves by itself (CSS) rather than cover
  // the top of the screen, a phone's navigation included, for good. An error stays until the page changes.
  const leavesByItself = !hydrated && toast.variant !== "error" ? " toast-leaves" : "";
  return (
    <div
      data-toast={toast.variant}
      onMouseEnter={() => onHold?.(true)}
      onMouseLeave={() => onHold?.(false)}
      onFocus={() => onHold?.(true)}
      onBlur={() => onHold?.(false)}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border border-l-4 p-4 shadow-lg ${box}${leavesByItself}`}
    >
      <Icon name={icon} className={`mt-0.5 h-5 w-5 shrink-0 ${accent}`} state="toast" />
      <div className="min-w-0 flex-1">
        {sayKind ? <p className={`text-xs font-semibold tracking-wide ${accent}`}>{label}</p> : null}
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className={`mt-1 text-sm ${text}`}>{toast.description}</p> : null}
      </div>
      {hydrated && onDismiss ? (
        <button
          type="button"
          onClick={() => onDismiss(toast.id)}
          className="rounded p-1 hover:bg-black/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-current"
        >
          <CloseMark label="Fermer la notification" iconClassName="h-4 w-4" />
        </button>
      ) : null}
    </div>
  );
}
