import { Faq } from "./faq";
import { PageBlock } from "./page-block";
import type { ReactNode } from "react";
import type { BrandSections as Sections } from "~/content/brand-sections";

/** The rich sections of a brand page (why choose, how to use, services, popular, comparison, cryptos, FAQ). */
export function BrandSections({ brand, sections }: { brand: string; sections: Sections }) {
  return (
    <>
      {sections.whyChoose?.length ? (
        <Card id="why-choose" title={`Pourquoi choisir ${brand} ?`}>
          <TitledItems items={sections.whyChoose} />
        </Card>
      ) : null}
      {sections.howToUse?.length ? (
        <Card id="how-to-use" title={`Comment utiliser le code parrainage ${brand}`}>
          <Steps steps={sections.howToUse} />
        </Card>
      ) : null}
      {sections.services?.length ? (
        <Card id="services" title={`Les services de ${brand}`}>
          <TitledItems items={sections.services} />
        </Card>
      ) : null}
      {sections.popular ? (
        <Card id="popular" title={sections.popular.title}>
          <ul className="mt-4 flex flex-wrap gap-2">
            {sections.popular.items.map((item) => (
              <li key={item} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                {item}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {sections.comparison ? (
        <Card id="comparison" title="Comparatif">
          <ComparisonTable comparison={sections.comparison} />
        </Card>
      ) : null}
      {sections.cryptoList?.length ? (
        <Card id="cryptos" title={`Cryptomonnaies disponibles sur ${brand}`}>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {sections.cryptoList.map((crypto) => (
              <li key={crypto.symbol} className="rounded-lg bg-slate-50 p-3">
                <p className="font-semibold text-slate-900">
                  {crypto.name} <span className="text-sm font-medium text-slate-600">({crypto.symbol})</span>
                </p>
                <p className="mt-1 text-sm text-slate-700">{crypto.text}</p>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {sections.faq?.length ? (
        <Card id="brand-faq" title={`Questions fréquentes sur ${brand}`} className="space-y-4">
          <Faq items={sections.faq} />
        </Card>
      ) : null}
    </>
  );
}

/** A section of the brand page, named by its heading (`id`). */
function Card({ id, ...block }: { id: string; title: string; className?: string; children: ReactNode }) {
  return <PageBlock titleId={id} {...block} />;
}

/** Points with a title and a text, in two columns from `sm` on. */
function TitledItems({ items }: { items: { title: string; text: string }[] }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.title}>
          <h3 className="font-semibold text-slate-900">{item.title}</h3>
          <p className="mt-1 text-sm text-slate-700">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** The steps to follow, in order. */
function Steps({ steps }: { steps: string[] }) {
  return (
    <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-700">
      {steps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ol>
  );
}

function ComparisonTable({ comparison }: { comparison: NonNullable<Sections["comparison"]> }) {
  // The box around the table is focusable, so that it scrolls with the keyboard (axe's scrollable-region-focusable),
  // and has a name of its own, distinct from the section's.
  return (
    <div
      className="mt-4 overflow-x-auto"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus
      tabIndex={0}
      role="region"
      aria-label="Tableau comparatif, défilable horizontalement"
    >
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="mb-2 text-left text-slate-600">{comparison.caption}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            {comparison.columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold text-slate-900">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {comparison.rows.map(([first, ...rest]) => (
            <tr key={first} className="border-b border-slate-100">
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {first}
              </th>
              {rest.map((cell, index) => (
                <td key={index} className="px-3 py-2 text-slate-700">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function InfoCard({ card: info }: { card: NonNullable<Sections["infoCard"]> }) {
  return (
    <Card id="info-card" title={info.title}>
      <dl className="mt-4 space-y-2 text-sm">
        {info.rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-4">
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="text-right font-medium text-slate-900">
              {row.value.startsWith("https://") ? (
                <a href={row.value} className="text-indigo-800 underline" rel="noopener noreferrer" target="_blank">
                  {row.value.replace("https://", "")}
                </a>
              ) : (
                row.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
