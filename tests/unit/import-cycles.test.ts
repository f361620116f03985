import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseCircular, parseDependencyTree } from "dpdm";
import { describe, expect, it } from "vitest";
import { circlesIn, importGraph, specifiersOf } from "../support/import-graph";
import { makeTempDir } from "../support/temp-dir";

/**
 * No module of app/ loads, even through others, through a re-export or through a dynamic import, a module that loads
 * it: a circle makes the order modules load in matter, and hides which one owns what.
 */
const app = path.resolve(import.meta.dirname, "../../app");

/** dpdm's reading of the TypeScript modules of `root` (type-only imports left out): how many, and their circles. */
async function dpdmReading(root: string, tsconfig?: string): Promise<{ modules: number; circles: string[][] }> {
  const tree = await parseDependencyTree("**/*.{ts,tsx}", {
    cwd: root,
    context: root,
    tsconfig,
    transform: true,
    skipDynamicImports: false,
    include: /\.tsx?$/,
    exclude: /node_modules/,
  });
  const circles = parseCircular(tree).map((circle) =>
    circle.map((file) => path.relative(root, path.resolve(root, file))),
  );
  return { modules: Object.keys(tree).length, circles };
}

/** A folder of modules written from `texts`, by file name. */
function folderOf(texts: Record<string, string>) {
  const folder = makeTempDir("import-cycles");
  mkdirSync(folder.dir, { recursive: true });
  for (const [name, text] of Object.entries(texts)) writeFileSync(path.join(folder.dir, name), text);
  return folder;
}

describe("the modules of app/", () => {
  it("load one another without a circle", () => {
    const graph = importGraph(app);
    expect(graph.size).toBeGreaterThan(100);
    expect(circlesIn(graph, app)).toEqual([]);
  });

  it("name one another without a circle either, type-only imports included: a type's home is one module", () => {
    const graph = importGraph(app, { withTypes: true });
    expect(circlesIn(graph, app)).toEqual([]);
  });

  it("read as dpdm reads them from their syntax: no circle either", { timeout: 60_000 }, async () => {
    const reading = await dpdmReading(app, path.resolve(app, "../tsconfig.json"));
    // Every module of app/, and those it loads from elsewhere (the contracts shared with the edge functions).
    expect(reading.modules).toBeGreaterThanOrEqual(importGraph(app).size);
    expect(reading.circles).toEqual([]);
  });
});

describe("the circle finder", () => {
  it("reads imports, re-exports and dynamic imports, not type-only ones", () => {
    const text = [
      'import { a } from "./a";',
      'import {\n  b,\n  type B,\n} from "./b";',
      'import "./side-effect";',
      'import type { C } from "./c";',
      'export * from "./d";',
      'export * as e from "./e";',
      'export { f, g as h } from "./f";',
      'export type { I } from "./i";',
      'const j = () => import("./j");',
    ].join("\n");
    expect(specifiersOf(text).sort()).toEqual(["./a", "./b", "./d", "./e", "./f", "./j", "./side-effect"]);
    expect(specifiersOf(text, { withTypes: true }).sort()).toEqual(
      ["./a", "./b", "./c", "./d", "./e", "./f", "./i", "./j", "./side-effect"].sort(),
    );
  });

  it("finds a circle closed by re-exports, as dpdm does", async () => {
    const folder = folderOf({
      "toast.tsx": 'import { later } from "./lazy";\nexport const toast = later;\n',
      "lazy.tsx": 'export * from "./parts";\nexport const later = 1;\n',
      "parts.tsx": 'export { card } from "./card";\n',
      "card.tsx": 'import { toast } from "./toast";\nexport const card = toast;\n',
      "leaf.ts": 'import type { card } from "./card";\nexport type Card = typeof card;\n',
    });
    try {
      const ours = circlesIn(importGraph(folder.dir), folder.dir);
      expect(ours).toHaveLength(1);
      expect(new Set(ours[0])).toEqual(new Set(["toast.tsx", "lazy.tsx", "parts.tsx", "card.tsx"]));
      const { circles: theirs } = await dpdmReading(folder.dir);
      expect(theirs).toHaveLength(1);
      expect(new Set(theirs[0])).toEqual(new Set(ours[0]));
    } finally {
      folder.cleanup();
    }
  });
});
