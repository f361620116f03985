import { Form, NavLink } from "@remix-run/react";
import type { MetaDescriptor } from "@remix-run/node";
import type { ReactNode } from "react";

/**
 * The frame of the back office's pages: their meta, navigation, buttons and the missing-key notice. The fields of
 * its forms are in fields.tsx.
 */

/** Every back-office page: its title, and never indexed nor followed. */
export const backOfficeMeta = (title: string): MetaDescriptor[] => [
  { title: `${title} - Gestion` },
  { name: "robots", content: "noindex, nofollow" },
];

/** A text field of the back office's forms. */
export const fieldClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:outline-none focus:ring-2 focus:ring-indigo-600 aria-[invalid=true]:border-red-700 read-only:bg-slate-100";

export const backOfficeButton =
  "inline-flex items-center justify-center rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2";
/** A bordered button of the back office (the public pages have their own `btn-secondary`). */
export const outlineButton =
  "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600";
export const dangerButton =
  "inline-flex items-center justify-center rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600";

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-1.5 text-sm font-semibold ${isActive ? "bg-indigo-700 text-white" : "text-indigo-800 underline"}`;

/**
 * The frame of every signed-in page: its title, the sections, and sign out. The back office's links and forms
 * load whole documents: its cookie is sent to /gestion and below only, and a client-side navigation to /gestion
 * would ask for /gestion.data, outside that path.
 */
export function BackOfficePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-6">
      <nav aria-label="Gestion" className="flex flex-wrap items-center gap-2 border-b border-slate-200 pb-3">
        <NavLink reloadDocument to="/gestion" end className={navLink}>
          Messages
        </NavLink>
        <NavLink reloadDocument to="/gestion/offres" className={navLink}>
          Offres
        </NavLink>
        <NavLink reloadDocument to="/gestion/guides" className={navLink}>
          Guides
        </NavLink>
        <NavLink reloadDocument to="/gestion/textes" className={navLink}>
          Textes
        </NavLink>
        <NavLink reloadDocument to="/gestion/temoignages" className={navLink}>
          Témoignages
        </NavLink>
        <NavLink reloadDocument to="/gestion/statistiques" className={navLink}>
          Statistiques
        </NavLink>
        <Form reloadDocument method="post" action="/gestion/deconnexion" className="ml-auto">
          <button type="submit" className={outlineButton}>
            Se déconnecter
          </button>
        </Form>
      </nav>
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

/** What the back office says when hosted Supabase is used without the service role's key. */
export function MissingKey({ variable }: { variable: string }) {
  return (
    <p role="alert" className="rounded-md bg-amber-50 p-4 text-amber-900">
      La gestion a besoin de la clé du rôle de service de Supabase : définissez <code>{variable}</code> dans
      l'environnement du serveur (Supabase, Project Settings &gt; API), puis redémarrez le site. Cette clé reste sur le
      serveur.
    </p>
  );
}

/** Requests keep coming through a reverse proxy TRUST_PROXY does not name: what that turns off, and what to set. */
export function UnnamedProxyWarning({ proxy, requests, lastAt }: { proxy: string; requests: number; lastAt: string }) {
  const came = requests > 1 ? `${requests} requêtes sont arrivées` : "Une requête est arrivée";
  return (
    <p role="alert" className="rounded-md bg-amber-50 p-4 text-amber-900">
      {`${came} (la dernière le ${frenchDateTime(lastAt)}) par un proxy (${proxy}) que TRUST_PROXY ne désigne pas. ` +
        "Les avis sur les codes sont désactivés, et les autres limites comptent chaque visiteur à l'adresse que ce " +
        "proxy a écrite. Définissez "}
      <code>TRUST_PROXY</code> (par exemple « loopback » ou « 1 ») dans l'environnement du serveur, puis redémarrez le
      site.
    </p>
  );
}

/** A date and time in France, as the owner reads it. */
export function frenchDateTime(iso: string): string {
  return new Date(iso).toLocaleString("fr-FR", { timeZone: "Europe/Paris", dateStyle: "medium", timeStyle: "short" });
}
