import { renderToStaticMarkup } from "react-dom/server";
import { CARD } from "~/components/page-block";

/**
 * "Nos guides sur …" of a brand page or a category listing: plain links, rendered here and sent as loader data
 * (ServerMarkup), so that the pages' JavaScript carries none of it. Null without a guide.
 */
export function guideLinksHtml(subject: string, guides: readonly { path: string; title: string }[]): string | null {
  if (guides.length === 0) return null;
  return renderToStaticMarkup(
    <section aria-labelledby="guides-titre" className={`space-y-3 ${CARD}`}>
      <h2 id="guides-titre" className="text-xl font-bold text-slate-900">
        {`Nos guides sur ${subject}`}
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
    </section>,
  );
}
