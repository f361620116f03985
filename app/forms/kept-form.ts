/**
 * A back-office form that reached the server when it could not be taken (the session ended, or the database did not
 * answer to check it): what it held, shown again so that nothing typed is lost, and never sent on by the server.
 */
export interface KeptForm {
  /** Why it was not taken: "session" (sign in again, then the form comes back filled) or "base" (try again later). */
  reason: "session" | "base";
  /** The back-office address it was posted to. */
  path: string;
  /** Its text fields, in order (a password never). */
  fields: Array<[string, string]>;
  /** Whether it carried a file, which cannot be kept: it must be chosen again. */
  hadFile: boolean;
  /** The label its form shows for a field, where one is known (the offers' fields). */
  labels: Record<string, string>;
}

/** The thrown answer's data: `{ keptForm }`, which the root's error boundary shows. */
export function keptFormOf(data: unknown): KeptForm | undefined {
  const kept = (data as { keptForm?: KeptForm } | null)?.keptForm;
  return kept && (kept.reason === "session" || kept.reason === "base") && Array.isArray(kept.fields) ? kept : undefined;
}

/** Fields the page shows as the owner's typing: not the form's own bookkeeping. */
export const shownField = ([name]: [string, string]) => !["intent", "version", "id"].includes(name);

/** A back-office address a kept form may lead back to: under /gestion, never elsewhere. */
export const isBackOfficePath = (path: string) => /^\/gestion(\/[\w.-]+)*$/.test(path) && !path.includes("..");
