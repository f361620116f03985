import { data, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { brandIndexHref } from "~/catalogue/brand-links";
import { BRAND_INDEX_PATH } from "~/catalogue/site-pages";
import { IndexPage, IndexTile } from "~/components/brand-initials";
import { OffersUnavailable } from "~/components/offers-unavailable";
import { pageMeta, siteInfo } from "~/seo";
import { loadBrandIndex } from "~/services/pages/brand-index.server";
import { UNAVAILABLE } from "~/services/pages/offers.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(siteInfo(matches), {
    title: `Toutes les marques de A à Z : codes parrainage - ${siteInfo(matches).siteName}`,
    description:
      "L'index de toutes les marques qui ont un code ou un lien de parrainage, de A à Z : choisissez une lettre, puis la marque.",
    path: BRAND_INDEX_PATH,
  });

export async function loader() {
  const index = await loadBrandIndex();
  if (!index) return data({ initials: null }, UNAVAILABLE);
  return { initials: index.groups.map(({ key, label, brands }) => ({ key, label, count: brands.length })) };
}

export default function BrandIndex() {
  const { initials } = useLoaderData<typeof loader>();
  const lead = (
    <p className="max-w-3xl text-lg text-slate-700">
      Choisissez l'initiale de la marque dont vous cherchez le code ou le lien de parrainage.
    </p>
  );
  return (
    <IndexPage title="Toutes les marques de A à Z" lead={lead}>
      {initials ? (
        <nav aria-label="Initiales des marques">
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {initials.map((initial) => (
              <li key={initial.key}>
                <IndexTile to={brandIndexHref(initial.key)} label={initial.label} count={initial.count} />
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <OffersUnavailable />
      )}
    </IndexPage>
  );
}
