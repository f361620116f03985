import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { ICON_SOURCES } from "../../app/components/icon-names";

const require = createRequire(import.meta.url);

/** `strokeLinecap` → `stroke-linecap`. */
const attributeName = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The attributes of one `React.createElement(tag, { … })` call of a Heroicons module. */
function attributesOf(source: string, tag: string): Record<string, string>[] {
  const calls = source.matchAll(new RegExp(`createElement\\("${tag}", (?:Object\\.assign\\()?\\{([^}]*)\\}`, "g"));
  return [...calls].map((call) => {
    const attributes: Record<string, string> = {};
    for (const [, name, quoted, bare] of (call[1] ?? "").matchAll(/"?([\w-]+)"?: (?:"([^"]*)"|([\d.]+))/g)) {
      attributes[name as string] = (quoted ?? bare) as string;
    }
    return attributes;
  });
}

const SVG_ATTRIBUTES = ["viewBox", "fill", "stroke", "strokeWidth"];

/** The sprite: one `<symbol>` per icon, its drawing as Heroicons draws it. */
export function iconSprite(): string {
  const symbols = Object.entries(ICON_SOURCES).map(([id, from]) => {
    const source = readFileSync(require.resolve(`@heroicons/react/${from}.js`), "utf8");
    const svg = attributesOf(source, "svg")[0] ?? {};
    const own = SVG_ATTRIBUTES.filter((name) => svg[name] !== undefined)
      .map((name) => ` ${name === "viewBox" ? name : attributeName(name)}="${svg[name]}"`)
      .join("");
    const paths = attributesOf(source, "path")
      .map(
        (path) =>
          `<path${Object.entries(path)
            .map(([name, value]) => ` ${attributeName(name)}="${value}"`)
            .join("")}/>`,
      )
      .join("");
    if (!paths) throw new Error(`Aucun tracé dans @heroicons/react/${from}`);
    return `<symbol id="${id}"${own}>${paths}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
}

/** What the pages ask for: the sprite's address, which changes with its content. */
export const spriteVersion = (sprite: string) => createHash("sha256").update(sprite).digest("hex").slice(0, 10);
