import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
} from "@conform-to/react";
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
import {
  TESTIMONIAL_FETCHER_FIELD,
  TESTIMONIAL_THANKS,
  type AddressNote,
  type ReportAnswer,
  type TestimonialAnswer,
} from "~/forms/testimonial-form";
import { controlClass, ErrorSummary, FieldShell, FormErrors, Honeypot } from "./forms";
import { useHydrated } from "./hydrated";
import { TestimonialQuote } from "./testimonial-quote";
import { ReasonOptions } from "./testimonial-reasons";
import type { TestimonialView } from "~/catalogue/testimonials";

const labelClass = "block text-sm font-semibold text-slate-800";
const errorClass = "text-sm font-medium text-red-800";
const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2";

/** "Signaler ce témoignage": a notice any visitor may send, behind a disclosure that works without JavaScript. */
function ReportForm({ slug, id }: { slug: string; id: number }) {
  const fetcher = useFetcher<{ report: ReportAnswer }>({ key: `signalement-${id}` });
  const hydrated = useHydrated();
  const answer = fetcher.state === "idle" ? fetcher.data?.report : undefined;
  const [form, fields] = useForm<{ reason: string; details: string }>({
    id: `signalement-${id}`,
    lastResult: answer && !answer.ok ? answer.result : undefined,
    constraint: { reason: { required: true }, details: { maxLength: REPORT_DETAILS_MAX } },
    defaultNoValidate: false,
  });
  if (answer?.ok) {
    return (
      <p role="status" className="text-sm text-slate-700">
        Merci : votre signalement est transmis au responsable du site, qui l'examinera.
      </p>
    );
  }
  return (
    <details className="text-sm">
      <summary className="min-h-11 cursor-pointer py-2 font-medium text-indigo-800 underline">
        Signaler ce témoignage
      </summary>
      <fetcher.Form
        method="post"
        action={`/offres/${slug}/temoignage`}
        {...getFormProps(form)}
        className="mt-2 space-y-3"
      >
        {hydrated ? <input type="hidden" name={TESTIMONIAL_FETCHER_FIELD} value="1" /> : null}
        <input type="hidden" name="intent" value="signaler" />
        <input type="hidden" name="temoignage" value={id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <FieldShell field={fields.reason} label="Raison">
          {/* On the prompt until a reason is chosen: a browser would otherwise select the first enabled option. */}
          <select
            {...getSelectProps(fields.reason)}
            defaultValue={fields.reason.initialValue ?? ""}
            className={controlClass}
          >
            <ReasonOptions />
          </select>
        </FieldShell>
        <FieldShell field={fields.details} label="Explication (facultatif)">
          <textarea {...getTextareaProps(fields.details)} rows={3} className={controlClass} />
        </FieldShell>
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
    "Un e-mail vous demande de confirmer votre adresse : ouvrez-le et cliquez sur le bouton de la page pour apprendre " +
    "si votre témoignage est publié. Sans confirmation, rien d'autre ne vous est envoyé.",
  "already-asked":
    "Cette adresse a déjà reçu aujourd'hui une demande de confirmation : elle n'est pas gardée avec ce témoignage, " +
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
          Gardez ce lien personnel : il permet d'effacer votre témoignage à tout moment, et il ne sera plus affiché.{" "}
          <a href={eraseLink} className="break-all font-medium underline">
            Effacer mon témoignage
          </a>
        </p>
      ) : null}
      {addressNote ? <p className="text-sm">{ADDRESS_NOTE_TEXTS[addressNote]}</p> : null}
    </div>
  );
}

/** The form's rules the browser checks by itself, before any script runs: Conform writes them on the fields. */
const CONSTRAINT = {
  text: { required: true, minLength: TESTIMONIAL_TEXT_MIN, maxLength: TESTIMONIAL_TEXT_MAX },
  name: { maxLength: AUTHOR_NAME_MAX },
  month: { required: true },
  year: { required: true },
  email: { maxLength: EMAIL_MAX },
  consent: { required: true },
};

