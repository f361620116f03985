import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The modules of a folder and what each loads when it runs: its imports, its re-exports (`export * from`,
 * `export { … } from`) and its dynamic imports, not its type-only imports or re-exports. Read from the text, so that
 * a test needs no compiler; `tests/unit/import-cycles.test.ts` checks it against dpdm, which reads the syntax tree.
 */
export function specifiersOf(text: string, { withTypes = false } = {}): string[] {
  const notType = withTypes ? "" : "(?!\\s+type\\b)";
  return [
    ...text.matchAll(new RegExp(`^import${notType}[^"';]*?\\bfrom\\s+["']([^"']+)["']`, "gm")),
    ...text.matchAll(/^import\s+["']([^"']+)["']/gm),
    ...text.matchAll(
      new RegExp(
        `^export${notType}\\s*(?:type\\s*)?(?:\\*(?:\\s+as\\s+\\w+)?|\\{[^}]*\\})\\s*from\\s+["']([^"']+)["']`,
        "gm",
      ),
    ),
    ...text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1] ?? "");
}

/** The file a relative or `~/` specifier names, under `root`; undefined for a package. */
function resolved(root: string, from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("~/")
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  return ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]
    .map((extension) => base + extension)
    .find((file) => existsSync(file) && statSync(file).isFile());
}

/** Every TypeScript module under `root`, with the modules of `root` it loads (or names, `withTypes`). */
export function importGraph(root: string, { withTypes = false } = {}): Map<string, string[]> {
  const modules = readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
    .map((file) => path.join(root, file));
  return new Map(
    modules.map((file) => [
      file,
      specifiersOf(readFileSync(file, "utf8"), { withTypes }).flatMap(
        (specifier) => resolved(root, file, specifier) ?? [],
      ),
    ]),
  );
}

/** Each circle found by a depth-first walk, as its modules relative to `root`, the first repeated at the end. */
export function circlesIn(graph: Map<string, string[]>, root: string): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const walk: string[] = [];
  const visit = (file: string) => {
    done.add(file);
    walk.push(file);
    for (const next of graph.get(file) ?? []) {
      const at = walk.indexOf(next);
      if (at >= 0) found.push([...walk.slice(at), next].map((step) => path.relative(root, step)));
      else if (!done.has(next)) visit(next);
    }
    walk.pop();
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return found;
}
