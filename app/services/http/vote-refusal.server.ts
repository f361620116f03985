import { FEEDBACK_MESSAGES, FEEDBACK_REASONS, type FeedbackReason } from "@contract/feedback-fields";
import { encode } from "turbo-stream";
import { FEEDBACK_ANCHOR } from "~/forms/feedback-form";
import stylesheet from "~/tailwind.css";
import type { FeedbackActionData } from "~/forms/feedback-form";

/**
 * What a vote the pipeline refuses is answered with, without running the application: a vote past the hourly limit
 * (429) or sent through a proxy TRUST_PROXY does not name (503). A small document for a form sent without
 * JavaScript (the French message, and the vote form again with the visitor's choice), or the data the page's script
 * reads (the action's own answer, encoded as Remix encodes it). Neither renders a page: a flood of refused votes
 * costs about what as many cached pages do.
 */
export type VoteRefusalKind = "rate-limited" | "votes-off";

export interface VoteChoice {
  worked: "oui" | "non" | null;
  reason: FeedbackReason | null;
}

const MESSAGES: Record<VoteRefusalKind, string> = {
  "rate-limited": FEEDBACK_MESSAGES.rateLimited,
  "votes-off": FEEDBACK_MESSAGES.votesOff,
};

export const voteRefusalStatus = (kind: VoteRefusalKind) => (kind === "rate-limited" ? 429 : 503);

/** Reads the visitor's choice from a vote's urlencoded body; anything unexpected counts as no choice. */
export function voteChoice(body: string): VoteChoice {
  const form = new URLSearchParams(body);
  const worked = form.get("worked");
  const reason = FEEDBACK_REASONS.find(({ value }) => value === form.get("reason"))?.value ?? null;
  return { worked: worked === "oui" || worked === "non" ? worked : null, reason: worked === "non" ? reason : null };
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
/** Text as React writes it in HTML. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

/**
 * The refusal as a document, for a vote sent without JavaScript: its message, and the form again, with the reasons
 * (one checked) after a "Non", else the two answers. `slug` is the offer's address as the route matched it.
 */
export function voteRefusalDocument(kind: VoteRefusalKind, slug: string, choice: VoteChoice, siteName: string): string {
  const offer = `/offres/${encodeURIComponent(slug.toLowerCase())}`;
  const message = escapeHtml(MESSAGES[kind]);
  const fields =
    choice.worked === "non"
      ? `<fieldset class="space-y-3"><legend class="text-sm font-semibold text-slate-900">Pourquoi n&#x27;a-t-il pas fonctionné ? (facultatif)</legend>` +
        `<input type="hidden" name="worked" value="non"><div class="grid gap-1 sm:grid-cols-2">` +
        FEEDBACK_REASONS.map(
          ({ value, label }) =>
            `<label class="flex min-h-11 items-center gap-2 text-sm text-slate-800"><input type="radio" name="reason" value="${value}"${choice.reason === value ? ' checked=""' : ""} class="h-4 w-4">${escapeHtml(label)}</label>`,
        ).join("") +
        `</div><button type="submit" class="btn-secondary w-full">Envoyer la raison</button></fieldset>`
      : `<div class="grid grid-cols-2 gap-2"><button type="submit" name="worked" value="oui" class="btn-secondary">Oui, il a fonctionné</button>` +
        `<button type="submit" name="worked" value="non" class="btn-secondary">Non</button></div>`;
  return (
    `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Avis non enregistré - ${escapeHtml(siteName)}</title><meta name="robots" content="noindex, follow">` +
    `<link rel="stylesheet" href="${stylesheet}"><link rel="icon" href="/favicon.ico" sizes="32x32"></head>` +
    `<body class="bg-slate-50 text-slate-900"><main class="mx-auto max-w-xl space-y-6 px-4 py-8">` +
    `<p><a href="${offer}" class="font-medium text-blue-800 underline">Retour à l&#x27;offre</a></p>` +
    `<h1 class="text-2xl font-extrabold text-slate-900">Votre avis sur le code de cette offre</h1>` +
    `<section id="${FEEDBACK_ANCHOR}" aria-labelledby="feedback-title" class="rounded-2xl border border-slate-200 bg-white p-6">` +
    `<h2 id="feedback-title" class="text-xl font-bold text-slate-900">Ce code a-t-il fonctionné ?</h2>` +
    `<p role="alert" class="mt-3 rounded-md bg-red-50 p-3 text-sm font-medium text-red-900">${message}</p>` +
    `<form method="post" action="${offer}/avis#${FEEDBACK_ANCHOR}" class="mt-4">${fields}</form></section>` +
    `</main></body></html>`
  );
}

/** The encoded data of each refusal, by kind and choice: a few dozen at most, each encoded once. */
const encodedData = new Map<string, Promise<Buffer>>();

/** The refusal as the vote's action answers the page's script: `{ data: FeedbackActionData }`, turbo-stream encoded. */
export function voteRefusalData(kind: VoteRefusalKind, choice: VoteChoice): Promise<Buffer> {
  const key = `${kind} ${choice.worked} ${choice.reason}`;
  let encoded = encodedData.get(key);
  if (!encoded) {
    const data: FeedbackActionData = { status: "refused", error: MESSAGES[kind], ...choice, toast: null };
    encoded = new Response(encode({ data })).arrayBuffer().then((bytes) => Buffer.from(bytes));
    encodedData.set(key, encoded);
  }
  return encoded;
}
