import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A module of app/ holds one concern, and one concern fits in 400 lines: past that, it is split where its concerns
 * part. Content (texts written by hand) and the bundled data are long by nature and left out.
 */
const MAX_LINES = 400;
const app = path.resolve(import.meta.dirname, "../../app");
const LONG_BY_NATURE = [/^content\//, /^catalogue\/data\.ts$/];

describe("the modules of app/", () => {
  it(`hold at most ${MAX_LINES} lines each, content and bundled data aside`, () => {
    const modules = readdirSync(app, { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx?$/.test(file));
    expect(modules.length).toBeGreaterThan(100);
    const tooLong = modules
      .filter((file) => !LONG_BY_NATURE.some((pattern) => pattern.test(file.split(path.sep).join("/"))))
      .map((file) => ({ file, lines: readFileSync(path.join(app, file), "utf8").split("\n").length }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(tooLong).toEqual([]);
  });
});

/** Past eight modules side by side, a folder's loose files are grouped into rooms (folders) by what they serve. */
const MAX_LOOSE_SERVICES = 8;

describe("app/services/", () => {
  it(`keeps at most ${MAX_LOOSE_SERVICES} modules outside its rooms`, () => {
    const services = path.join(app, "services");
    const loose = readdirSync(services, { withFileTypes: true }).filter((entry) => entry.isFile());
    expect(loose.map((entry) => entry.name).length, loose.map((entry) => entry.name).join(", ")).toBeLessThanOrEqual(
      MAX_LOOSE_SERVICES,
    );
  });
});
