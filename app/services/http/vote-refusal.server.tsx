import { FEEDBACK_MESSAGES } from "@contract/feedback-fields";
import { renderToStaticMarkup } from "react-dom/server";
import { encode } from "turbo-stream";
import { VoteForm, VoteSection } from "~/components/vote-form";
import { refusedVote, voteChoiceOf, type FeedbackActionData } from "~/forms/feedback-form";
import stylesheet from "~/tailwind.css";
import type { ReactNode } from "react";

/**
 * What a vote the pipeline refuses is answered with, without running the application: a vote past the hourly limit
 * (429) or sent through a proxy TRUST_PROXY does not name (503). For a form sent without JavaScript, a small
 * document: the French message and the brand page's own vote form (components/vote-form.tsx) with the visitor's
 * choice; for the page's script, the data the vote's action would answer, encoded as Remix encodes it. Each is made
 * once per refusal and choice, then kept: a flood of refused votes costs about what as many cached pages do.
 */
export type VoteRefusalKind = "rate-limited" | "votes-off";

const MESSAGES: Record<VoteRefusalKind, string> = {
  "rate-limited": FEEDBACK_MESSAGES.rateLimited,
  "votes-off": FEEDBACK_MESSAGES.votesOff,
};

export interface VoteRefusalAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** Where the offer's slug goes in a kept document: its address is written in once the document is made. */
const SLUG_MARK = "offre-du-vote";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

/** Documents (with SLUG_MARK for the slug) and encoded data, by refusal, choice and form of answer. */
const made = new Map<string, Promise<Buffer> | string>();

/**
 * The answer to a refused vote: `body` is the vote's urlencoded form, `slug` the offer's address as the route
 * matched it, `data` whether the page's script sent it.
 */
export async function voteRefusalAnswer(
  kind: VoteRefusalKind,
  { body, slug, data, siteName }: { body: string; slug: string; data: boolean; siteName: string },
): Promise<VoteRefusalAnswer> {
  const choice = voteChoiceOf(Object.fromEntries(new URLSearchParams(body)));
  const key = `${kind} ${choice.worked} ${choice.reason} ${data}`;
  const status = kind === "rate-limited" ? 429 : 503;
  const result = refusedVote(choice, MESSAGES[kind]);
  if (data) {
    let encoded = made.get(key) as Promise<Buffer> | undefined;
    if (!encoded) {
      const answer: FeedbackActionData = { status: "refused", result, toast: null };
      encoded = new Response(encode({ data: answer })).arrayBuffer().then((bytes) => Buffer.from(bytes));
      made.set(key, encoded);
    }
    return { status, contentType: "text/x-script", body: await encoded };
  }
  let document = made.get(key) as string | undefined;
  if (document === undefined) {
    document = `<!DOCTYPE html>${renderToStaticMarkup(
      <VoteRefusalPage siteName={siteName}>
        <VoteForm slug={SLUG_MARK} result={result} asking={choice.worked === "non"} />
      </VoteRefusalPage>,
    )}`;
    made.set(key, document);
  }
  const address = escapeHtml(encodeURIComponent(slug.toLowerCase()));
  return {
    status,
    contentType: "text/html; charset=utf-8",
    body: Buffer.from(document.replaceAll(SLUG_MARK, address)),
  };
}

/** The vote's page as the vote's route shows it, without the brand, which would cost a read of the catalogue. */
function VoteRefusalPage({ siteName, children }: { siteName: string; children: ReactNode }) {
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`Avis non enregistré - ${siteName}`}</title>
        <meta name="robots" content="noindex, follow" />
        <link rel="stylesheet" href={stylesheet} />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
      </head>
      <body className="bg-slate-50 text-slate-900">
        <main className="mx-auto max-w-xl space-y-6 px-4 py-8">
          <p>
            <a href={`/offres/${SLUG_MARK}`} className="font-medium text-blue-800 underline">
              Retour à l'offre
            </a>
          </p>
          <h1 className="text-2xl font-extrabold text-slate-900">Votre avis sur le code de cette offre</h1>
          <VoteSection>{children}</VoteSection>
        </main>
      </body>
    </html>
  );
}
