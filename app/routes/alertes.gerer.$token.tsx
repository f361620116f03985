import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { parseTopic, topicLabel } from "~/catalogue/alert-topics";
import { RETENTIONS } from "~/catalogue/retentions";
import { siteInfo } from "~/seo";
import { alertPaths, alertStore } from "~/services/alerts/visitor-alerts.server";
import { readForm } from "~/services/form-request.server";
import { log } from "~/services/log.server";
import { offerForSlug } from "~/services/pages/offers.server";
import { linkToken, linkTokenHash } from "~/services/pages/testimonials.server";

/**
 * `/alertes/gerer/{lien}`: reached from every alert e-mail. Lists what the address follows, each with a button that
 * stops it; one button stops everything and erases the address; and, once the renewal was asked, one confirms it again.
 * Opening it changes nothing.
 */

async function labelOf(topic: string): Promise<string> {
  const parsed = parseTopic(topic);
  if (!parsed) return topic;
  return topicLabel(parsed, parsed.kind === "marque" ? (await offerForSlug(parsed.slug))?.brand : undefined);
}

export async function loader({ params }: LoaderFunctionArgs) {
  const token = linkToken(params);
  const store = await alertStore();
  if (!store) throw new Response("Lien introuvable", { status: 404 });
  const subscription = await store.subscription(linkTokenHash(token));
  if (!subscription) return data({ known: false as const, unsubscribePath: "" }, { status: 404 });
  const follows = await Promise.all(
    subscription.follows.map(async (follow) => ({ ...follow, label: await labelOf(follow.topic) })),
  );
  return {
    known: true as const,
    follows,
    renewalAsked: subscription.renewalAskedAt !== null,
    unsubscribePath: alertPaths.unsubscribe(token),
  };
}

const OUTCOMES = {
  stopped: "C'est fait : vous ne recevrez plus d'e-mail pour cette alerte.",
  renewed: `Merci : vos alertes continuent, pour ${RETENTIONS.alertConsentYears} ans à compter d'aujourd'hui.`,
  unknown: "Ce lien ne correspond à aucune adresse abonnée.",
  failed: "La modification n'a pas pu être faite. Veuillez réessayer dans quelques minutes.",
};

export async function action({ request, params }: ActionFunctionArgs) {
  const token = linkToken(params);
  const store = await alertStore();
  if (!store) throw new Response("Lien introuvable", { status: 404 });
  const form = await readForm(request);
  const intent = form.get("intent");
  const topic = form.get("sujet");
  if ((intent !== "arreter" && intent !== "renouveler") || (intent === "arreter" && !parseTopic(topic))) {
    return data({ outcome: "failed" as const }, { status: 400 });
  }
  try {
    const found = await store.change(
      linkTokenHash(token),
      intent === "arreter" ? "stop" : "renew",
      typeof topic === "string" ? topic : undefined,
    );
    return {
      outcome: found ? (intent === "arreter" ? ("stopped" as const) : ("renewed" as const)) : ("unknown" as const),
    };
  } catch (error) {
    log.error("Modification des alertes impossible :", error);
    return data({ outcome: "failed" as const }, { status: 502 });
  }
}

export const meta: MetaFunction = ({ matches }) => [
  { title: `Vos alertes - ${siteInfo(matches).siteName}` },
  { name: "robots", content: "noindex, nofollow" },
];

const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2";

export default function ManageAlertsPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-extrabold text-slate-900">Vos alertes</h1>
      {answer ? (
        <p role={answer.outcome === "failed" ? "alert" : "status"} className="text-slate-800">
          {OUTCOMES[answer.outcome]}
        </p>
      ) : null}
      {!page.known ? (
        <p className="text-slate-800">{OUTCOMES.unknown} Elle est sans doute déjà désabonnée et effacée.</p>
      ) : (
        <>
          {page.renewalAsked ? (
            <Form method="post" className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-4">
              <p className="text-slate-800">
                Sans nouvelle confirmation, votre adresse sera bientôt effacée ({RETENTIONS.alertConsentYears} ans après
                votre dernière confirmation).
              </p>
              <input type="hidden" name="intent" value="renouveler" />
              <button
                type="submit"
                className={`${buttonClass} bg-indigo-700 text-white hover:bg-indigo-800 focus-visible:ring-indigo-600`}
              >
                Continuer à recevoir les alertes
              </button>
            </Form>
          ) : null}
          {page.follows.length > 0 ? (
            <ul className="space-y-3">
              {page.follows.map((follow) => (
                <li
                  key={follow.topic}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4"
                >
                  <span className="text-slate-900">
                    {follow.label}
                    {follow.confirmed ? null : (
                      <span className="text-sm text-slate-600"> (en attente de confirmation)</span>
                    )}
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="arreter" />
                    <input type="hidden" name="sujet" value={follow.topic} />
                    <button
                      type="submit"
                      className={`${buttonClass} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 focus-visible:ring-indigo-600`}
                    >
                      Ne plus suivre<span className="sr-only"> {follow.label}</span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : null}
          <p>
            <a href={page.unsubscribePath} className="font-medium text-red-800 underline">
              Tout arrêter et effacer mon adresse
            </a>
          </p>
        </>
      )}
    </div>
  );
}
