import type { ReactNode } from "react";

/** The white card most blocks of a page sit in. */
export const CARD = "rounded-2xl border border-slate-200 bg-white p-6";

/**
 * A titled block of a page (a brand page's vote, testimonials, question, sections): a section named by its heading,
 * in a white card unless `className` says otherwise; `id` is its anchor, when it has one.
 */
export function PageBlock({
  id,
  titleId = `${id}-titre`,
  title,
  className = CARD,
  children,
}: {
  id?: string;
  titleId?: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={titleId} className={className}>
      <h2 id={titleId} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
