import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The patches of compiled framework code (patches/, applied by `patch-package --error-on-fail` after every install)
 * are in the files the server loads: each line a patch adds is in its file under node_modules, so a package
 * updated under a patch, or an install that skipped it, fails here rather than running unpatched.
 */
const root = path.resolve(import.meta.dirname, "../..");
const patches = readdirSync(path.join(root, "patches")).filter((name) => name.endsWith(".patch"));

/** Each file a patch changes, with the lines it adds (blank ones aside). */
function addedLines(patch: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of readFileSync(path.join(root, "patches", patch), "utf8").split("\n")) {
    const target = /^\+\+\+ b\/(.+)$/.exec(line)?.[1];
    if (target) files.set(target, (current = []));
    else if (current && line.startsWith("+") && line.slice(1).trim() !== "") current.push(line.slice(1));
  }
  return files;
}

/** The version a patch was made for, from its name (`@remix-run+router+1.23.3.patch`). */
const versionOf = (patch: string) => /\+(\d+\.\d+\.\d+)\.patch$/.exec(patch)?.[1];

describe("the framework patches", () => {
  it("are there", () => {
    expect(patches.length).toBeGreaterThan(0);
  });

  it.each(patches)("%s is applied to the installed package, of the version it was made for", (patch) => {
    const files = addedLines(patch);
    expect(files.size).toBeGreaterThan(0);
    for (const [file, lines] of files) {
      const packageDir = file
        .split("/")
        .slice(0, file.includes("/@") ? 3 : 2)
        .join("/");
      const { version } = JSON.parse(readFileSync(path.join(root, packageDir, "package.json"), "utf8")) as {
        version: string;
      };
      expect(version, packageDir).toBe(versionOf(patch));
      const text = readFileSync(path.join(root, file), "utf8");
      const missing = lines.filter((line) => !text.includes(line));
      expect(missing, file).toEqual([]);
    }
  });
});
