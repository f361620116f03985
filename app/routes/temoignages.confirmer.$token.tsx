import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { PrivateLinkPage } from "~/components/private-link-page";
import { siteInfo } from "~/seo";
import { getBackend } from "~/services/backend/index.server";
import { linkToken, pressLinkButton } from "~/services/pages/testimonials.server";

/**
 * `/temoignages/confirmer/{lien}`: the link of the one e-mail an author's address gets. Opening it confirms nothing
 * (a mail scanner may open links); the button does, and the address will then hear the owner's decision.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  linkToken(params);
  return null;
}

export const action = (args: ActionFunctionArgs) =>
  pressLinkButton(args, "Confirmation de l'adresse", async (hash) =>
    (await (await getBackend()).confirmTestimonialEmail(hash)) ? "confirmed" : "unknown",
  );

export const meta: MetaFunction = ({ matches }) => [
  { title: `Confirmer votre adresse - ${siteInfo(matches).siteName}` },
  { name: "robots", content: "noindex, nofollow" },
];

const OUTCOMES = {
  confirmed:
    "Votre adresse est confirmée : vous recevrez un e-mail quand le responsable du site aura décidé de publier ou " +
    "non votre témoignage. Elle sera ensuite effacée.",
  unknown:
    "Ce lien ne correspond à aucune adresse en attente : elle est peut-être déjà confirmée, ou le témoignage a déjà " +
    "été modéré ou effacé.",
  failed: "La confirmation n'a pas pu être faite. Veuillez réessayer dans quelques minutes.",
};

export default function ConfirmAddressPage() {
  const answer = useActionData<typeof action>();
  return (
    <PrivateLinkPage
      heading="Confirmer votre adresse"
      explanation="Confirmez cette adresse pour apprendre si votre témoignage est publié. Si vous n'avez écrit aucun témoignage, fermez simplement cette page : rien ne vous sera envoyé."
      button="Confirmer mon adresse"
      buttonClass="bg-indigo-700 hover:bg-indigo-800 focus-visible:ring-indigo-600"
      outcome={answer ? { text: OUTCOMES[answer.outcome], failed: answer.outcome === "failed" } : undefined}
    />
  );
}
