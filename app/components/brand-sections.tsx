import { Faq } from "./faq";
import type { BrandSections as Sections } from "~/content/brand-sections";

const card = "rounded-2xl border border-slate-200 bg-white p-6";
const h2 = "text-xl font-bold text-slate-900";

/** The rich sections of a brand page (why choose, how to use, services, popular, comparison, cryptos, FAQ). */
export function BrandSections({ brand, sections }: { brand: string; sections: Sections }) {
  return (
    <>
      {sections.whyChoose?.length ? (
        <section aria-labelledby="why-choose" className={card}>
          <h2 id="why-choose" className={h2}>
            Pourquoi choisir {brand} ?
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {sections.whyChoose.map((item) => (
              <li key={item.title}>
                <h3 className="font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{item.text}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {sections.howToUse?.length ? (
        <section aria-labelledby="how-to-use" className={card}>
          <h2 id="how-to-use" className={h2}>
            Comment utiliser le code parrainage {brand}
          </h2>
          <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-700">
            {sections.howToUse.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      ) : null}
      {sections.services?.length ? (
        <section aria-labelledby="services" className={card}>
          <h2 id="services" className={h2}>
            Les services de {brand}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {sections.services.map((service) => (
              <li key={service.title}>
                <h3 className="font-semibold text-slate-900">{service.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{service.text}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {sections.popular ? (
        <section aria-labelledby="popular" className={card}>
          <h2 id="popular" className={h2}>
            {sections.popular.title}
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2">
            {sections.popular.items.map((item) => (
              <li key={item} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                {item}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {sections.comparison ? (
        <section aria-labelledby="comparison" className={card}>
          <h2 id="comparison" className={h2}>
            Comparatif
          </h2>
          {/* Focusable so the table scrolls with the keyboard (axe's scrollable-region-focusable); its own name,
              distinct from the section's. */}
          <div
            className="mt-4 overflow-x-auto"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus
            tabIndex={0}
            role="region"
            aria-label="Tableau comparatif, défilable horizontalement"
          >
            <table className="w-full min-w-[32rem] text-left text-sm">
              <caption className="mb-2 text-left text-slate-600">{sections.comparison.caption}</caption>
              <thead>
                <tr className="border-b border-slate-200">
                  {sections.comparison.columns.map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 font-semibold text-slate-900">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sections.comparison.rows.map(([first, ...rest]) => (
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
        </section>
      ) : null}
      {sections.cryptoList?.length ? (
        <section aria-labelledby="cryptos" className={card}>
          <h2 id="cryptos" className={h2}>
            Cryptomonnaies disponibles sur {brand}
          </h2>
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
        </section>
      ) : null}
      {sections.faq?.length ? (
        <section aria-labelledby="brand-faq" className="space-y-4">
          <h2 id="brand-faq" className={h2}>
            Questions fréquentes sur {brand}
          </h2>
          <Faq items={sections.faq} />
        </section>
      ) : null}
    </>
  );
}

export function InfoCard({ card: info }: { card: NonNullable<Sections["infoCard"]> }) {
  return (
    <section aria-labelledby="info-card" className={card}>
      <h2 id="info-card" className={h2}>
        {info.title}
      </h2>
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
    </section>
  );
}
