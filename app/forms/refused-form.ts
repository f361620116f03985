import type { SubmissionResult } from "@conform-to/react";

/**
 * A refused form as Conform reads it (`lastResult`): the values to show again, the error above the form (limits, a
 * backend failure) and each field's.
 */
export function refusedForm(
  values: Record<string, string>,
  formError: string | null,
  fieldErrors: Record<string, string[] | null> = {},
): SubmissionResult {
  return { status: "error", initialValue: values, error: { ...fieldErrors, "": formError ? [formError] : null } };
}
