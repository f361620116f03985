import { Link } from "@remix-run/react";

export interface FaqEntry {
  question: string;
  answer: string;
  contactLink?: boolean;
}

/** Questions as disclosure widgets: they open and close without JavaScript. */
export function Faq({ items, headingLevel = 3 }: { items: readonly FaqEntry[]; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.question} className="group p-5">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 [&::-webkit-details-marker]:hidden">
            <Heading className="font-semibold text-slate-900">{item.question}</Heading>
            <span className="text-xl text-indigo-700 transition group-open:rotate-45" aria-hidden="true">
              +
            </span>
          </summary>
          <p className="mt-3 text-slate-700">
            {item.answer}
            {item.contactLink ? (
              <>
                {" "}
                <Link to="/contact" className="font-semibold text-indigo-800 underline">
                  Contactez-nous
                </Link>
                .
              </>
            ) : null}
          </p>
        </details>
      ))}
    </div>
  );
}

export function faqJsonLd(items: readonly FaqEntry[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}
