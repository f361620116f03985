import type { OfferDetail } from "~/catalogue/types";

/**
 * The brand page's account of what the offer asks: every main condition, when the owner last checked them, what
 * the referrer gets when it is stated, and the other fields the owner fills for visitors (`details`).
 */
export function OfferConditions({
  brand,
  conditions,
  checkedOn,
  referrerReward,
  details = [],
}: {
  brand: string;
  conditions: readonly string[];
  /** The owner's last check, formatted ("21 novembre 2026"), or null. */
  checkedOn: string | null;
  referrerReward: string | null;
  details?: readonly OfferDetail[];
}) {
  return (
    <div className="mt-3 space-y-1 text-sm">
      <h3 className="font-bold text-slate-900">Conditions principales</h3>
      {conditions.length ? (
        <ul className="list-disc space-y-1 pl-5 text-slate-700">
          {conditions.map((condition) => (
            <li key={condition}>{condition}</li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">L'offre n'en précise aucune ici : lisez-les sur le site de {brand}.</p>
      )}
      <p className="text-xs text-slate-600">
        {checkedOn
          ? `Conditions vérifiées le ${checkedOn}.`
          : `Conditions pas encore vérifiées : celles du site de ${brand} font foi.`}
      </p>
      {referrerReward ? <p className="text-slate-700">Le parrain reçoit : {referrerReward}</p> : null}
      {details.length > 0 ? (
        <dl className="text-slate-700">
          {details.map(({ label, text }) => (
            <div key={label}>
              <dt className="inline font-semibold">{label} : </dt>
              <dd className="inline whitespace-pre-line">{text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
