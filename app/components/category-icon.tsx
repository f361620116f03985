import { Icon } from "./icon";
import type { CategoryId } from "~/catalogue/types";

/** A category's icon: the sprite holds one symbol per category, named by its id. */
export function CategoryIcon({ id, className = "h-5 w-5" }: { id: CategoryId; className?: string }) {
  return <Icon name={id} className={className} />;
}
