/**
 * A form's errors that belong to no single field, announced as they appear. A leaf module: the vote block, on every
 * brand page's first load, shows it without loading the message forms and their form library.
 */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900">
      {errors.join(" ")}
    </p>
  );
}
