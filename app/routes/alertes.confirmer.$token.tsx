import { type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { RETENTIONS } from "~/catalogue/retentions";
import { PrivateLinkPage } from "~/components/private-link-page";
import { siteInfo } from "~/seo";
import { alertLinkLoader, alertStore } from "~/services/alerts/visitor-alerts.server";
import { pressLinkButton } from "~/services/pages/testimonials.server";

/**
 * `/alertes/confirmer/{lien}`: the link of the one e-mail an alert request sends. Opening it confirms nothing (mail
 * scanners open links); the button starts the alert.
 */
export const loader = alertLinkLoader;

export const action = (args: ActionFunctionArgs) =>
  pressLinkButton(args, "Confirmation d'une alerte", async (hash) => {
    const store = await alertStore();
    return store && (await store.confirm(hash)) ? "confirmed" : "unknown";
  });

export const meta: MetaFunction = ({ matches }) => [
  { title: `Confirmer votre alerte - ${siteInfo(matches).siteName}` },
  { name: "robots", content: "noindex, nofollow" },
];

const OUTCOMES = {
  confirmed:
    "Votre alerte est confirmée : vous recevrez un e-mail quand une offre que vous suivez est ajoutée ou améliorée, " +
    "puis un résumé par jour au plus. Chaque e-mail permet de se désabonner en un clic.",
  unknown:
    "Ce lien ne correspond à aucune demande en attente : elle est peut-être déjà confirmée, a été remplacée par une " +
    "demande plus récente (seul le lien du dernier e-mail reçu fonctionne), ou a été effacée après " +
    `${RETENTIONS.unconfirmedAlertHours} heures.`,
  failed: "La confirmation n'a pas pu être faite. Veuillez réessayer dans quelques minutes.",
};

export default function ConfirmAlertPage() {
  const answer = useActionData<typeof action>();
  return (
    <PrivateLinkPage
      heading="Confirmer votre alerte"
      explanation={`Confirmez pour recevoir par e-mail les offres ajoutées ou améliorées que vous avez demandé à suivre. Si vous n'avez rien demandé, fermez simplement cette page : rien ne vous sera envoyé, et l'adresse sera effacée dans ${RETENTIONS.unconfirmedAlertHours} heures.`}
      button="Confirmer"
      buttonClass="bg-indigo-700 hover:bg-indigo-800 focus-visible:ring-indigo-600"
      outcome={answer ? { text: OUTCOMES[answer.outcome], failed: answer.outcome === "failed" } : undefined}
    />
  );
}
