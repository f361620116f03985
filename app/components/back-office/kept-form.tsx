import { shownField, type KeptForm } from "~/forms/kept-form";
import { backOfficeButton, fieldClass } from "./frame";

/** What the page says, for each reason a form was not taken. */
const WORDS = {
  session: {
    title: "Session terminée",
    text: "Votre session de gestion a pris fin : rien n'a été enregistré. Reconnectez-vous : vos saisies seront remises dans le formulaire, sans être envoyées, pour que vous les vérifiiez avant d'enregistrer.",
  },
  base: {
    title: "Gestion momentanément indisponible",
    text: "La base de données ne répond pas : rien n'a été enregistré. Vos saisies sont gardées ci-dessous ; renvoyez-les dans quelques minutes.",
  },
} as const;

/**
 * A back-office form that could not be taken, shown again with what it held: beside a sign-in form that brings it
 * back to its page (the session ended), or with a button that sends it again when the owner chooses (the database
 * did not answer). It works without JavaScript: plain forms, posted as documents.
 */
export function KeptFormPage({ kept }: { kept: KeptForm }) {
  const words = WORDS[kept.reason];
  const shown = kept.fields.filter(shownField).filter(([, value]) => value.trim() !== "");
  return (
    <div className="mx-auto max-w-xl space-y-6 py-8">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{words.title}</h1>
      <p role="alert" className="rounded-md bg-red-50 p-4 text-red-900">
        {words.text}
        {kept.hadFile ? " Le fichier envoyé ne peut pas être gardé : choisissez-le à nouveau." : ""}
      </p>
      {kept.reason === "session" ? (
        <form
          method="post"
          action="/gestion/connexion"
          className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
        >
          <input type="hidden" name="retour" value={kept.path} />
          <input type="hidden" name="brouillon" value={JSON.stringify(kept.fields)} />
          <div className="space-y-1">
            <label htmlFor="mot-de-passe-repris" className="block text-sm font-semibold text-slate-800">
              Mot de passe
            </label>
            <input
              id="mot-de-passe-repris"
              name="password"
              type="password"
              required
              autoComplete="current-password"
              className={fieldClass}
            />
          </div>
          <button type="submit" className={`${backOfficeButton} w-full`}>
            Se reconnecter
          </button>
        </form>
      ) : (
        <form method="post" action={kept.path} className="rounded-2xl border border-slate-200 bg-white p-6">
          {kept.fields.map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={backOfficeButton}>
            Renvoyer ces saisies
          </button>
        </form>
      )}
      {shown.length > 0 ? (
        <section aria-labelledby="saisies-gardees" className="space-y-2">
          <h2 id="saisies-gardees" className="font-bold">
            Vos saisies
          </h2>
          <dl className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm">
            {shown.map(([name, value], index) => (
              <div key={`${name}-${index}`}>
                <dt className="font-semibold text-slate-700">{kept.labels[name] ?? name}</dt>
                <dd className="whitespace-pre-wrap break-words text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}
