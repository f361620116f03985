import { Form } from "@remix-run/react";

/**
 * The page of an author's private link (erasure, confirmation): opening it changes nothing, its button does. Once
 * pressed, it shows what happened; a failure keeps the button to try again.
 */
export function PrivateLinkPage({
  heading,
  explanation,
  button,
  buttonClass,
  outcome,
}: {
  heading: string;
  explanation: string;
  button: string;
  buttonClass: string;
  /** What the button's answer said, once pressed. */
  outcome?: { text: string; failed: boolean };
}) {
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-extrabold text-slate-900">{heading}</h1>
      {outcome ? (
        <p role={outcome.failed ? "alert" : "status"} className="text-slate-800">
          {outcome.text}
        </p>
      ) : null}
      {outcome && !outcome.failed ? (
        <p>
          <a href="/" className="font-medium text-indigo-800 underline">
            Retour à l'accueil
          </a>
        </p>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-slate-800">{explanation}</p>
          <button
            type="submit"
            className={`inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 font-semibold text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 ${buttonClass}`}
          >
            {button}
          </button>
        </Form>
      )}
    </div>
  );
}
