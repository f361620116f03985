import { EMAIL_MAX } from "@contract/contact-fields";
import {
  AUTHOR_NAME_MAX,
  MONTH_NAMES,
  REPORT_DETAILS_MAX,
  TESTIMONIAL_TEXT_MAX,
  TESTIMONIAL_TEXT_MIN,
} from "@contract/testimonial-fields";
import { Link, useFetcher } from "@remix-run/react";
import { HOW_VOTES_WORK } from "~/catalogue/site-pages";
import { TESTIMONIALS_ANCHOR, type TestimonialView } from "~/catalogue/testimonials";
import {
  TESTIMONIAL_FETCHER_FIELD,
  TESTIMONIAL_THANKS,
  type AddressNote,
  type ReportAnswer,
  type TestimonialAnswer,
} from "~/forms/testimonial-form";
import { controlClass, Honeypot } from "./forms";
import { useHydrated } from "./hydrated";
import { TestimonialQuote } from "./testimonial-quote";
import { ReasonOptions } from "./testimonial-reasons";
import type { ReactNode } from "react";

const labelClass = "block text-sm font-semibold text-slate-800";
const errorClass = "text-sm font-medium text-red-800";
const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2";

/** "Signaler ce témoignage": a notice any visitor may send, behind a disclosure that works without JavaScript. */
function ReportForm({ slug, id }: { slug: string; id: number }) {
  const fetcher = useFetcher<{ report: ReportAnswer }>({ key: `signalement-${id}` });
  const hydrated = useHydrated();
  const answer = fetcher.state === "idle" ? fetcher.data?.report : undefined;
  if (answer?.ok) {
    return (
      <p role="status" className="text-sm text-slate-700">
        Merci : votre signalement est transmis au responsable du site, qui l'examinera.
      </p>
    );
  }
  return (
    <details className="text-sm">
      <summary className="min-h-11 cursor-pointer py-2 font-medium text-indigo-800 underline">
        Signaler ce témoignage
      </summary>
      <fetcher.Form method="post" action={`/offres/${slug}/temoignage`} className="mt-2 space-y-3">
        {hydrated ? <input type="hidden" name={TESTIMONIAL_FETCHER_FIELD} value="1" /> : null}
        <input type="hidden" name="intent" value="signaler" />
        <input type="hidden" name="temoignage" value={id} />
        {answer && !answer.ok ? (
          <p role="alert" className={errorClass}>
            {answer.error}
          </p>
        ) : null}
        <div className="space-y-1">
          <label htmlFor={`report-reason-${id}`} className={labelClass}>
            Raison
          </label>
          <select id={`report-reason-${id}`} name="reason" required className={controlClass} defaultValue="">
            <ReasonOptions />
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`report-details-${id}`} className={labelClass}>
            Explication (facultatif)
          </label>
          <textarea
            id={`report-details-${id}`}
            name="details"
            rows={3}
            maxLength={REPORT_DETAILS_MAX}
            className={controlClass}
          />
        </div>
        <button type="submit" className={buttonClass}>
          Envoyer le signalement
        </button>
      </fetcher.Form>
    </details>
  );
}

/** A brand page's published testimonials, newest first, each with its notice form. */
export function TestimonialList({ slug, testimonials }: { slug: string; testimonials: TestimonialView[] }) {
  if (testimonials.length === 0) {
    return <p className="text-slate-700">Aucun témoignage publié pour l'instant.</p>;
  }
  return (
    <ul className="space-y-4">
      {testimonials.map((testimonial) => (
        <li key={testimonial.id} className="space-y-1 rounded-xl border border-slate-200 p-4">
          <TestimonialQuote testimonial={testimonial} />
          <ReportForm slug={slug} id={testimonial.id} />
        </li>
      ))}
    </ul>
  );
}

const ADDRESS_NOTE_TEXTS: Record<AddressNote, string> = {
  confirmation:
    "Un e-mail vous demande de confirmer votre adresse : ouvrez-le et cliquez sur le bouton de la page pour apprendre " +
    "si votre témoignage est publié. Sans confirmation, rien d'autre ne vous est envoyé.",
  "already-asked":
    "Cette adresse a déjà reçu aujourd'hui une demande de confirmation : elle n'est pas gardée avec ce témoignage, " +
    "et aucun e-mail ne lui est envoyé.",
};

