import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { HOW_VOTES_WORK } from "~/catalogue/site-pages";
import { FETCHER_FIELD, voteFetcherKey, type FeedbackActionData } from "~/forms/feedback-form";
import { ActionToast } from "./action-toast";
import { useHydrated } from "./hydrated";
import { useToast } from "./toast-context";
import { VoteForm, VoteSection } from "./vote-form";
import type { OfferTrust } from "~/catalogue/feedback";

/**
 * "Ce code a-t-il fonctionné ?": a native form posting to `/offres/{slug}/avis` (a redirect back, with the toast,
 * without JavaScript); once JavaScript runs, the same form through a fetcher: no reload, the toast, the summary read
 * again. After a "Non", the visitor may say why; the reason replaces their vote of the day.
 */
export function FeedbackBlock({
  slug,
  trust,
  askReason,
  refused,
}: {
  slug: string;
  trust: Pick<OfferTrust, "summary" | "since" | "lastVote">;
  /** The page opened after a "Non" sent without JavaScript: ask why. */
  askReason: boolean;
  /** A refused vote answered without JavaScript: its message and the visitor's choice. */
  refused?: Extract<FeedbackActionData, { status: "refused" }>;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<FeedbackActionData>({ key: voteFetcherKey(slug) });
  const show = useToast();
  const [asking, setAsking] = useState(askReason || refused?.result.initialValue?.worked === "non");

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.toast) show(answer.toast);
    if (answer.status === "sent") setAsking(!answer.worked && answer.reason === null);
  }, [answer, show]);

  const shown = answer?.status === "refused" ? answer : refused;
  const pending = fetcher.state !== "idle" ? fetcher.formData?.get("worked") : null;

  return (
    <VoteSection>
      <p className="mt-1 text-sm text-slate-700" aria-live="polite">
        {trust.since ? `${trust.summary} ${trust.since}` : trust.summary}
        {trust.lastVote ? ` · ${trust.lastVote}` : ""}
      </p>
      <p className="mt-1 text-sm">
        <Link to={HOW_VOTES_WORK.path} className="font-medium text-indigo-800 underline">
          {HOW_VOTES_WORK.label}
        </Link>
      </p>
      <VoteForm
        // A new answer, a new form: Conform then shows that answer's message and choice, or none.
        key={shown ? JSON.stringify(shown.result) : "vide"}
        slug={slug}
        result={shown?.result}
        asking={asking}
        pending={typeof pending === "string" ? pending : null}
        as={fetcher.Form}
      >
        {hydrated ? <input type="hidden" name={FETCHER_FIELD} value="1" /> : null}
      </VoteForm>
      <ActionToast toast={refused?.toast} />
    </VoteSection>
  );
}
