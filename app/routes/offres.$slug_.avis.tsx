import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { FEEDBACK_MESSAGES, feedbackFormSchema } from "@contract/feedback-contract";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { todayInFrance } from "~/catalogue/dates";
import { offerTrust } from "~/catalogue/feedback";
import { takesVotes } from "~/catalogue/offer-rules";
import { BackLink } from "~/components/back-link";
import { FeedbackBlock } from "~/components/feedback-block";
import { OffersUnavailable } from "~/components/offers-unavailable";
import {
  ASK_REASON_PARAMETER,
  FEEDBACK_ANCHOR,
  FETCHER_FIELD,
  refusedVote,
  voteChoiceOf,
  type FeedbackActionData,
} from "~/forms/feedback-form";
import { FEEDBACK_FAILED_TOAST, FEEDBACK_SENT_TOAST } from "~/forms/feedback-toasts.server";
import { siteInfo } from "~/seo";
import { RateLimitedError } from "~/services/backend/errors.server";
import { getBackend } from "~/services/backend/index.server";
import { readForm } from "~/services/form-request.server";
import { formPageHeaders } from "~/services/http/headers.server";
import { log } from "~/services/log.server";
import {
  findBrandOffer,
  offerForSlug,
  toCardView,
  tryLoadCatalogue,
  UNAVAILABLE,
} from "~/services/pages/offers.server";
import { redirectWithSuccess } from "~/services/toast.server";
import { networkKey, visitorKey } from "~/services/visitor.server";

/**
 * `/offres/{slug}/avis`: where the brand page's vote is sent. Opened directly (or answered after a refused vote
 * without JavaScript), it shows the vote alone, with a way back to the offer.
 */
/** Passes the Retry-After of a refused vote (429) on to the page. */
export const headers: HeadersFunction = formPageHeaders;

export async function loader({ params }: LoaderFunctionArgs) {
  const catalogue = await tryLoadCatalogue();
  if (!catalogue) return data({ offer: null }, UNAVAILABLE);
  const offer = findBrandOffer(catalogue, params.slug ?? "");
  if (!offer || !takesVotes(offer, todayInFrance())) throw new Response("Offre introuvable", { status: 404 });
  const { slug, brand, trust } = toCardView(offer, catalogue);
  return { offer: { slug, brand, trust } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const offer = await offerForSlug(params.slug ?? "");
  if (!offer || !takesVotes(offer, todayInFrance()))
    throw new Response(FEEDBACK_MESSAGES.offerInvalid, { status: 404 });
  const form = await readForm(request);
  const byFetcher = form.get(FETCHER_FIELD) === "1";
  const submission = parseWithZod(form, { schema: feedbackFormSchema });
  const choice = voteChoiceOf(submission.payload);
  const refuse = (status: number, error: string, toast: FeedbackActionData["toast"] = null, headers?: HeadersInit) =>
    data<FeedbackActionData>({ status: "refused", result: refusedVote(choice, error), toast }, { status, headers });

  if (submission.status !== "success") {
    const [message] = Object.values(submission.error ?? {}).flatMap((errors) => errors ?? []);
    return refuse(400, message ?? FEEDBACK_MESSAGES.workedRequired);
  }
  const vote = {
    offerSlug: offer.slug,
    worked: submission.value.worked === "oui",
    reason: submission.value.worked === "oui" ? null : (submission.value.reason ?? null),
    clientKey: visitorKey(request),
    networkKey: networkKey(request),
  };
  try {
    await (await getBackend()).recordVote(vote);
  } catch (error) {
    if (error instanceof RateLimitedError) {
      return refuse(429, error.message, null, { "Retry-After": String(error.retryAfterSeconds) });
    }
    log.error("Enregistrement de l'avis impossible :", error);
    return refuse(502, FEEDBACK_FAILED_TOAST.description ?? "", { ...FEEDBACK_FAILED_TOAST, id: randomUUID() });
  }

  if (byFetcher) {
    const catalogue = await tryLoadCatalogue();
    const current = catalogue && findBrandOffer(catalogue, offer.slug);
    return data<FeedbackActionData>({
      trust: current ? toCardView(current, catalogue).trust : offerTrust(undefined, offer.verifiedOn),
      status: "sent",
      worked: vote.worked,
      reason: vote.reason,
      toast: {
        id: randomUUID(),
        title: FEEDBACK_SENT_TOAST.message,
        description: FEEDBACK_SENT_TOAST.description,
        variant: "success",
        duration: FEEDBACK_SENT_TOAST.duration,
      },
    });
  }
  const askReason = !vote.worked && vote.reason === null;
  return redirectWithSuccess(
    request,
    `/offres/${offer.slug}${askReason ? `?${ASK_REASON_PARAMETER}=non` : ""}#${FEEDBACK_ANCHOR}`,
    FEEDBACK_SENT_TOAST,
    { status: 303 },
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => {
  const site = siteInfo(matches);
  const brand = page?.offer?.brand;
  return [
    { title: brand ? `Votre avis sur le code ${brand} - ${site.siteName}` : `Offre indisponible - ${site.siteName}` },
    { name: "robots", content: "noindex, follow" },
  ];
};

export default function FeedbackPage() {
  const { offer } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (!offer) return <OffersUnavailable backTo="/offres" />;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <BackLink fallback={`/offres/${offer.slug}`} label={`Retour à l'offre ${offer.brand}`} />
      <h1 className="text-2xl font-extrabold text-slate-900">Votre avis sur le code {offer.brand}</h1>
      <FeedbackBlock
        slug={offer.slug}
        trust={offer.trust}
        askReason={false}
        refused={answer?.status === "refused" ? answer : undefined}
      />
    </div>
  );
}