/** The thanks that replace the form: the private erasure link, shown once, and what became of the address. */
export function TestimonialThanks({
  eraseLink,
  addressNote,
}: {
  eraseLink: string | null;
  addressNote: AddressNote | null;
}) {
  return (
    <div role="status" className="space-y-2 rounded-md bg-green-50 p-4 text-green-950">
      <p className="font-semibold">{TESTIMONIAL_THANKS}</p>
      {eraseLink ? (
        <p className="text-sm">
          Gardez ce lien personnel : il permet d'effacer votre témoignage à tout moment, et il ne sera plus affiché.{" "}
          <a href={eraseLink} className="break-all font-medium underline">
            Effacer mon témoignage
          </a>
        </p>
      ) : null}
      {addressNote ? <p className="text-sm">{ADDRESS_NOTE_TEXTS[addressNote]}</p> : null}
    </div>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className={errorClass}>
      {error}
    </p>
  ) : null;
}

const fieldId = (name: string) => `temoignage-${name}`;

/** The state of one field after a refused submission: the value typed, the error. */
interface FieldState {
  name: string;
  label: string;
  value: string | undefined;
  error: string | undefined;
}

/** A refused field says so, and points to its error. */
const errorProps = ({ name, error }: Pick<FieldState, "name" | "error">) =>
  error ? { "aria-invalid": true as const, "aria-describedby": fieldId(`${name}-erreur`) } : {};

function TextField({
  type = "text",
  maxLength,
  autoComplete,
  hint,
  ...field
}: FieldState & { type?: string; maxLength: number; autoComplete: string; hint: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={fieldId(field.name)} className={labelClass}>
        {field.label}
      </label>
      <input
        id={fieldId(field.name)}
        name={field.name}
        type={type}
        maxLength={maxLength}
        autoComplete={autoComplete}
        defaultValue={field.value}
        className={controlClass}
        {...errorProps(field)}
      />
      <p className="text-xs text-slate-600">{hint}</p>
      <FieldError id={fieldId(`${field.name}-erreur`)} error={field.error} />
    </div>
  );
}

