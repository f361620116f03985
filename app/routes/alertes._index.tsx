import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  alertFormView,
  isBettingTopic,
  parseTopic,
  REQUEST_ANSWER,
  topicKey,
  topicLabel,
  type AlertTopic,
} from "~/catalogue/alert-topics";
import { BRAND_CATEGORIES } from "~/catalogue/categories";
import { AlertChooser, type AlertChoices } from "~/components/alert-chooser";
import { AlertForm } from "~/components/alert-form";
import { ALERT_FIELDS, ALERT_MESSAGES, checkAlertForm } from "~/forms/alert-form";
import { HONEYPOT_FIELD } from "~/forms/message-form";
import { pageMeta, siteInfo } from "~/seo";
import { alertStore, requestAlert } from "~/services/alerts/visitor-alerts.server";
import { readForm } from "~/services/form-request.server";
import { log } from "~/services/log.server";
import { loadOffers, offerForSlug } from "~/services/pages/offers.server";
import { networkKey, providerKey } from "~/services/visitor.server";

/**
 * `/alertes`: where the "Me prévenir" forms of the brand pages and category listings post. Alone, it lets a visitor
 * choose what to follow (or says that the site sends no alerts). `?sujet=` shows the form
 * alone (a refused request is shown on it again, with the address typed). Whatever became of a valid request, the
 * answer is the same: a redirection to `?sujet=…&demande=envoyee`, whose page never tells whether an address was
 * already known, and which a refresh shows again without asking again. 404 when the site sends no alerts.
 */

/** The query that marks the page shown once a request was taken. */
const SENT = { name: "demande", value: "envoyee" } as const;

/** Where a taken request is answered (303: the browser asks for it with GET). */
const sentAnswer = (topic: AlertTopic) =>
  redirect(`/alertes?${new URLSearchParams({ [ALERT_FIELDS.topic]: topicKey(topic), [SENT.name]: SENT.value })}`, 303);

/** The topic of `value` with its label and whether it is about betting, or null when no offer or category has it. */
async function resolveTopic(value: unknown) {
  const topic: AlertTopic | null = parseTopic(value);
  if (!topic) return null;
  if (topic.kind === "categorie") {
    if (!BRAND_CATEGORIES.some(({ id }) => id === topic.category)) return null;
    return {
      topic,
      label: topicLabel(topic, undefined),
      betting: isBettingTopic(topic, undefined),
    };
  }
  const offer = await offerForSlug(topic.slug);
  if (!offer) return null;
  return {
    topic,
    label: topicLabel(topic, offer.brand),
    betting: isBettingTopic(topic, offer),
  };
}

/** The page whose form asked, kept as the proof of consent. */
const formPath = (topic: AlertTopic) =>
  topic.kind === "marque" ? `/offres/${topic.slug}` : `/codes?cat=${topic.category}`;

/** What `/alertes` alone offers to follow: each category and each brand, or nothing when the site sends no alerts. */
async function alertChoices(): Promise<AlertChoices | null> {
  if (!(await alertStore())) return null;
  const { offers } = await loadOffers();
  return {
    categories: BRAND_CATEGORIES.map(({ id, label }) => ({
      key: topicKey({ kind: "categorie", category: id }),
      label,
    })),
    brands: offers
      .map(({ slug, brand }) => ({ key: topicKey({ kind: "marque", slug }), label: brand }))
      .sort((a, b) => a.label.localeCompare(b.label, "fr")),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (!params.has(ALERT_FIELDS.topic)) return { choices: await alertChoices() };
  if (!(await alertStore())) throw new Response("Page introuvable", { status: 404 });
  const resolved = await resolveTopic(params.get(ALERT_FIELDS.topic));
  if (!resolved) throw new Response("Alerte introuvable", { status: 404 });
  return {
    view: alertFormView(resolved.topic, resolved.label, resolved.betting),
    sent: params.get(SENT.name) === SENT.value,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const store = await alertStore();
  if (!store) throw new Response("Page introuvable", { status: 404 });
  const form = Object.fromEntries(await readForm(request));
  const resolved = await resolveTopic(form[ALERT_FIELDS.topic]);
  if (!resolved) return data({ topicUnknown: true as const }, { status: 400 });
  const topic = { view: alertFormView(resolved.topic, resolved.label, resolved.betting) };
  // A script that filled the bot trap gets the answer a person gets, and nothing is stored.
  if (form[HONEYPOT_FIELD]) return sentAnswer(resolved.topic);
  const checked = checkAlertForm(form, resolved.betting);
  // A valid request the site could not take: the form again, as it was sent, with the reason above it.
  const refusedWith = (email: string, reason: string) => ({
    email,
    consent: true,
    adult: resolved.betting,
    errors: { form: reason },
  });
  if (!checked.ok) return data({ topic, state: checked.state }, { status: 400 });
  try {
    const outcome = await requestAlert(store, {
      email: checked.email,
      topic: resolved.topic,
      label: resolved.label,
      formPath: formPath(resolved.topic),
      networkKey: networkKey(request),
      shareKey: providerKey(request),
    });
    if (outcome === "rate_limited") {
      const state = refusedWith(checked.email, ALERT_MESSAGES.rateLimited);
      return data({ topic, state }, { status: 429, headers: { "Retry-After": "3600" } });
    }
  } catch (error) {
    log.error("Demande d'alerte non enregistrée :", error);
    const state = refusedWith(checked.email, ALERT_MESSAGES.failed);
    return data({ topic, state }, { status: 502 });
  }
  return sentAnswer(resolved.topic);
}

/**
 * `/alertes` alone, where alerts are offered, is a page of its own to find: what can be followed. Its forms (a topic
 * in the address) and a site without alerts stay out of search engines.
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const site = siteInfo(matches);
  const isChooser = Boolean(data && "choices" in data && data.choices);
  return pageMeta(site, {
    title: `Me prévenir des nouvelles offres - ${site.siteName}`,
    description:
      "Recevez un e-mail quand une offre de parrainage est ajoutée ou améliorée : choisissez une catégorie ou une marque à suivre, sans compte, un résumé par jour au plus.",
    path: "/alertes",
    noindex: !isChooser,
  });
};

export default function AlertPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (answer && "topicUnknown" in answer) {
    return (
      <div className="mx-auto max-w-xl space-y-4">
        <h1 className="text-2xl font-extrabold text-slate-900">Alerte introuvable</h1>
        <p role="alert">{ALERT_MESSAGES.topicUnknown}</p>
      </div>
    );
  }
  const view = answer?.topic.view ?? ("view" in page ? page.view : undefined);
  if (!view) return <AlertChooser choices={"choices" in page ? (page.choices ?? null) : null} />;
  if (!answer && "sent" in page && page.sent) {
    return (
      <div className="mx-auto max-w-xl space-y-4">
        <h1 className="text-2xl font-extrabold text-slate-900">Vérifiez votre boîte e-mail</h1>
        <p role="status" className="text-slate-800">
          {REQUEST_ANSWER}
        </p>
        <p>
          <a href="/" className="font-medium text-indigo-800 underline">
            Retour à l'accueil
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-extrabold text-slate-900">Me prévenir des nouvelles offres</h1>
      <div className="rounded-2xl border border-slate-200 bg-white p-6">
        <AlertForm view={view} state={answer?.state} />
      </div>
    </div>
  );
}
