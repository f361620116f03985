import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No module of app/ imports, even through others or through a dynamic import, a module that imports it: a circle
 * makes the order modules load in matter, and hides which one owns what.
 */
const app = path.resolve(import.meta.dirname, "../../app");
const modules = readdirSync(app, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => path.join(app, file));

function resolved(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("~/")
    ? path.join(app, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  return ["", ".ts", ".tsx", "/index.ts"]
    .map((extension) => base + extension)
    .find((file) => existsSync(file) && statSync(file).isFile());
}

/** What a module loads when it runs: its imports and dynamic imports, not its type-only imports. */
const imports = new Map(
  modules.map((file) => {
    const text = readFileSync(file, "utf8");
    const specifiers = [
      ...text.matchAll(/^import(?! type)[^"']*?from\s+["']([^"']+)["']/gm),
      ...text.matchAll(/^import\s+["']([^"']+)["']/gm),
      ...text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g),
    ].map((match) => match[1] ?? "");
    return [file, specifiers.flatMap((specifier) => resolved(file, specifier) ?? [])];
  }),
);

function circles(): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const path_: string[] = [];
  const visit = (file: string) => {
    done.add(file);
    path_.push(file);
    for (const next of imports.get(file) ?? []) {
      const at = path_.indexOf(next);
      if (at >= 0) found.push([...path_.slice(at), next].map((step) => path.relative(app, step)).join(" → "));
      else if (!done.has(next)) visit(next);
    }
    path_.pop();
  };
  for (const file of modules) if (!done.has(file)) visit(file);
  return found;
}

describe("the modules of app/", () => {
  it("import one another without a circle", () => {
    expect(imports.size).toBeGreaterThan(100);
    expect(circles()).toEqual([]);
  });
});
