import { randomUUID } from "node:crypto";
import { SUBJECTS } from "@contract/contact-fields";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CONTACT_FORM_ANCHOR, ContactForm } from "~/components/contact-form";
import { handleMessageAction, messageFormConstraint } from "~/forms/message-action.server";
import { keepFormAfterRefusal } from "~/forms/message-form";
import { pageMeta, siteInfo } from "~/seo";
import { formPageHeaders } from "~/services/http/headers.server";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(siteInfo(matches), {
    title: `Contact - ${siteInfo(matches).siteName}`,
    description: "Une question sur une offre, un code à proposer ou un problème à signaler ? Écrivez-nous.",
    path: "/contact",
  });

/** Passes the Retry-After of a refused message (429) on to the page. */
export const headers: HeadersFunction = formPageHeaders;

export const shouldRevalidate = keepFormAfterRefusal;

/** The longest brand name an address may write into the message (/contact?sujet=new-code&marque=…). */
const PREFILLED_BRAND_LENGTH = 60;

/** The subject (and, for a new code, the brand) an address chooses: `?sujet=new-code&marque=Betclic`. */
function prefillOf(url: URL): Record<string, string> | undefined {
  const subject = SUBJECTS.find(({ value }) => value === url.searchParams.get("sujet"))?.value;
  if (!subject) return undefined;
  const brand = (url.searchParams.get("marque") ?? "").trim().slice(0, PREFILLED_BRAND_LENGTH);
  return subject === "new-code" && brand
    ? { subject, message: `Je propose un code de parrainage pour ${brand} : ` }
    : { subject };
}

export function loader({ request }: LoaderFunctionArgs) {
  return {
    submissionId: randomUUID(),
    constraint: messageFormConstraint("contact"),
    prefill: prefillOf(new URL(request.url)),
  };
}

export function action({ request }: ActionFunctionArgs) {
  return handleMessageAction({ request, form: "contact", redirectTo: "/contact" });
}

export default function Contact() {
  const { submissionId, constraint, prefill } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <header className="space-y-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Contactez-nous</h1>
        <p className="text-slate-700">
          Une question sur une offre, un code de parrainage à proposer ou un problème à signaler ? Écrivez-nous : nous
          vous répondrons dès que possible.
        </p>
      </header>
      <section aria-labelledby={CONTACT_FORM_ANCHOR} className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id={CONTACT_FORM_ANCHOR} className="mb-4 text-xl font-bold text-slate-900">
          Envoyer un message
        </h2>
        <ContactForm
          constraint={constraint}
          submissionId={submissionId}
          prefill={prefill}
          actionData={actionData && "result" in actionData ? actionData : undefined}
        />
      </section>
    </div>
  );
}
