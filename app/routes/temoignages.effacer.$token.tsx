import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { siteInfo } from "~/seo";
import { getBackend } from "~/services/backend/index.server";
import { linkToken, pressLinkButton } from "~/services/testimonials.server";

/**
 * `/temoignages/effacer/{lien}`: the author's private erasure link. Opening it erases nothing (a mail scanner may
 * open links); the button does, at once and for good. The link is in the address: the site's Referrer-Policy
 * (strict-origin-when-cross-origin) keeps it from others.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  linkToken(params);
  return null;
}

export function action({ request, params }: ActionFunctionArgs) {
  return pressLinkButton(
    request,
    params,
    async (hash) => ((await (await getBackend()).eraseTestimonial(hash)) ? "erased" : "unknown"),
    "Effacement du témoignage",
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: `Effacer votre témoignage - ${siteInfo(matches).siteName}` },
  { name: "robots", content: "noindex, nofollow" },
];

const OUTCOMES = {
  erased: "Votre témoignage est effacé. Il n'apparaît plus sur le site et n'est plus conservé.",
  unknown: "Ce lien ne correspond à aucun témoignage : il a peut-être déjà été effacé.",
  failed: "L'effacement n'a pas pu être fait. Veuillez réessayer dans quelques minutes.",
};

export default function EraseTestimonialPage() {
  const answer = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-extrabold text-slate-900">Effacer votre témoignage</h1>
      {answer ? (
        <p role={answer.outcome === "failed" ? "alert" : "status"} className="text-slate-800">
          {OUTCOMES[answer.outcome]}
        </p>
      ) : null}
      {answer?.outcome === "erased" || answer?.outcome === "unknown" ? (
        <p>
          <a href="/" className="font-medium text-indigo-800 underline">
            Retour à l'accueil
          </a>
        </p>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-slate-800">
            Ce lien personnel efface votre témoignage, qu'il soit publié ou en attente de modération. L'effacement est
            définitif.
          </p>
          <button
            type="submit"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2"
          >
            Effacer définitivement mon témoignage
          </button>
        </Form>
      )}
    </div>
  );
}
