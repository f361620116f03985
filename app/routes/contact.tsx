import type { MetaFunction } from "@remix-run/node";
import { pageMeta, siteInfo } from "~/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(siteInfo(matches), {
    title: `Contact - ${siteInfo(matches).siteName}`,
    description: "Une question sur une offre, un code à proposer ou un problème à signaler ? Écrivez-nous.",
    path: "/contact",
  });

export default function Contact() {
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <header className="space-y-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Contactez-nous</h1>
        <p className="text-slate-700">
          Une question sur une offre, un code de parrainage à proposer ou un problème à signaler ? Écrivez-nous : nous
          vous répondrons dès que possible.
        </p>
      </header>
      <section aria-labelledby="contact-form-title" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="contact-form-title" className="text-xl font-bold text-slate-900">
          Envoyer un message
        </h2>
      </section>
    </div>
  );
}
