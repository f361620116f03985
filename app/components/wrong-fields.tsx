/**
 * The error summary a refused form opens with: a heading, then a link to each field to correct. A module of its own,
 * without Conform or zod, so that a form which does not need them (the guide writing form) does not load them.
 */
export interface WrongField {
  /** The id of the field's control. */
  id: string;
  label: string;
  message: string;
}

/** The error summary itself, for forms whose fields are not Conform's or not named as their ids. */
export function WrongFields({
  fields,
  before = "avant l'envoi",
  heading: Heading = "h3",
}: {
  fields: readonly WrongField[];
  /** What the corrections come before: "avant l'envoi", "avant l'enregistrement". */
  before?: string;
  /** The level that fits the form's place in the page. */
  heading?: "h2" | "h3";
}) {
  if (fields.length === 0) return null;
  return (
    <div className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <Heading className="font-semibold">
        {`${fields.length === 1 ? "Un champ" : `${fields.length} champs`} à corriger ${before} :`}
      </Heading>
      <ul className="mt-1 list-disc pl-5">
        {fields.map(({ id, label, message }) => (
          <li key={id}>
            <a href={`#${id}`} className="font-medium underline">
              {`${label} : ${message}`}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
