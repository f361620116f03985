import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { guidePath } from "~/catalogue/guides";
import {
  BackOfficePage,
  backOfficeButton,
  backOfficeMeta,
  frenchDateTime,
  MissingKey,
} from "~/components/back-office/frame";
import { backOfficeHeaders } from "~/services/http/headers.server";
import { guideDeskFor } from "~/services/owner/back-office.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => backOfficeMeta("Guides");

export const headers = backOfficeHeaders;

export { BackOfficeErrorBoundary as ErrorBoundary } from "~/components/back-office/error-boundary";

/** `/gestion/guides`: every guide, drafts and published, last edited first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { desk, missing } = await guideDeskFor(request);
  return data({ missing, guides: desk ? await desk.list() : [] });
}

export default function OwnerGuides() {
  const { missing, guides } = useLoaderData<typeof loader>();
  return (
    <BackOfficePage title="Guides">
      {missing ? <MissingKey variable={missing} /> : null}
      <p>
        <Link reloadDocument to="/gestion/guides/nouveau" className={backOfficeButton}>
          Écrire un guide
        </Link>
      </p>
      {guides.length === 0 ? (
        <p className="text-slate-700">Aucun guide pour l'instant.</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Les guides, du dernier modifié au premier</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="p-3">
                  Titre
                </th>
                <th scope="col" className="p-3">
                  État
                </th>
                <th scope="col" className="p-3">
                  Dernière modification
                </th>
              </tr>
            </thead>
            <tbody>
              {guides.map((guide) => (
                <tr key={guide.id} className="border-t border-slate-200">
                  <td className="p-3">
                    <Link
                      reloadDocument
                      to={`/gestion/guides/${guide.id}`}
                      className="font-semibold text-indigo-800 underline"
                    >
                      {guide.title}
                    </Link>
                    {guide.status === "published" ? (
                      <>
                        {" "}
                        <a href={guidePath(guide.slug)} className="text-slate-700 underline">
                          (voir la page)
                        </a>
                      </>
                    ) : null}
                  </td>
                  <td className="p-3">{guide.status === "published" ? "Publié" : "Brouillon"}</td>
                  <td className="p-3">{frenchDateTime(guide.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </BackOfficePage>
  );
}
