import { Link, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { primaryButton } from "./offer-card";

export function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 : page inexistante demandée :", pathname);
  }, [pathname]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-20 text-center">
      <p className="text-8xl font-extrabold text-indigo-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Page introuvable</h1>
      <p className="mt-2 text-slate-700">Oups ! La page que vous recherchez n'existe pas ou a été déplacée.</p>
      <Link to="/" className={`${primaryButton} mt-8`}>
        Retour à l'accueil
      </Link>
    </div>
  );
}
