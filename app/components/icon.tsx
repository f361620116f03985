import { ICON_SPRITE } from "./icon-sprite";
import type { IconName } from "./icon-names";

/** An icon of the sprite (icon-names.ts), decorative: what it means is said in text beside it. */
export function Icon({ name, className, state }: { name: IconName; className: string; state?: string }) {
  return (
    <svg className={className} aria-hidden="true" data-state={state}>
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}
