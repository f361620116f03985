import { Link } from "@remix-run/react";
import { frenchDateTime } from "./frame";

/**
 * What a versioned form (a guide's, a site text's) shows of its last 20 versions: each a link that puts it back in
 * the form (`?version=N`), the notice above the form while one is there, and why a save was refused.
 */
export function KeptVersions({ versions }: { versions: { version: number; savedAt: string; note: string }[] }) {
  if (versions.length === 0) return null;
  return (
    <section aria-labelledby="versions" className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="versions" className="font-bold">
        Versions
      </h2>
      <p className="text-sm text-slate-700">Les 20 dernières. Ouvrir une version la remet dans le formulaire.</p>
      <ol className="space-y-1 text-sm">
        {versions.map((kept) => (
          <li key={kept.version}>
            <Link reloadDocument to={`?version=${kept.version}`} className="text-indigo-800 underline">
              {`Version ${kept.version} du ${frenchDateTime(kept.savedAt)}`}
            </Link>
            {kept.note ? ` · ${kept.note}` : ""}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Why a save was refused; after a save drawn from an older version, a link to the form as it is now. */
export function SaveRefusal({
  message,
  updated,
}: {
  message: string;
  updated: { href: string; label: string } | null;
}) {
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900">
      {message}{" "}
      {updated ? (
        <a href={updated.href} target="_blank" rel="noreferrer" className="underline">
          {updated.label}
        </a>
      ) : null}
    </p>
  );
}

/** The notice over a form filled with a kept version. */
export function RestoringNotice({ version, savedAt }: { version: number; savedAt: string }) {
  return (
    <p role="status" className="rounded-md bg-amber-50 p-3 text-sm font-medium text-amber-900">
      {`Version ${version} du ${frenchDateTime(savedAt)}, remise dans le formulaire\u00a0: enregistrez-la pour la rétablir.`}
    </p>
  );
}
