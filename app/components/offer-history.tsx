import { PageBlock } from "./page-block";

const CHANGE_LABELS = { added: "Ajoutée", improved: "Améliorée", changed: "Modifiée" } as const;

/**
 * "Historique de l'offre": its last changes, dated, each said in full ("200 € (avant : 150 €)"). The brand page
 * leaves it out while nothing has changed.
 */
export function OfferHistory({
  history,
}: {
  history: { on: string; date: string; change: keyof typeof CHANGE_LABELS; lines: string[] }[];
}) {
  return (
    <PageBlock titleId="historique-titre" title="Historique de l'offre">
      <ol className="mt-4 space-y-3 text-slate-700">
        {history.map((entry) => (
          <li key={`${entry.on}-${entry.lines.join()}`}>
            <p className="text-sm font-semibold text-slate-900">
              <time dateTime={entry.on}>{entry.date}</time>
              {` · ${CHANGE_LABELS[entry.change]}`}
            </p>
            <ul className="list-disc pl-5 text-sm">
              {entry.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </PageBlock>
  );
}
