import { type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { PrivateLinkPage } from "~/components/private-link-page";
import { siteInfo } from "~/seo";
import { alertLinkLoader, alertStore } from "~/services/alerts/visitor-alerts.server";
import { pressLinkButton } from "~/services/pages/testimonials.server";

/**
 * `/alertes/desabonner/{lien}`: the link every alert e-mail shows, and the address of its List-Unsubscribe header.
 * Opened, it shows a button and nothing else; a POST, from the page's button or from a mailbox's one-click
 * unsubscribe (RFC 8058, from any origin), erases the address and all it follows.
 */
export const loader = alertLinkLoader;

export const action = (args: ActionFunctionArgs) =>
  pressLinkButton(args, "Désabonnement des alertes", async (hash) => {
    const store = await alertStore();
    return store && (await store.change(hash, "unsubscribe")) ? "unsubscribed" : "unknown";
  });

export const meta: MetaFunction = ({ matches }) => [
  { title: `Se désabonner - ${siteInfo(matches).siteName}` },
  { name: "robots", content: "noindex, nofollow" },
];

const OUTCOMES = {
  unsubscribed: "Vous êtes désabonné : votre adresse est effacée, et vous ne recevrez plus aucun e-mail d'alerte.",
  unknown: "Ce lien ne correspond à aucune adresse abonnée : elle est sans doute déjà désabonnée et effacée.",
  failed: "Le désabonnement n'a pas pu être fait. Veuillez réessayer dans quelques minutes.",
};

export default function UnsubscribePage() {
  const answer = useActionData<typeof action>();
  return (
    <PrivateLinkPage
      heading="Se désabonner des alertes"
      explanation="Ce bouton arrête toutes vos alertes et efface votre adresse."
      button="Me désabonner"
      buttonClass="bg-red-700 hover:bg-red-800 focus-visible:ring-red-600"
      outcome={answer ? { text: OUTCOMES[answer.outcome], failed: answer.outcome === "failed" } : undefined}
    />
  );
}
