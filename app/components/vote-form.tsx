import { FEEDBACK_REASONS } from "@contract/feedback-fields";
import { FEEDBACK_ANCHOR } from "~/forms/feedback-form";
import { FormErrors } from "./form-errors";
import { CARD, PageBlock } from "./page-block";
import type { SubmissionResult } from "@conform-to/react";
import type { FetcherWithComponents } from "@remix-run/react";
import type { ReactNode } from "react";

/** The vote's block: its title, then what the page puts in it. */
export function VoteSection({ children }: { children: ReactNode }) {
  return (
    // Landed on after a vote, it stops below the header and the thanks message, its follow-up question in view.
    <PageBlock id={FEEDBACK_ANCHOR} title="Ce code a-t-il fonctionné ?" className={`scroll-mt-24 ${CARD}`}>
      {children}
    </PageBlock>
  );
}

/**
 * The form of "Ce code a-t-il fonctionné ?": the two answers, or after a "Non" the reasons. The brand page's block
 * sends it through a fetcher; the request pipeline renders it alone, as it is, for a vote it refuses without
 * running the application (services/http/vote-refusal.server.tsx), so both answers show one form.
 */
export function VoteForm({
  slug,
  result,
  asking,
  pending = null,
  as: FormElement = "form",
  children,
}: {
  /** The offer's slug, as the vote's address writes it. */
  slug: string;
  /** The answer of a refused vote: its message and the choice sent. */
  result: SubmissionResult | undefined;
  /** Whether to ask why the code failed rather than whether it worked. */
  asking: boolean;
  /** The answer on its way, with JavaScript: its buttons wait. */
  pending?: string | null;
  /** The form element: a fetcher's form on the page, a plain one in a document of its own. */
  as?: FetcherWithComponents<unknown>["Form"] | "form";
  /** Fields added by the page's script. */
  children?: ReactNode;
}) {
  // The refused vote's message, read from the result as Conform would, without its code: this form has no field
  // to check in the browser, and the vote block is on every brand page's first load.
  const id = `vote-${slug}`;
  const errorId = `${id}-error`;
  const errors = result?.error?.[""] ?? undefined;
  const keptReason = result?.initialValue?.reason;
  const waiting = Boolean(pending);
  return (
    <>
      <div className="mt-3 empty:hidden">
        <FormErrors id={errorId} errors={errors} />
      </div>
      <FormElement
        method="post"
        action={`/offres/${slug}/avis#${FEEDBACK_ANCHOR}`}
        id={id}
        noValidate
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className="mt-4"
      >
        {children}
        {asking ? (
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-900">
              Pourquoi n'a-t-il pas fonctionné ? (facultatif)
            </legend>
            <input type="hidden" name="worked" value="non" />
            <div className="grid gap-1 sm:grid-cols-2">
              {FEEDBACK_REASONS.map((reason) => (
                <label key={reason.value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="reason"
                    value={reason.value}
                    defaultChecked={keptReason === reason.value}
                    className="h-4 w-4"
                  />
                  {reason.label}
                </label>
              ))}
            </div>
            <button type="submit" className="btn-secondary w-full" disabled={waiting}>
              {waiting ? "Envoi en cours..." : "Envoyer la raison"}
            </button>
          </fieldset>
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <button type="submit" name="worked" value="oui" className="btn-secondary" disabled={waiting}>
              {pending === "oui" ? "Envoi en cours..." : "Oui, il a fonctionné"}
            </button>
            <button type="submit" name="worked" value="non" className="btn-secondary" disabled={waiting}>
              {pending === "non" ? "Envoi en cours..." : "Non"}
            </button>
          </div>
        )}
      </FormElement>
    </>
  );
}
