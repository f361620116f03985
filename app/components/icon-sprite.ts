/** Written by `npm run icons:generate`: the sprite's address, which changes with its content. */
export const ICON_SPRITE = "/icons.svg?v=86c9bb23d9";
