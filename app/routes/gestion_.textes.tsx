import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BackOfficePage, backOfficeMeta, frenchDateTime, MissingKey } from "~/components/back-office/frame";
import { BRAND_TEXT_PREFIX, BRANDS_WITH_TEXTS, PAGE_TEXTS } from "~/content/site-texts";
import { backOfficeHeaders } from "~/services/http/headers.server";
import { deskFor } from "~/services/owner/back-office.server";
import { tryLoadCatalogue, findBrandOffer } from "~/services/pages/offers.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => backOfficeMeta("Textes du site");

export const headers = backOfficeHeaders;

export { BackOfficeErrorBoundary as ErrorBoundary } from "~/components/back-office/error-boundary";

/**
 * `/gestion/textes`: the site's texts the owner may change (the home page's, the offers page's, then the brand pages
 * that have sections), each with its state: "Texte d'origine" or the date of its last change.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { desk, missing } = await deskFor(request, "siteTextDesk");
  const [saved, catalogue] = await Promise.all([desk ? desk.list() : [], tryLoadCatalogue()]);
  const edited = new Map(saved.filter((text) => text.edited).map((text) => [text.key, text.updatedAt]));
  const row = (key: string, title: string, path: string) => ({ key, title, path, editedAt: edited.get(key) ?? null });
  const brandSlugs = new Set([
    ...BRANDS_WITH_TEXTS,
    ...[...edited.keys()].flatMap((key) =>
      key.startsWith(BRAND_TEXT_PREFIX) ? [key.slice(BRAND_TEXT_PREFIX.length)] : [],
    ),
  ]);
  const brands = [...brandSlugs].flatMap((slug) => {
    const offer = catalogue && findBrandOffer(catalogue, slug);
    return offer ? [row(`${BRAND_TEXT_PREFIX}${slug}`, offer.brand, `/offres/${slug}`)] : [];
  });
  brands.sort((a, b) => a.title.localeCompare(b.title, "fr"));
  return data({ missing, pages: PAGE_TEXTS.map((text) => row(text.key, text.title, text.path)), brands });
}

type TextRow = ReturnType<typeof useLoaderData<typeof loader>>["pages"][number];

function TextTable({ caption, rows }: { caption: string; rows: TextRow[] }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="p-3 text-left font-bold">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="p-3">
              Texte
            </th>
            <th scope="col" className="p-3">
              État
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((text) => (
            <tr key={text.key} className="border-t border-slate-200">
              <td className="p-3">
                <Link
                  reloadDocument
                  to={`/gestion/textes/${text.key}`}
                  className="font-semibold text-indigo-800 underline"
                >
                  {text.title}
                </Link>{" "}
                <a href={text.path} className="text-slate-700 underline">
                  {`(${text.path})`}
                </a>
              </td>
              <td className="p-3">
                {text.editedAt ? `Modifié le ${frenchDateTime(text.editedAt)}` : "Texte d'origine"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function OwnerTexts() {
  const { missing, pages, brands } = useLoaderData<typeof loader>();
  return (
    <BackOfficePage title="Textes du site">
      {missing ? <MissingKey variable={missing} /> : null}
      <p className="text-slate-700">
        Chaque texte garde celui livré avec le site tant que vous ne le changez pas, et peut y revenir. Les mentions
        légales, l'information sur la rémunération du site et les avertissements sur les risques ne se changent pas ici.
      </p>
      <TextTable caption="Pages" rows={pages} />
      <TextTable caption="Pages des marques" rows={brands} />
      <p className="text-sm text-slate-700">
        Les sections d'une autre marque s'écrivent depuis sa fiche, dans «&nbsp;Offres&nbsp;» («&nbsp;Textes de la
        page&nbsp;»).
      </p>
    </BackOfficePage>
  );
}
