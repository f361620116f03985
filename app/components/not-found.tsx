import { Link } from "@remix-run/react";
import { primaryButton } from "./offer-card";

/** The 404 page's body: by default a page that does not exist, with a way back home. */
export function NotFound({
  title = "Page introuvable",
  text = "Oups ! La page que vous recherchez n'existe pas ou a été déplacée.",
  back = { to: "/", label: "Retour à l'accueil" },
}: {
  title?: string;
  text?: string;
  back?: { to: string; label: string };
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-20 text-center">
      <p className="text-8xl font-extrabold text-indigo-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">{text}</p>
      <Link to={back.to} className={`${primaryButton} mt-8`}>
        {back.label}
      </Link>
    </div>
  );
}
