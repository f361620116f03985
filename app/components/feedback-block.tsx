import { FEEDBACK_REASONS } from "@contract/feedback-fields";
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { HOW_VOTES_WORK } from "~/catalogue/site-pages";
import { FEEDBACK_ANCHOR, FETCHER_FIELD, voteFetcherKey, type FeedbackActionData } from "~/forms/feedback-form";
import { ActionToast } from "./action-toast";
import { useHydrated } from "./hydrated";
import { useToast } from "./toast";
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
  const [asking, setAsking] = useState(askReason || refused?.worked === "non");

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.toast) show(answer.toast);
    if (answer.status === "sent") setAsking(!answer.worked && answer.reason === null);
  }, [answer, show]);

  const shown = answer?.status === "refused" ? answer : refused;
  const pending = fetcher.state !== "idle" ? fetcher.formData?.get("worked") : null;
  const action = `/offres/${slug}/avis`;

  return (
    <section
      id={FEEDBACK_ANCHOR}
      aria-labelledby="feedback-title"
      className="rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="feedback-title" className="text-xl font-bold text-slate-900">
        Ce code a-t-il fonctionné ?
      </h2>
      <p className="mt-1 text-sm text-slate-700" aria-live="polite">
        {trust.since ? `${trust.summary} ${trust.since}` : trust.summary}
        {trust.lastVote ? ` · ${trust.lastVote}` : ""}
      </p>
      <p className="mt-1 text-sm">
        <Link to={HOW_VOTES_WORK.path} className="font-medium text-indigo-800 underline">
          {HOW_VOTES_WORK.label}
        </Link>
      </p>
      {shown ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm font-medium text-red-900">
          {shown.error}
        </p>
      ) : null}
      <fetcher.Form method="post" action={`${action}#${FEEDBACK_ANCHOR}`} preventScrollReset className="mt-4">
        {hydrated ? <input type="hidden" name={FETCHER_FIELD} value="1" /> : null}
        {asking ? (
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-900">
              Pourquoi n'a-t-il pas fonctionné ? (facultatif)
            </legend>
            <input type="hidden" name="worked" value="non" />
            <div className="grid gap-1 sm:grid-cols-2">
              {FEEDBACK_REASONS.map((reason) => (
                <label key={reason.value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="reason"
                    value={reason.value}
                    defaultChecked={shown?.reason === reason.value}
                    className="h-4 w-4"
                  />
                  {reason.label}
                </label>
              ))}
            </div>
            <button type="submit" className="btn-secondary w-full" disabled={Boolean(pending)}>
              {pending ? "Envoi en cours..." : "Envoyer la raison"}
            </button>
          </fieldset>
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <button type="submit" name="worked" value="oui" className="btn-secondary" disabled={Boolean(pending)}>
              {pending === "oui" ? "Envoi en cours..." : "Oui, il a fonctionné"}
            </button>
            <button type="submit" name="worked" value="non" className="btn-secondary" disabled={Boolean(pending)}>
              {pending === "non" ? "Envoi en cours..." : "Non"}
            </button>
          </div>
        )}
      </fetcher.Form>
      <ActionToast toast={refused?.toast} />
    </section>
  );
}
