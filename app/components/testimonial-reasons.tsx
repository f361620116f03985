import { TESTIMONIAL_REASONS } from "@contract/testimonial-fields";

/** The options of a select of the reasons a testimonial is refused or reported, starting on a disabled prompt. */
export function ReasonOptions() {
  return (
    <>
      <option value="" disabled>
        Choisissez une raison
      </option>
      {TESTIMONIAL_REASONS.map((reason) => (
        <option key={reason.value} value={reason.value}>
          {reason.label}
        </option>
      ))}
    </>
  );
}
