import { subjectLabel } from "@contract/contact-contract";
import { Form, useLoaderData } from "@remix-run/react";
import {
  BackOfficePage,
  backOfficeMeta,
  dangerButton,
  frenchDateTime,
  MissingKey,
  outlineButton,
} from "~/components/back-office/frame";
import { flashedSuccess } from "~/forms/server-toasts";
import { readForm } from "~/services/form-request.server";
import { backOfficeHeaders } from "~/services/http/headers.server";
import { formId, missingKey, ownerAccessFor, ownerStoreFor } from "~/services/owner/back-office.server";
import { redirectWithSuccess } from "~/services/toast.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { OwnerMessage } from "~/services/backend/types.server";

export const meta: MetaFunction = () => backOfficeMeta("Messages");

export const headers = backOfficeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await ownerAccessFor(request);
  return { missingKey: missingKey(access), messages: access.ok ? await access.store.listMessages() : [] };
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
  const found = intent === "delete" ? await store.deleteMessage(id) : await store.setHandled(id, intent === "handled");
  if (!found) throw new Response("Ce message n'existe plus.", { status: 404 });
  return redirectWithSuccess("/gestion", DONE[intent], { status: 303 });
}

function deliveryText(delivery: OwnerMessage["delivery"]): string {
  if (!delivery) return "Enregistré (pas d'envoi par e-mail depuis ce serveur)";
  if (delivery.state === "sent") return `Envoyé par e-mail le ${frenchDateTime(delivery.sentAt ?? "")}`;
  if (delivery.state === "failed") return `Échec de l'envoi par e-mail : ${delivery.lastError ?? "erreur inconnue"}`;
  return delivery.attempts > 0
    ? `En attente d'envoi (${delivery.attempts} essai(s), dernière erreur : ${delivery.lastError ?? "inconnue"})`
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

export default function Messages() {
  const { missingKey, messages } = useLoaderData<typeof loader>();
  return (
    <BackOfficePage title="Messages">
      {missingKey ? (
        <MissingKey variable={missingKey} />
      ) : messages.length === 0 ? (
        <p className="text-slate-700">Aucun message pour l'instant.</p>
      ) : (
        <ol className="space-y-4" aria-label="Messages, du plus récent au plus ancien">
          {messages.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </ol>
      )}
    </BackOfficePage>
  );
}
