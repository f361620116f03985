import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ICON_SOURCES } from "~/components/icon-names";
import { ICON_SPRITE } from "~/components/icon-sprite";
import { iconSprite, spriteVersion } from "../../scripts/lib/icon-sprite";

const committed = readFileSync(path.resolve(import.meta.dirname, "../../public/icons.svg"), "utf8");

describe("the icon sprite", () => {
  it("is the one npm run icons:generate writes, at the address the pages use", () => {
    expect(committed).toBe(iconSprite());
    expect(ICON_SPRITE).toBe(`/icons.svg?v=${spriteVersion(committed)}`);
  });

  it("holds a drawing for every icon the pages name", () => {
    for (const id of Object.keys(ICON_SOURCES)) expect(committed).toMatch(new RegExp(`<symbol id="${id}"[^>]*><path `));
  });
});
