import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { todayInFrance, isExpired } from "~/catalogue/dates";
import { NotFound } from "~/components/not-found";
import { countFor } from "~/services/audience.server";
import { offerForSlug } from "~/services/pages/offers.server";

const NOT_INDEXED = { "X-Robots-Tag": "noindex" };

/**
 * `/offres/{slug}/lien`: the follow of an offer's referral link, counted, then a 302 to the offer's own link. Only
 * that link: no parameter is read (any query is a 404), the slug is a listed offer's, and an expired or unknown
 * offer gets the 404 page. Never stored, never indexed.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const offer = new URL(request.url).search ? undefined : await offerForSlug(params.slug ?? "");
  const link = offer?.link && URL.canParse(offer.link) ? new URL(offer.link) : undefined;
  const expired = offer ? isExpired(offer, todayInFrance()) : false;
  if (!offer || expired || link?.protocol !== "https:") {
    // A listed offer's page says the rest: since when it expired, or its code.
    const listed = offer ? { slug: offer.slug, brand: offer.brand, expired } : null;
    return data({ listed }, { status: 404, headers: NOT_INDEXED });
  }
  if (request.method === "GET") countFor(request, "follows", offer.slug);
  return new Response(null, { status: 302, headers: { Location: link.href, ...NOT_INDEXED } });
}

export const headers: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("X-Robots-Tag", loaderHeaders.get("X-Robots-Tag") ?? "noindex");
  return headers;
};

export const meta: MetaFunction = () => [
  { title: "Offre introuvable - 404" },
  { name: "robots", content: "noindex, follow" },
];

export default function FollowNotFound() {
  const { listed } = useLoaderData<typeof loader>() as {
    listed: { slug: string; brand: string; expired: boolean } | null;
  };
  if (!listed) {
    const text = "Ce lien de parrainage ne mène à aucune offre proposée ici.";
    return <NotFound title="Offre introuvable" text={text} back={{ to: "/offres", label: "Voir toutes les offres" }} />;
  }
  const text = listed.expired
    ? `L'offre de parrainage ${listed.brand} a expiré : son lien n'est plus proposé.`
    : `L'offre ${listed.brand} n'a pas de lien de parrainage : sa fiche donne son code.`;
  return (
    <NotFound
      title="Offre introuvable"
      text={text}
      back={{ to: `/offres/${listed.slug}`, label: `Voir la fiche ${listed.brand}` }}
    />
  );
}
