import { subjectLabel } from "@contract/contact-contract";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { FOLLOWS_PERIOD_DAYS, periodDays } from "~/catalogue/audience";
import { parsePageNumber } from "~/catalogue/pagination";
import { offersToComplete, type OfferToComplete } from "~/catalogue/to-complete";
import { fieldClass } from "~/components/back-office/fields";
import {
  BackOfficePage,
  backOfficeMeta,
  dangerButton,
  frenchDateTime,
  MissingKey,
  UnnamedProxyWarning,
  outlineButton,
} from "~/components/back-office/frame";
import { Pagination } from "~/components/pagination";
import { flashedSuccess } from "~/forms/server-toasts";
import { readForm } from "~/services/form-request.server";
import { backOfficeHeaders } from "~/services/http/headers.server";
import { unnamedProxySighting } from "~/services/http/unnamed-proxy.server";
import { formId, missingKey, ownerAccessFor, ownerStoreFor, ownerWrite } from "~/services/owner/back-office.server";
import { tryLoadCatalogue } from "~/services/pages/offers.server";
import { redirectWithSuccess } from "~/services/toast.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { OwnerMessage, OwnerStore } from "~/services/backend/types.server";

export const meta: MetaFunction = () => backOfficeMeta("Messages");

export const headers = backOfficeHeaders;

export { BackOfficeErrorBoundary as ErrorBoundary } from "~/components/back-office/error-boundary";

/** Messages a page of the back office lists. */
const MESSAGES_PER_PAGE = 50;
/** The longest search kept: longer text is cut, never an error. */
const QUERY_MAX = 200;

/** The search and the page an address of /gestion asks for; a page that is not a number is the first. */
function listRequest(url: URL): { query: string; page: number } {
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, QUERY_MAX);
  return { query, page: parsePageNumber(url.searchParams.getAll("page")) ?? 1 };
}

/** The address of a page of the list, keeping its search. */
function listHref(query: string, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/gestion?${search}` : "/gestion";
}

/** How many offers "À compléter" names; the rest are counted, and all are on the offers' page. */
const TO_COMPLETE_SHOWN = 8;

/**
 * The running offers missing an amount, a kind, a check or a code: those still showing the bundle's example first,
 * then the most viewed over the last 30 days.
 */
async function toComplete(store: OwnerStore): Promise<{ shown: OfferToComplete[]; total: number } | null> {
  const catalogue = await tryLoadCatalogue();
  if (!catalogue) return null;
  const since = periodDays(catalogue.today, FOLLOWS_PERIOD_DAYS)[0] ?? catalogue.today;
  const views = new Map<string, number>();
  for (const day of await store.offerCountsSince(since).catch(() => [])) {
    views.set(day.offerSlug, (views.get(day.offerSlug) ?? 0) + day.views);
  }
  const offers = offersToComplete(catalogue.everyOffer, views, catalogue.today);
  return { shown: offers.slice(0, TO_COMPLETE_SHOWN), total: offers.length };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await ownerAccessFor(request);
  const { query, page } = listRequest(new URL(request.url));
  const [found, incomplete] = access.ok
    ? await Promise.all([
        access.store.listMessages({ query, offset: (page - 1) * MESSAGES_PER_PAGE, limit: MESSAGES_PER_PAGE }),
        query || page > 1 ? null : toComplete(access.store),
      ])
    : [{ messages: [], total: 0 }, null];
  const sighting = unnamedProxySighting();
  return {
    missingKey: missingKey(access),
    unnamedProxy: sighting
      ? { proxy: sighting.proxy, requests: sighting.requests, lastAt: new Date(sighting.lastAt).toISOString() }
      : null,
    query,
    page,
    pageCount: Math.max(1, Math.ceil(found.total / MESSAGES_PER_PAGE)),
    total: found.total,
    messages: found.messages,
    incomplete,
  };
}

const DONE = {
  handled: flashedSuccess("Message traité", "Il reste dans la liste, marqué traité."),
  unhandled: flashedSuccess("Message à traiter", "Il n'est plus marqué traité."),
  delete: flashedSuccess("Message supprimé", "Le message et son envoi par e-mail sont effacés."),
};

export async function action({ request }: ActionFunctionArgs) {
  const store = await ownerStoreFor(request);
  const form = await readForm(request);
  const id = formId(form.get("id"));
  const intent = form.get("intent");
  if (intent !== "handled" && intent !== "unhandled" && intent !== "delete") {
    throw new Response("Action inconnue.", { status: 400 });
  }
  // Back to the page of the list the owner was on, with its search.
  const { query, page } = listRequest(new URL(request.url));
  const found = await ownerWrite(request, listHref(query, page), () =>
    intent === "delete" ? store.deleteMessage(id) : store.setHandled(id, intent === "handled"),
  );
  if (!found) throw new Response("Ce message n'existe plus.", { status: 404 });
  return redirectWithSuccess(request, listHref(query, page), DONE[intent], { status: 303 });
}

function deliveryText(delivery: OwnerMessage["delivery"]): string {
  if (!delivery) return "Enregistré (pas d'envoi par e-mail depuis ce serveur)";
  if (delivery.state === "sent") return `Envoyé par e-mail le ${frenchDateTime(delivery.sentAt ?? "")}`;
  if (delivery.state === "failed") return `Échec de l'envoi par e-mail : ${delivery.lastError ?? "erreur inconnue"}`;
  return delivery.attempts > 0
    ? `En attente d'envoi (${delivery.attempts} essai(s), dernière erreur : ${delivery.lastError ?? "inconnue"})`
    : "En attente d'envoi";
}

