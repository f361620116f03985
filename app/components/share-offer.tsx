import { useEffect, useState } from "react";
import { Disclosure } from "./disclosure";
import { useToast } from "./toast-context";

const linkClass = "btn-secondary px-4 text-base";

/**
 * How a visitor passes a brand page on (referral links travel by WhatsApp, SMS and e-mail): with JavaScript where the
 * browser has the Web Share API, one button opening the phone's own share sheet; everywhere else plain links (WhatsApp,
 * e-mail) and the page's address to copy, which JavaScript gives a copy button.
 */
export function ShareOffer({ brand, text, url }: { brand: string; text: string; url: string }) {
  const [canShare, setCanShare] = useState(false);
  const [canCopy, setCanCopy] = useState(false);
  const showToast = useToast();
  useEffect(() => {
    setCanShare(typeof navigator.share === "function");
    setCanCopy(typeof navigator.clipboard?.writeText === "function");
  }, []);
  const title = `Code parrainage ${brand}`;

  if (canShare) {
    return (
      <button
        type="button"
        className={`${linkClass} w-full`}
        onClick={() => navigator.share({ title, text, url }).catch(() => undefined)}
      >
        Partager cette offre
      </button>
    );
  }

  async function copyAddress() {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ title: "Adresse copiée !", description: url, variant: "success", duration: 3_000 });
    } catch {
      showToast({
        title: "Copie impossible",
        description: "Copiez l'adresse à la main.",
        variant: "error",
        duration: 3_000,
      });
    }
  }

  return (
    <Disclosure summary="Partager cette offre">
      <div className="mt-3 space-y-3">
        <div className="flex flex-wrap gap-2">
          <a href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`} className={linkClass} rel="noopener">
            WhatsApp
          </a>
          <a href={`sms:?&body=${encodeURIComponent(`${text} ${url}`)}`} className={linkClass}>
            SMS
          </a>
          <a
            href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${text}\n${url}`)}`}
            className={linkClass}
          >
            E-mail
          </a>
          {canCopy ? (
            <button type="button" className={linkClass} onClick={copyAddress}>
              Copier l'adresse
            </button>
          ) : null}
        </div>
        <label className="block text-base text-slate-800">
          Adresse de la page
          <input
            type="text"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="share-address"
          />
        </label>
      </div>
    </Disclosure>
  );
}
