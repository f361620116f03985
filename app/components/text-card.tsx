import type { ReactNode } from "react";

/**
 * A short titled text in a list of cards (the home page's reasons and steps, the listing's how-to). `marker` goes
 * before the title (a step's number) and carries the space below it.
 */
export function TextCard({
  title,
  text,
  marker,
  padding = "p-6",
}: {
  title: string;
  text: string;
  marker?: ReactNode;
  padding?: "p-5" | "p-6";
}) {
  return (
    <li className={`rounded-2xl border border-slate-200 bg-white ${padding}`}>
      {marker}
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <p className="mt-2 text-sm text-slate-700">{text}</p>
    </li>
  );
}

/**
 * Steps as a grid of cards: the home page's three numbered in a circle, the listing's five labelled "Étape n" in
 * narrower cards.
 */
export function StepCards({
  steps,
  numbering,
}: {
  steps: readonly { title: string; text: string }[];
  numbering: "circle" | "label";
}) {
  const circle = numbering === "circle";
  return (
    <ol className={circle ? "grid gap-6 md:grid-cols-3" : "grid gap-4 md:grid-cols-5"}>
      {steps.map((step, index) => (
        <TextCard
          key={step.title}
          title={step.title}
          text={step.text}
          padding={circle ? "p-6" : "p-5"}
          marker={
            circle ? (
              <span
                className="mb-4 flex h-10 w-10 items-center justify-center rounded-full bg-indigo-700 font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
            ) : (
              <span className="mb-1 block text-sm font-bold text-indigo-700">Étape {index + 1}</span>
            )
          }
        />
      ))}
    </ol>
  );
}
