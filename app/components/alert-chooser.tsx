import { ALERT_FIELDS } from "~/catalogue/alert-topics";
import { primaryButton } from "./offer-card";

/** What a visitor may follow: each category, each brand, by topic key ("categorie:crypto", "marque:binance"). */
export interface AlertChoices {
  categories: { key: string; label: string }[];
  brands: { key: string; label: string }[];
}

/**
 * `/alertes` alone: a form that asks, without JavaScript too, what to follow; it leads to that topic's own form.
 * Without alerts on this site, a plain sentence.
 */
export function AlertChooser({ choices }: { choices: AlertChoices | null }) {
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-extrabold text-slate-900">Me prévenir des nouvelles offres</h1>
      {choices ? (
        <form method="get" action="/alertes" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
          <p className="text-slate-700">
            Recevez un e-mail quand une offre est ajoutée ou améliorée dans une catégorie ou pour une marque.
          </p>
          <div className="space-y-1">
            <label htmlFor="alerte-sujet" className="block font-semibold text-slate-900">
              Que voulez-vous suivre ?
            </label>
            <select
              id="alerte-sujet"
              name={ALERT_FIELDS.topic}
              required
              defaultValue=""
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900"
            >
              <option value="" disabled>
                Choisissez une catégorie ou une marque
              </option>
              {(
                [
                  ["Catégories", choices.categories],
                  ["Marques", choices.brands],
                ] as const
              ).map(([group, options]) => (
                <optgroup key={group} label={group}>
                  {options.map(({ key, label }) => (
                    <option key={key} value={key}>
                      {label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <button type="submit" className={primaryButton}>
            Continuer
          </button>
        </form>
      ) : (
        <p className="text-slate-800">
          Les alertes par e-mail ne sont pas proposées sur ce site pour le moment. Revenez consulter{" "}
          <a href="/offres" className="font-medium text-indigo-800 underline">
            toutes les offres
          </a>{" "}
          ou suivez le{" "}
          <a href="/flux/offres.atom" className="font-medium text-indigo-800 underline">
            flux Atom des nouveautés
          </a>
          .
        </p>
      )}
    </div>
  );
}
