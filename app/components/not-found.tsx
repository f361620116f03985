import { Link } from "@remix-run/react";

/** What the 404 of a brand page the site does not list carries (services/pages/brand-page.server.ts). */
export interface UnknownBrand {
  /** The name as the address wrote it, hyphens made spaces. */
  typed: string;
  /** The brands whose names are closest, best first. */
  closest: { slug: string; brand: string }[];
}

/** Whether a 404's data is an unknown brand's. */
function isUnknownBrand(data: unknown): data is UnknownBrand {
  return typeof data === "object" && data !== null && typeof (data as UnknownBrand).typed === "string";
}

/** The 404 page's body: by default a page that does not exist, with a way back home. */
export function NotFound({
  title = "Page introuvable",
  text = "Oups ! La page que vous recherchez n'existe pas ou a été déplacée.",
  back = { to: "/", label: "Retour à l'accueil" },
  data,
}: {
  title?: string;
  text?: string;
  back?: { to: string; label: string };
  /** The 404's data: an unknown brand's is answered with its own page. */
  data?: unknown;
}) {
  if (isUnknownBrand(data)) return <BrandNotListed {...data} />;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-20 text-center">
      <p className="text-8xl font-extrabold text-indigo-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">{text}</p>
      <Link to={back.to} className="btn-primary mt-8">
        {back.label}
      </Link>
    </div>
  );
}

/** A brand page the site does not have: search the name, the closest brands, or propose it. */
function BrandNotListed({ typed, closest }: UnknownBrand) {
  const proposal = `/contact?${new URLSearchParams({ sujet: "new-code", marque: typed })}`;
  return (
    <div className="mx-auto max-w-xl space-y-6 py-10">
      <h1 className="text-2xl font-bold text-slate-900">Aucune offre pour « {typed} »</h1>
      <p className="text-slate-700">Le site ne propose pas (ou plus) de code pour cette marque.</p>
      <form action="/offres" method="get" role="search" className="flex gap-2">
        <label htmlFor="introuvable-q" className="sr-only">
          Rechercher une marque ou une offre
        </label>
        <input
          id="introuvable-q"
          name="q"
          type="search"
          defaultValue={typed}
          maxLength={100}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900"
        />
        <button type="submit" className="btn-primary">
          Rechercher
        </button>
      </form>
      {closest.length > 0 ? (
        <section aria-labelledby="marques-proches" className="space-y-2">
          <h2 id="marques-proches" className="font-semibold text-slate-900">
            Marques aux noms proches
          </h2>
          <ul className="flex flex-wrap gap-2">
            {closest.map(({ slug, brand }) => (
              <li key={slug}>
                <Link
                  to={`/offres/${slug}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-indigo-800 hover:bg-slate-100"
                >
                  {brand}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="text-slate-700">
        Vous avez un code pour cette marque ?{" "}
        <Link to={proposal} className="font-semibold text-indigo-800 underline">
          Proposez-le
        </Link>{" "}
        ou{" "}
        <Link to="/offres" className="font-semibold text-indigo-800 underline">
          voyez toutes les offres
        </Link>
        .
      </p>
    </div>
  );
}
