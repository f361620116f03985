/** Writes public/icons.svg and the address the pages use for it (`npm run icons:generate`, after adding an icon). */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { iconSprite, spriteVersion } from "./lib/icon-sprite";

const root = path.resolve(import.meta.dirname, "..");
const sprite = iconSprite();
writeFileSync(path.join(root, "public/icons.svg"), sprite);
writeFileSync(
  path.join(root, "app/components/icon-sprite.ts"),
  `/** Written by \`npm run icons:generate\`: the sprite's address, which changes with its content. */\nexport const ICON_SPRITE = "/icons.svg?v=${spriteVersion(sprite)}";\n`,
);
console.log(`public/icons.svg : ${sprite.length} octets.`);
