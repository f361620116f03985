import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { PrivateLinkPage } from "~/components/private-link-page";
import { siteInfo } from "~/seo";
import { getBackend } from "~/services/backend/index.server";
import { linkToken, pressLinkButton } from "~/services/pages/testimonials.server";

/**
 * `/temoignages/effacer/{lien}`: the author's private erasure link. Opening it erases nothing (a mail scanner may
 * open links); the button does, at once and for good. The link is in the address: the site's Referrer-Policy
 * (strict-origin-when-cross-origin) keeps it from others.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  linkToken(params);
  return null;
}

export const action = (args: ActionFunctionArgs) =>
  pressLinkButton(args, "Effacement du témoignage", async (hash) =>
    (await (await getBackend()).eraseTestimonial(hash)) ? "erased" : "unknown",
  );

export const meta: MetaFunction = ({ matches }) => [
  { title: `Effacer votre témoignage - ${siteInfo(matches).siteName}` },
  { name: "robots", content: "noindex, nofollow" },
];

const OUTCOMES = {
  erased: "Votre témoignage est effacé. Il n'apparaît plus sur le site et n'est plus conservé.",
  unknown: "Ce lien ne correspond à aucun témoignage : il a peut-être déjà été effacé.",
  failed: "L'effacement n'a pas pu être fait. Veuillez réessayer dans quelques minutes.",
};

export default function EraseTestimonialPage() {
  const answer = useActionData<typeof action>();
  return (
    <PrivateLinkPage
      heading="Effacer votre témoignage"
      explanation="Ce lien personnel efface votre témoignage, qu'il soit publié ou en attente de modération. L'effacement est définitif."
      button="Effacer définitivement mon témoignage"
      buttonClass="bg-red-700 hover:bg-red-800 focus-visible:ring-red-600"
      outcome={answer ? { text: OUTCOMES[answer.outcome], failed: answer.outcome === "failed" } : undefined}
    />
  );
}
