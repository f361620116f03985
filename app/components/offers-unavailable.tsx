import { BackLink } from "./back-link";

/** Said where offers should be when the source failed and nothing is cached (the page answers 503). */
export function OffersUnavailable({ backTo }: { backTo?: string }) {
  const alert = (
    <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-900">
      Une erreur est survenue lors du chargement des offres de parrainage.
    </p>
  );
  if (!backTo) return alert;
  return (
    <div className="space-y-6">
      <BackLink fallback={backTo} />
      {alert}
    </div>
  );
}
