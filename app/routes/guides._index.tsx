import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BRAND_CATEGORIES, brandCategoryOf } from "~/catalogue/categories";
import { GUIDES_PATH, GUIDES_PER_PAGE } from "~/catalogue/guides";
import { pageOf, parsePageNumber } from "~/catalogue/pagination";
import { Pagination } from "~/components/pagination";
import { pageMeta, siteInfo } from "~/seo";
import { guideListItem, loadWriting } from "~/services/pages/guides.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

/**
 * `/guides`: the owner's published guides, newest first, 24 a page, `?cat=` for a category's. The header and the
 * home page link here only once a guide is published.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const shelf = await loadWriting();
  if (!shelf) throw new Response("Guides momentanément indisponibles.", { status: 503 });
  const search = new URL(request.url).searchParams;
  const category = brandCategoryOf(search.get("cat")?.toLowerCase());
  const number = parsePageNumber(search.getAll("page"));
  const chosen = category ? shelf.guides.filter((guide) => guide.category === category.id) : shelf.guides;
  const page = number === undefined ? undefined : pageOf(chosen, number, GUIDES_PER_PAGE);
  if (!page) throw new Response("Page introuvable", { status: 404 });
  const used = new Set(shelf.guides.map((guide) => guide.category));
  return data({
    guides: page.items.map(guideListItem),
    page: page.number,
    pageCount: page.count,
    total: shelf.guides.length,
    category: category ? { id: category.id, label: category.label } : null,
    categories: BRAND_CATEGORIES.filter((candidate) => used.has(candidate.id)).map(({ id, label }) => ({ id, label })),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => {
  const site = siteInfo(matches);
  const label = page?.category?.label;
  return pageMeta(site, {
    title: `Guides${label ? ` ${label}` : ""} du parrainage - ${site.siteName}`,
    description:
      "Nos guides pour choisir une offre de parrainage\u00a0: ce que versent les banques, les applications et les plateformes, à quelles conditions, et ce qu'il faut savoir avant de s'inscrire.",
    path: page?.category ? `${GUIDES_PATH}?cat=${page.category.id}` : GUIDES_PATH,
    // An empty list is no page for search engines.
    noindex: !page || page.total === 0 || page.page > 1,
  });
};

const hrefFor = (category: string | null) => (number: number) => {
  const search = new URLSearchParams();
  if (category) search.set("cat", category);
  if (number > 1) search.set("page", String(number));
  const query = search.toString();
  return query ? `${GUIDES_PATH}?${query}` : GUIDES_PATH;
};

const chip = "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold";

export default function Guides() {
  const { guides, page, pageCount, total, category, categories } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">
          {category ? `Guides ${category.label}` : "Guides du parrainage"}
        </h1>
        <p className="text-slate-700">
          Ce que versent les offres, à quelles conditions, et ce qu'il faut savoir avant de s'inscrire.
        </p>
      </header>
      {categories.length > 1 ? (
        <nav aria-label="Catégories des guides">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link
                to={GUIDES_PATH}
                aria-current={category ? undefined : "page"}
                className={`${chip} ${category ? "border-slate-300 bg-white text-slate-800" : "border-transparent bg-indigo-700 text-white"}`}
              >
                Tous
              </Link>
            </li>
            {categories.map(({ id, label }) => (
              <li key={id}>
                <Link
                  to={`${GUIDES_PATH}?cat=${id}`}
                  aria-current={category?.id === id ? "page" : undefined}
                  className={`${chip} ${category?.id === id ? "border-transparent bg-indigo-700 text-white" : "border-slate-300 bg-white text-slate-800"}`}
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {guides.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
          {total === 0
            ? "Aucun guide publié pour l'instant."
            : "Aucun guide publié dans cette catégorie pour l'instant."}
        </p>
      ) : (
        <ul className="space-y-4">
          {guides.map((guide) => (
            <li key={guide.slug}>
              <article className="space-y-2 rounded-2xl border border-slate-200 bg-white p-6">
                <h2 className="text-xl font-bold text-slate-900">
                  <Link to={guide.path} className="text-indigo-800 underline">
                    {guide.title}
                  </Link>
                </h2>
                {guide.summary ? <p className="text-slate-700">{guide.summary}</p> : null}
                <p className="text-sm text-slate-600">
                  {[
                    guide.categoryLabel,
                    `Publié le ${guide.publishedOn}`,
                    guide.updatedOn ? `mis à jour le ${guide.updatedOn}` : null,
                    `${guide.minutes}\u00a0min de lecture`,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination href={hrefFor(category?.id ?? null)} page={page} pageCount={pageCount} label="Pages des guides" />
    </div>
  );
}
