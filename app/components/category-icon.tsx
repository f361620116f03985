import {
  BanknotesIcon,
  CakeIcon,
  CircleStackIcon,
  EllipsisHorizontalCircleIcon,
  MapPinIcon,
  ShoppingBagIcon,
  Squares2X2Icon,
  TrophyIcon,
} from "@heroicons/react/24/outline";
import type { CategoryId } from "~/catalogue/types";

const ICONS: Record<CategoryId, typeof BanknotesIcon> = {
  all: Squares2X2Icon,
  finance: BanknotesIcon,
  crypto: CircleStackIcon,
  food: CakeIcon,
  shopping: ShoppingBagIcon,
  mobility: MapPinIcon,
  betting: TrophyIcon,
  other: EllipsisHorizontalCircleIcon,
};

export function CategoryIcon({ id, className = "h-5 w-5" }: { id: CategoryId; className?: string }) {
  const Icon = ICONS[id];
  return <Icon className={className} aria-hidden="true" />;
}
