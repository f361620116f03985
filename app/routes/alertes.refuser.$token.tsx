import { type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { PrivateLinkPage } from "~/components/private-link-page";
import { siteInfo } from "~/seo";
import { alertLinkLoader, alertStore } from "~/services/alerts/visitor-alerts.server";
import { pressLinkButton } from "~/services/pages/testimonials.server";

/**
 * `/alertes/refuser/{lien}`: the List-Unsubscribe address of a confirmation e-mail. Opened, it shows a button and
 * nothing else; a POST, from the button or from a mailbox's one-click unsubscribe (RFC 8058, from any origin),
 * erases the request, and the address when it follows nothing else.
 */
export const loader = alertLinkLoader;

export const action = (args: ActionFunctionArgs) =>
  pressLinkButton(args, "Refus d'une alerte", async (hash) => {
    const store = await alertStore();
    return store && (await store.refuse(hash)) ? "refused" : "unknown";
  });

export const meta: MetaFunction = ({ matches }) => [
  { title: `Refuser une alerte - ${siteInfo(matches).siteName}` },
  { name: "robots", content: "noindex, nofollow" },
];

const OUTCOMES = {
  refused: "La demande est effacée : aucun e-mail d'alerte ne sera envoyé à cette adresse.",
  unknown: "Ce lien ne correspond à aucune demande en attente : elle est sans doute déjà confirmée ou effacée.",
  failed: "La demande n'a pas pu être effacée. Veuillez réessayer dans quelques minutes.",
};

export default function RefuseAlertPage() {
  const answer = useActionData<typeof action>();
  return (
    <PrivateLinkPage
      heading="Refuser une alerte"
      explanation="Quelqu'un a demandé des alertes pour cette adresse. Ce bouton efface la demande sans la confirmer."
      button="Effacer la demande"
      buttonClass="bg-red-700 hover:bg-red-800 focus-visible:ring-red-600"
      outcome={answer ? { text: OUTCOMES[answer.outcome], failed: answer.outcome === "failed" } : undefined}
    />
  );
}
