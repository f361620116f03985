import type { ReactNode } from "react";

/** A titled section of a page of text (legal notice, how votes are taken), its heading naming it. */
export function TextSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="space-y-3 text-slate-700">{children}</div>
    </section>
  );
}
