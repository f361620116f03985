/**
 * The icons of the site, drawn from one sprite file (public/icons.svg, written by `npm run icons:generate` from
 * Heroicons): a page then loads each icon's drawing once, as an image, instead of a React component per icon in its
 * JavaScript. The key is the symbol's id, the value the Heroicons set and icon it is taken from.
 */
export const ICON_SOURCES = {
  all: "24/outline/Squares2X2Icon",
  finance: "24/outline/BanknotesIcon",
  crypto: "24/outline/CircleStackIcon",
  food: "24/outline/CakeIcon",
  shopping: "24/outline/ShoppingBagIcon",
  mobility: "24/outline/MapPinIcon",
  betting: "24/outline/TrophyIcon",
  other: "24/outline/EllipsisHorizontalCircleIcon",
  menu: "24/outline/Bars3Icon",
  close: "24/outline/XMarkIcon",
  copied: "24/outline/CheckIcon",
  copy: "24/outline/ClipboardDocumentIcon",
  "close-small": "20/solid/XMarkIcon",
  previous: "20/solid/ChevronLeftIcon",
  next: "20/solid/ChevronRightIcon",
  back: "20/solid/ArrowLeftIcon",
  search: "20/solid/MagnifyingGlassIcon",
  success: "20/solid/CheckCircleIcon",
  warning: "20/solid/ExclamationTriangleIcon",
  info: "20/solid/InformationCircleIcon",
} as const;

export type IconName = keyof typeof ICON_SOURCES;
