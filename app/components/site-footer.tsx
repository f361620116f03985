import { Link } from "@remix-run/react";
import { BRAND_INDEX_PATH, HOW_OFFERS_ARE_RANKED, HOW_VOTES_WORK } from "~/catalogue/site-pages";
import { feedPath } from "~/seo";
import { NAV_LINKS, type NavLink } from "./site-header";

const MORE_LINKS = [
  { to: BRAND_INDEX_PATH, label: "Marques de A à Z" },
  { to: HOW_VOTES_WORK.path, label: HOW_VOTES_WORK.label },
  { to: HOW_OFFERS_ARE_RANKED.path, label: HOW_OFFERS_ARE_RANKED.label },
  { to: "/mentions-legales", label: "Mentions légales" },
];

export function SiteFooter({
  siteName,
  year,
  links = NAV_LINKS,
}: {
  siteName: string;
  year: number;
  links?: readonly NavLink[];
}) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 md:flex-row md:items-center md:justify-between">
        <div>
          <p className="text-lg font-bold text-indigo-800">{siteName}</p>
          <p className="text-sm text-slate-600">Économisez en un clic.</p>
        </div>
        <nav aria-label="Liens du pied de page">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {[...links, ...MORE_LINKS].map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-slate-700 hover:text-indigo-800 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              {/* A file for feed readers, not a page: loaded as a document, never by the router. */}
              <a
                href={feedPath("all")}
                type="application/atom+xml"
                className="text-slate-700 hover:text-indigo-800 hover:underline"
              >
                Flux Atom des nouveautés
              </a>
            </li>
          </ul>
        </nav>
      </div>
      {/* What each rate's link leads to (VotesSummary): one text for every card of the page. */}
      <p id={HOW_VOTES_WORK.descriptionId} hidden>
        {HOW_VOTES_WORK.label}
      </p>
      <p className="border-t border-slate-100 py-4 text-center text-sm text-slate-600">
        © {year} {siteName}. Tous droits réservés.
      </p>
    </footer>
  );
}
