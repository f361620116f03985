import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DIGITS_KEY, brandIndexHref, brandsCount } from "~/catalogue/brand-links";
import { BRAND_INDEX_PATH } from "~/catalogue/site-pages";
import { BrandInitials, BrandLinks, IndexPage, IndexTile } from "~/components/brand-initials";
import { OffersUnavailable } from "~/components/offers-unavailable";
import { pageMeta, siteInfo } from "~/seo";
import { loadBrandIndex } from "~/services/pages/brand-index.server";
import { UNAVAILABLE } from "~/services/pages/offers.server";

/** "Marques en B", "Marques commençant par un chiffre", "Marques de Ba à Bel". */
function pageTitle(initial: { key: string; label: string }, part?: { label: string }): string {
  if (part) return `Marques de ${part.label.replace(" – ", " à ")}`;
  return initial.key === DIGITS_KEY ? "Marques commençant par un chiffre" : `Marques en ${initial.label}`;
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: page, params }) => {
  const title = page?.title ?? "Marques de A à Z";
  return pageMeta(siteInfo(matches), {
    title: `${title} : codes parrainage - ${siteInfo(matches).siteName}`,
    description: `${title} : les marques qui ont un code ou un lien de parrainage, classées par ordre alphabétique.`,
    path: brandIndexHref(params.initial ?? "", params.part),
  });
};

function notFound() {
  return new Response("Page introuvable", { status: 404 });
}

export async function loader({ params }: LoaderFunctionArgs) {
  const index = await loadBrandIndex();
  if (!index) return data({ title: "Marques de A à Z", initials: [], current: null }, UNAVAILABLE);
  const initial = index.groups.find((group) => group.key === params.initial);
  if (!initial) throw notFound();
  const part = params.part === undefined ? undefined : initial.parts.find((held) => held.key === params.part);
  if (params.part !== undefined && !part) throw notFound();
  const showsParts = !part && initial.parts.length > 0;
  return {
    title: pageTitle(initial, part),
    initials: index.initials,
    current: {
      key: initial.key,
      label: initial.label,
      /** Set on a part's page: where its initial's page is. */
      partOf: part ? brandIndexHref(initial.key) : null,
      parts: showsParts
        ? initial.parts.map((held) => ({ key: held.key, label: held.label, count: held.brands.length }))
        : [],
      brands: showsParts ? [] : (part ?? initial).brands,
    },
  };
}

export default function BrandsOfInitial() {
  const { title, initials, current } = useLoaderData<typeof loader>();
  const lead = (
    <>
      <p>
        <Link to={current?.partOf ?? BRAND_INDEX_PATH} className="font-semibold text-indigo-800 underline">
          {current?.partOf ? `Toutes les marques en ${current.label}` : "Toutes les marques de A à Z"}
        </Link>
      </p>
      <BrandInitials initials={initials} current={current?.key} />
    </>
  );
  return (
    <IndexPage title={title} lead={lead}>
      {!current ? (
        <OffersUnavailable />
      ) : current.parts.length > 0 ? (
        <nav aria-label={`Marques en ${current.label}, par lettres`}>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {current.parts.map((part) => (
              <li key={part.key}>
                <IndexTile to={brandIndexHref(current.key, part.key)} label={part.label} count={part.count} />
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <section aria-labelledby="brands-title" className="space-y-4">
          <h2 id="brands-title" className="text-xl font-bold text-slate-900">
            {brandsCount(current.brands.length)}
          </h2>
          <BrandLinks brands={current.brands} />
        </section>
      )}
    </IndexPage>
  );
}
