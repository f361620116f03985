import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { siteInfo } from "~/seo";
import { getBackend } from "~/services/backend/index.server";
import { linkToken, pressLinkButton } from "~/services/testimonials.server";

/**
 * `/temoignages/confirmer/{lien}`: the link of the one e-mail an author's address gets. Opening it confirms nothing
 * (a mail scanner may open links); the button does, and the address will then hear the owner's decision.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  linkToken(params);
  return null;
}

export function action({ request, params }: ActionFunctionArgs) {
  return pressLinkButton(
    request,
    params,
    async (hash) => ((await (await getBackend()).confirmTestimonialEmail(hash)) ? "confirmed" : "unknown"),
    "Confirmation de l'adresse",
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: `Confirmer votre adresse - ${siteInfo(matches).siteName}` },
  { name: "robots", content: "noindex, nofollow" },
];

const OUTCOMES = {
  confirmed:
    "Votre adresse est confirmée : vous recevrez un e-mail quand le responsable du site aura décidé de publier ou " +
    "non votre témoignage. Elle sera ensuite effacée.",
  unknown:
    "Ce lien ne correspond à aucune adresse en attente : elle est peut-être déjà confirmée, ou le témoignage a déjà " +
    "été modéré ou effacé.",
  failed: "La confirmation n'a pas pu être faite. Veuillez réessayer dans quelques minutes.",
};

export default function ConfirmAddressPage() {
  const answer = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-extrabold text-slate-900">Confirmer votre adresse</h1>
      {answer ? (
        <p role={answer.outcome === "failed" ? "alert" : "status"} className="text-slate-800">
          {OUTCOMES[answer.outcome]}
        </p>
      ) : null}
      {answer?.outcome === "confirmed" || answer?.outcome === "unknown" ? (
        <p>
          <a href="/" className="font-medium text-indigo-800 underline">
            Retour à l'accueil
          </a>
        </p>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-slate-800">
            Confirmez cette adresse pour apprendre si votre témoignage est publié. Si vous n'avez écrit aucun
            témoignage, fermez simplement cette page : rien ne vous sera envoyé.
          </p>
          <button
            type="submit"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2"
          >
            Confirmer mon adresse
          </button>
        </Form>
      )}
    </div>
  );
}
