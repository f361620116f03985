import { useEffect, useState } from "react";
import { useHydrated } from "./hydrated";
import { Icon } from "./icon";
import { useToast } from "./toast-context";

export const COPY_TOAST_MS = 3_000;
export const COPIED_ICON_MS = 2_000;

/**
 * The referral code as selectable text; with JavaScript, a button copies it, raises 'Code copié !'
 * for 3 s and turns green for 2 s.
 */
export function CodeBox({
  brand,
  slug,
  code,
  canCopy,
  example,
}: {
  brand: string;
  slug: string;
  code: string;
  canCopy: boolean;
  /** The bundle's example, which no one has checked: marked "exemple" (by the stylesheet, see `.example`). */
  example?: boolean;
}) {
  const hydrated = useHydrated();
  const showToast = useToast();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_ICON_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    if (!code.trim()) return;
    // Counted by the site itself (no cookie, nothing about the visitor kept): see /mentions-legales.
    navigator.sendBeacon?.(`/offres/${slug}/copie`);
    try {
      await navigator.clipboard.writeText(code.trim());
      setCopied(true);
      showToast({
        title: "Code copié !",
        description: `Le code ${code.trim()} a été copié dans le presse-papier.`,
        variant: "success",
        duration: COPY_TOAST_MS,
      });
    } catch {
      showToast({
        title: "Copie impossible",
        description: "Sélectionnez le code et copiez-le à la main.",
        variant: "error",
        duration: COPY_TOAST_MS,
      });
    }
  }

  return (
    <div className={example ? "code-box example" : "code-box"}>
      <span>
        <span className="sr-only">{`Code de parrainage ${brand} : `}</span>
        <code className="code-text">{code.trim()}</code>
      </span>
      {canCopy && hydrated ? (
        <button type="button" onClick={copy} className="copy-button">
          {copied ? (
            <Icon name="copied" className="h-5 w-5 text-green-600" state="copied" />
          ) : (
            <Icon name="copy" className="h-5 w-5" />
          )}
          <span className="sr-only">{copied ? "Code copié" : `Copier le code ${brand}`}</span>
        </button>
      ) : null}
    </div>
  );
}
