import { Form, NavLink } from "@remix-run/react";
import { isIsoDate } from "~/forms/brand-form";
import type { MetaDescriptor } from "@remix-run/node";
import type { ReactNode } from "react";

/** Every back-office page: its title, and never indexed nor followed. */
export const backOfficeMeta = (title: string): MetaDescriptor[] => [
  { title: `${title} - Gestion` },
  { name: "robots", content: "noindex, nofollow" },
];

export const backOfficeButton =
  "inline-flex items-center justify-center rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2";
export const secondaryButton =
  "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600";
export const dangerButton =
  "inline-flex items-center justify-center rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600";
export const fieldClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:outline-none focus:ring-2 focus:ring-indigo-600 aria-[invalid=true]:border-red-700 read-only:bg-slate-100";

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-1.5 text-sm font-semibold ${isActive ? "bg-indigo-700 text-white" : "text-indigo-800 underline"}`;

/**
 * The frame of every signed-in page: its title, the two sections, and sign out. The back office's links and forms
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
        <Form reloadDocument method="post" action="/gestion/deconnexion" className="ml-auto">
          <button type="submit" className={secondaryButton}>
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
      La gestion a besoin de la clé du rôle de service de Supabase : définissez <code>{variable}</code> dans
      l'environnement du serveur (Supabase, Project Settings &gt; API), puis redémarrez le site. Cette clé reste sur le
      serveur.
    </p>
  );
}

/** A text field with its label and its error, the value the owner sent kept. */
export function Field({
  name,
  label,
  value,
  error,
  hint,
  multiline,
  type = "text",
  required,
  readOnly,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  multiline?: boolean;
  type?: "text" | "url" | "date";
  required?: boolean;
  readOnly?: boolean;
}) {
  const id = `champ-${name}`;
  const described = [hint ? `${id}-aide` : "", error ? `${id}-erreur` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    // A date field holds a day of the calendar or nothing: a wrong one sent is shown by its error alone.
    defaultValue: type === "date" && !isIsoDate(value) ? "" : value,
    required,
    readOnly,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
    className: fieldClass,
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {multiline ? <textarea rows={4} {...common} /> : <input type={type} {...common} />}
      {hint ? (
        <p id={`${id}-aide`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-erreur`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Checkbox({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={`champ-${name}`}
        type="checkbox"
        name={name}
        defaultChecked={checked}
        className="h-5 w-5 rounded border-slate-400"
      />
      <label htmlFor={`champ-${name}`} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
    </div>
  );
}

/** A date and time in France, as the owner reads it. */
export function frenchDateTime(iso: string): string {
  return new Date(iso).toLocaleString("fr-FR", { timeZone: "Europe/Paris", dateStyle: "medium", timeStyle: "short" });
}

/** The fields of an offer both forms share (a new brand's, an offer's), with the values and errors given. */
export function OfferFields({
  values,
  errors,
  handWritten = false,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
  /** The brand's page is written by hand: its code and link are shown, not changed here (HAND_WRITTEN_SLUGS). */
  handWritten?: boolean;
}) {
  const field = (name: string) => ({ name, value: values[name] ?? "", error: errors[name] });
  const fixed = handWritten
    ? { readOnly: true, hint: "La page de cette marque est écrite à la main : ceci ne se change pas ici." }
    : {};
  return (
    <>
      <Field label="Code de parrainage" {...field("code")} {...fixed} />
      <Field label="Lien de parrainage" type="url" required {...field("link")} {...fixed} />
      <Field label="L'offre" multiline required {...field("offer_description")} />
      <Field label="Avantages (un par ligne)" multiline {...field("advantages")} />
      <Field label="Dernier jour de validité (facultatif)" type="date" {...field("valid_until")} />
    </>
  );
}
