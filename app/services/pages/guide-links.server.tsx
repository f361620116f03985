import { renderToStaticMarkup } from "react-dom/server";
import { GUIDES_PATH } from "~/catalogue/guides";
import { CARD } from "~/components/page-block";

/**
 * "Nos guides sur …" of a brand page or a category listing, "Nos derniers guides" of the home page: plain links,
 * rendered here and sent as loader data (ServerMarkup), so that the pages' JavaScript carries none of it. Null
 * without a guide. `everyGuide`: a last link to the list of every guide.
 */
export function guideLinksHtml(
  title: string,
  guides: readonly { path: string; title: string }[],
  everyGuide = false,
): string | null {
  if (guides.length === 0) return null;
  return renderToStaticMarkup(
    <section aria-labelledby="guides-titre" className={`space-y-3 ${CARD}`}>
      <h2 id="guides-titre" className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <ul className="list-disc space-y-1 pl-6">
        {guides.map((guide) => (
          <li key={guide.path}>
            <a href={guide.path} className="font-semibold text-indigo-800 underline">
              {guide.title}
            </a>
          </li>
        ))}
      </ul>
      {everyGuide ? (
        <p>
          <a href={GUIDES_PATH} className="font-semibold text-indigo-800 underline">
            Tous les guides
          </a>
        </p>
      ) : null}
    </section>,
  );
}