function MessageCard({ message }: { message: OwnerMessage }) {
  const about = message.brandName
    ? `Question sur ${message.brandName}`
    : (subjectLabel(message.subject ?? undefined) ?? "Message");
  return (
    <li
      className={`space-y-3 rounded-2xl border p-4 ${message.handledAt ? "border-slate-200 bg-slate-100" : "border-indigo-200 bg-white"}`}
    >
      <h2 className="text-lg font-bold text-slate-900">{about}</h2>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">De</dt>
        <dd className="break-words">
          {message.name} &lt;<a href={`mailto:${message.email}`}>{message.email}</a>&gt;
        </dd>
        <dt className="font-semibold">Reçu le</dt>
        <dd>{frenchDateTime(message.createdAt)}</dd>
        <dt className="font-semibold">E-mail</dt>
        <dd>{deliveryText(message.delivery)}</dd>
        <dt className="font-semibold">État</dt>
        <dd>{message.handledAt ? `Traité le ${frenchDateTime(message.handledAt)}` : "À traiter"}</dd>
      </dl>
      <p className="whitespace-pre-line break-words rounded-lg bg-slate-50 p-3 text-slate-800">{message.message}</p>
      <div className="flex flex-wrap items-start gap-2">
        <Form reloadDocument method="post">
          <input type="hidden" name="id" value={message.id} />
          <input type="hidden" name="intent" value={message.handledAt ? "unhandled" : "handled"} />
          <button type="submit" className={outlineButton}>
            {message.handledAt ? "Marquer à traiter" : "Marquer traité"}
          </button>
        </Form>
        <details className="text-sm">
          <summary className="cursor-pointer rounded-lg px-3 py-1.5 font-semibold text-red-800 underline">
            Supprimer…
          </summary>
          <Form reloadDocument method="post" className="mt-2 space-y-2">
            <p>Le message sera effacé pour de bon (demande d'effacement du visiteur, par exemple).</p>
            <input type="hidden" name="id" value={message.id} />
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className={dangerButton}>
              Supprimer définitivement
            </button>
          </Form>
        </details>
      </div>
    </li>
  );
}

/** "À compléter": the offers whose card still lacks a fact only the owner can give, each a link to its edit page. */
function ToComplete({ shown, total }: { shown: OfferToComplete[]; total: number }) {
  if (total === 0) return null;
  return (
    <section aria-labelledby="a-completer" className="space-y-3 rounded-2xl border border-amber-200 bg-amber-50 p-4">
      <h2 id="a-completer" className="text-lg font-bold text-slate-900">
        À compléter
      </h2>
      <p className="text-sm text-slate-800">
        {`${total} offre${total > 1 ? "s" : ""} en cours ${total > 1 ? "n'ont" : "n'a"} pas tout ce que les visiteurs cherchent : d'abord celles dont le code ou le lien est encore un exemple, puis la plus vue ces ${FOLLOWS_PERIOD_DAYS} derniers jours :`}
      </p>
      <ol className="space-y-1">
        {shown.map((offer) => (
          <li key={offer.slug} className="text-sm">
            <Link to={`/gestion/offres/${offer.slug}`} className="font-semibold text-indigo-800 underline">
              {offer.brand}
            </Link>
            {` : ${offer.missing.join(", ")} · ${offer.views} vue${offer.views > 1 ? "s" : ""}`}
          </li>
        ))}
      </ol>
      {total > shown.length ? (
        <p className="text-sm">
          <Link to="/gestion/offres" className="font-semibold text-indigo-800 underline">
            {`Les ${total - shown.length} autres, sur la page des offres`}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function found(total: number, query: string): string {
  const count = `${total} message${total > 1 ? "s" : ""}`;
  return query ? `${count} contenant « ${query} »` : count;
}

export default function Messages() {
  const { missingKey, unnamedProxy, messages, query, page, pageCount, total, incomplete } =
    useLoaderData<typeof loader>();
  return (
    <BackOfficePage title="Messages">
      {missingKey ? <MissingKey variable={missingKey} /> : null}
      {unnamedProxy ? <UnnamedProxyWarning {...unnamedProxy} /> : null}
      {incomplete ? <ToComplete {...incomplete} /> : null}
      <Form method="get" action="/gestion" reloadDocument role="search" className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor="recherche-messages" className="block text-sm font-semibold text-slate-800">
            Rechercher dans les messages
          </label>
          <input
            id="recherche-messages"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={200}
            className={fieldClass}
          />
        </div>
        <button type="submit" className={outlineButton}>
          Rechercher
        </button>
        {query ? (
          <Link to="/gestion" reloadDocument className="px-2 py-1.5 text-sm font-semibold text-indigo-800 underline">
            Tous les messages
          </Link>
        ) : null}
      </Form>
      {missingKey ? null : messages.length === 0 ? (
        <p className="text-slate-700">
          {query ? `Aucun message ne contient « ${query} ».` : "Aucun message pour l'instant."}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">{found(total, query)}, du plus récent au plus ancien.</p>
          <ol className="space-y-4" aria-label="Messages, du plus récent au plus ancien">
            {messages.map((message) => (
              <MessageCard key={message.id} message={message} />
            ))}
          </ol>
          <Pagination
            href={(number) => listHref(query, number)}
            page={page}
            pageCount={pageCount}
            label="Pages des messages"
          />
        </>
      )}
    </BackOfficePage>
  );
}
