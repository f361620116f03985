import { ALERT_FIELDS, type AlertFormView } from "~/catalogue/alert-topics";
import { controlClass, Honeypot, WrongFields, type WrongField } from "./forms";
import type { AlertFormState } from "~/forms/alert-form";

const errorClass = "text-sm font-medium text-red-800";

/** A checkbox with its label and its error. */
function Consent({
  id,
  name,
  label,
  checked,
  error,
}: {
  id: string;
  name: string;
  label: string;
  checked: boolean;
  error: string | undefined;
}) {
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          name={name}
          value="oui"
          required
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-erreur` : undefined}
          className="mt-1 h-5 w-5 shrink-0"
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${id}-erreur`} className={errorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * "Me prévenir": a native form posting to `/alertes`, without JavaScript of its own (the page answers). The consent
 * box is left unticked; a betting topic also asks for the 18+ statement.
 */
export function AlertForm({
  view: { topic, title, consent, adult },
  state,
  id = "alerte",
}: {
  view: AlertFormView;
  /** A refused request: the values typed and the errors. */
  state?: AlertFormState;
  id?: string;
}) {
  const errors = state?.errors ?? {};
  return (
    // The topic in the address too: the page that answers shows the form again for it.
    <form
      method="post"
      action={`/alertes?${ALERT_FIELDS.topic}=${encodeURIComponent(topic)}`}
      className="relative space-y-3"
      aria-labelledby={`${id}-titre`}
    >
      <h2 id={`${id}-titre`} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <p className="text-sm text-slate-700">
        Un e-mail quand une offre est ajoutée ou améliorée, puis un résumé par jour au plus. Rien n'est envoyé avant que
        vous ayez confirmé votre adresse.
      </p>
      {errors.form ? (
        <p role="alert" className={errorClass}>
          {errors.form}
        </p>
      ) : null}
      <WrongFields
        fields={[
          { id: `${id}-email`, label: "Adresse e-mail", message: errors.email },
          { id: `${id}-consentement`, label: "Consentement", message: errors.consent },
          { id: `${id}-majeur`, label: "Âge", message: errors.adult },
        ].filter((field): field is WrongField => Boolean(field.message))}
      />
      <input type="hidden" name={ALERT_FIELDS.topic} value={topic} />
      <Honeypot formId={id} />
      <div className="space-y-1">
        <label htmlFor={`${id}-email`} className="block text-sm font-semibold text-slate-800">
          Votre adresse e-mail
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name={ALERT_FIELDS.email}
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={state?.email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-erreur` : undefined}
          className={controlClass}
        />
        {errors.email ? (
          <p id={`${id}-email-erreur`} className={errorClass}>
            {errors.email}
          </p>
        ) : null}
      </div>
      <Consent
        id={`${id}-consentement`}
        name={ALERT_FIELDS.consent}
        label={consent}
        checked={state?.consent ?? false}
        error={errors.consent}
      />
      {adult ? (
        <Consent
          id={`${id}-majeur`}
          name={ALERT_FIELDS.adult}
          label={adult}
          checked={state?.adult ?? false}
          error={errors.adult}
        />
      ) : null}
      <button
        type="submit"
        className="inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2"
      >
        Me prévenir
      </button>
      <p className="text-xs text-slate-600">
        Votre adresse sert seulement à ces e-mails.{" "}
        <a href="/mentions-legales#alertes" className="font-medium text-indigo-800 underline">
          Ce qui est conservé et combien de temps
        </a>
      </p>
    </form>
  );
}