/** A required select of `options` ([value, label]), starting on "Choisir". */
function ChoiceField({ options, ...field }: FieldState & { options: [string, string][] }) {
  return (
    <div>
      <label htmlFor={fieldId(field.name)} className="text-sm text-slate-800">
        {field.label}
      </label>
      <select
        id={fieldId(field.name)}
        name={field.name}
        required
        defaultValue={field.value ?? ""}
        className={controlClass}
        {...errorProps(field)}
      >
        <option value="">Choisir</option>
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * "Votre témoignage": a native form posting to `/offres/{slug}/temoignage`; once JavaScript runs, the same form
 * through a fetcher, the thanks in its place.
 */
export function TestimonialForm({
  slug,
  brand,
  startedToken,
  askEmail,
  years,
  refused,
}: {
  slug: string;
  brand: string;
  startedToken: string;
  /** Only when the site e-mails authors. */
  askEmail: boolean;
  /** The years the select offers, this one first. */
  years: number[];
  /** A refused testimonial answered without JavaScript: its errors and the values typed. */
  refused?: Extract<TestimonialAnswer, { status: "refused" }>;
}) {
  const fetcher = useFetcher<{ testimonial: TestimonialAnswer }>({ key: `temoignage-${slug}` });
  const hydrated = useHydrated();
  const answer = fetcher.state === "idle" ? fetcher.data?.testimonial : undefined;
  if (answer?.status === "sent")
    return <TestimonialThanks eraseLink={answer.eraseLink} addressNote={answer.addressNote} />;
  const shown = answer?.status === "refused" ? answer : refused;
  const errors = shown?.errors ?? {};
  const values = shown?.values ?? {};
  const invalid = (name: string) => errorProps({ name, error: errors[name] });
  const fieldState = (name: string) => ({ value: values[name], error: errors[name] });
  const id = fieldId;
  // A new key for each answer: the fields then show the values the server sent back.
  const formKey = shown ? JSON.stringify(values) : "vide";

  return (
    <fetcher.Form
      key={formKey}
      method="post"
      action={`/offres/${slug}/temoignage`}
      preventScrollReset
      className="relative space-y-4"
    >
      {hydrated ? <input type="hidden" name={TESTIMONIAL_FETCHER_FIELD} value="1" /> : null}
      <input type="hidden" name="debut" value={startedToken} />
      <Honeypot formId="temoignage" />
      {shown?.formError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900">
          {shown.formError}
        </p>
      ) : null}
      <div className="space-y-1">
        <label htmlFor={id("text")} className={labelClass}>
          Votre expérience avec {brand}
        </label>
        <textarea
          id={id("text")}
          name="text"
          rows={5}
          required
          minLength={TESTIMONIAL_TEXT_MIN}
          maxLength={TESTIMONIAL_TEXT_MAX}
          defaultValue={values.text}
          className={controlClass}
          {...invalid("text")}
        />
        <p className="text-xs text-slate-600">
          De {TESTIMONIAL_TEXT_MIN} à {TESTIMONIAL_TEXT_MAX} caractères. Pas de nom, d'adresse ni de numéro : ni les
          vôtres, ni ceux d'autrui.
        </p>
        <FieldError id={id("text-erreur")} error={errors.text} />
      </div>
      <TextField
        name="name"
        label="Prénom ou pseudonyme (facultatif)"
        maxLength={AUTHOR_NAME_MAX}
        autoComplete="given-name"
        hint="Sans prénom, votre témoignage est signé « Anonyme »."
        {...fieldState("name")}
      />
      <fieldset className="space-y-1">
        <legend className={labelClass}>Quand avez-vous utilisé l'offre ?</legend>
        <div className="grid grid-cols-2 gap-3">
          <ChoiceField
            name="month"
            label="Mois"
            options={MONTH_NAMES.map((month, index) => [String(index + 1).padStart(2, "0"), month])}
            {...fieldState("month")}
          />
          <ChoiceField
            name="year"
            label="Année"
            options={years.map((year) => [String(year), String(year)])}
            {...fieldState("year")}
          />
        </div>
        <FieldError id={id("month-erreur")} error={errors.month} />
        <FieldError id={id("year-erreur")} error={errors.year} />
      </fieldset>
      {askEmail ? (
        <TextField
          name="email"
          label="E-mail (facultatif)"
          type="email"
          maxLength={EMAIL_MAX}
          autoComplete="email"
          hint="Seulement pour vous dire si votre témoignage est publié, une fois l'adresse confirmée par l'e-mail que vous recevrez ; jamais affiché, effacé après la décision."
          {...fieldState("email")}
        />
      ) : null}
      <div className="space-y-1">
        <div className="flex items-start gap-2">
          <input
            id={id("consent")}
            name="consent"
            type="checkbox"
            value="oui"
            required
            defaultChecked={values.consent === "oui"}
            className="mt-1 h-5 w-5"
            {...invalid("consent")}
          />
          <label htmlFor={id("consent")} className="text-sm text-slate-800">
            J'accepte que mon témoignage soit publié sur ce site avec mon prénom ou pseudonyme et le mois indiqué.
          </label>
        </div>
        <FieldError id={id("consent-erreur")} error={errors.consent} />
      </div>
      <p className="text-xs text-slate-600">
        Chaque témoignage est lu avant publication.{" "}
        <Link to={`${HOW_VOTES_WORK.path}#temoignages`} className="font-medium text-indigo-800 underline">
          Comment sont recueillis les témoignages
        </Link>
      </p>
      <button type="submit" className={buttonClass} disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Envoi en cours..." : "Envoyer mon témoignage"}
      </button>
    </fetcher.Form>
  );
}

/** The testimonials' section of a brand page: the published ones, paged, then the form when the offer takes them. */
export function TestimonialsSection({ children, title }: { children: ReactNode; title: string }) {
  return (
    <section
      id={TESTIMONIALS_ANCHOR}
      aria-labelledby="testimonials-title"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="testimonials-title" className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