/** A required select of `options` ([value, label]), starting on "Choisir". */
function ChoiceField({
  field,
  label,
  options,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  options: [string, string][];
}) {
  return (
    <div>
      <label htmlFor={field.id} className="text-sm text-slate-800">
        {label}
      </label>
      <select {...getSelectProps(field)} className={controlClass}>
        <option value="">Choisir</option>
        {options.map(([value, optionLabel]) => (
          <option key={value} value={value}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}

function FieldErrors({ field }: { field: FieldMetadata<string | undefined> }) {
  return field.errors?.length ? (
    <p id={field.errorId} className={errorClass}>
      {field.errors.join(" ")}
    </p>
  ) : null;
}

/** How the error summary names the testimonial form's fields. */
const TESTIMONIAL_LABELS = {
  text: "Votre témoignage",
  name: "Prénom ou pseudonyme",
  month: "Mois",
  year: "Année",
  email: "E-mail",
};

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
  const shown = answer?.status === "refused" ? answer : refused;
  const [form, fields] = useForm<Record<keyof typeof CONSTRAINT, string>>({
    id: "temoignage",
    lastResult: shown?.result,
    constraint: CONSTRAINT,
    defaultNoValidate: false,
  });
  if (answer?.status === "sent")
    return <TestimonialThanks eraseLink={answer.eraseLink} addressNote={answer.addressNote} />;

  return (
    <fetcher.Form
      method="post"
      action={`/offres/${slug}/temoignage`}
      preventScrollReset
      data-hydrated={hydrated ? "" : undefined}
      {...getFormProps(form)}
      className="relative space-y-4"
    >
      {hydrated ? <input type="hidden" name={TESTIMONIAL_FETCHER_FIELD} value="1" /> : null}
      <input type="hidden" name="intent" value="temoigner" />
      <input type="hidden" name="debut" value={startedToken} />
      <Honeypot formId={form.id} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <ErrorSummary formId={form.id} errors={form.allErrors} labels={TESTIMONIAL_LABELS} />
      <FieldShell
        field={fields.text}
        label={`Votre expérience avec ${brand}`}
        hint={`De ${TESTIMONIAL_TEXT_MIN} à ${TESTIMONIAL_TEXT_MAX} caractères. Pas de nom, d'adresse ni de numéro : ni les vôtres, ni ceux d'autrui.`}
      >
        <textarea {...getTextareaProps(fields.text)} rows={5} className={controlClass} />
      </FieldShell>
      <FieldShell
        field={fields.name}
        label="Prénom ou pseudonyme (facultatif)"
        hint="Sans prénom, votre témoignage est signé « Anonyme »."
      >
        <input {...getInputProps(fields.name, { type: "text" })} autoComplete="given-name" className={controlClass} />
      </FieldShell>
      <fieldset className="space-y-1">
        <legend className={labelClass}>Quand avez-vous utilisé l'offre ?</legend>
        <div className="grid grid-cols-2 gap-3">
          <ChoiceField
            field={fields.month}
            label="Mois"
            options={MONTH_NAMES.map((month, index) => [String(index + 1).padStart(2, "0"), month])}
          />
          <ChoiceField field={fields.year} label="Année" options={years.map((year) => [String(year), String(year)])} />
        </div>
        <FieldErrors field={fields.month} />
        <FieldErrors field={fields.year} />
      </fieldset>
      {askEmail ? (
        <FieldShell
          field={fields.email}
          label="E-mail (facultatif)"
          hint="Seulement pour vous dire si votre témoignage est publié, une fois l'adresse confirmée par l'e-mail que vous recevrez ; jamais affiché, effacé après la décision."
        >
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={controlClass} />
        </FieldShell>
      ) : null}
      <div className="space-y-1">
        <div className="flex items-start gap-2">
          <input {...getInputProps(fields.consent, { type: "checkbox", value: "oui" })} className="mt-1 h-5 w-5" />
          <label htmlFor={fields.consent.id} className="text-sm text-slate-800">
            J'accepte que mon témoignage soit publié sur ce site avec mon prénom ou pseudonyme et le mois indiqué.
          </label>
        </div>
        <FieldErrors field={fields.consent} />
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
