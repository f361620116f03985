import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SiteEventBus } from "~/services/events.server";

/**
 * Every event of the site (app/services/events.server.ts) is emitted somewhere and listened to somewhere, and
 * nothing emits or listens to an event that is not declared there: the list a newcomer reads is the whole story.
 */
const app = path.resolve(import.meta.dirname, "../../app");
const sources = readdirSync(app, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
  .map((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return { file: path.relative(app, file), text: readFileSync(file, "utf8") };
  });
const declared = [
  ...(readFileSync(path.join(app, "services/events.server.ts"), "utf8")
    .match(/export interface SiteEvents \{([\s\S]*?)\n\}/)?.[1]
    ?.matchAll(/^\s+"([a-z-]+)":/gm) ?? []),
].map((match) => match[1] ?? "");

/**
 * Where each event is emitted (`events.emit("name"`) or listened to (`siteEvents.on("name"`), file by file: the
 * site's bus is always reached under one of these two names.
 */
function uses(call: "emit" | "on"): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { file, text } of sources) {
    for (const match of text.matchAll(new RegExp(`\\b(?:siteEvents|events)\\.${call}\\(\\s*"([a-z-]+)"`, "g"))) {
      const name = match[1] ?? "";
      found.set(name, [...(found.get(name) ?? []), file]);
    }
  }
  return found;
}

describe("the site's events", () => {
  const emitted = uses("emit");
  const listened = uses("on");

  it("are declared in one place", () => {
    expect(declared).toEqual(["vote-stored", "brands-changed", "testimonials-changed", "writing-changed"]);
    for (const name of [...emitted.keys(), ...listened.keys()]) expect(declared, name).toContain(name);
  });

  it("are each emitted, and each has its listeners", () => {
    for (const name of declared) {
      expect(emitted.get(name), `${name} emitted`).toBeDefined();
      expect(listened.get(name), `${name} listened to`).toBeDefined();
    }
    // What reacts to a vote and to a brand change: the page cache, and the owner's alerts.
    expect(listened.get("vote-stored")).toEqual([
      "services/lifecycle/start.server.ts",
      "services/lifecycle/start.server.ts",
    ]);
    expect(emitted.get("vote-stored")).toEqual(["services/backend/cached-backend.server.ts"]);
  });

  it("reach every listener, even when one of them throws", () => {
    const bus = new SiteEventBus();
    const heard: string[] = [];
    bus.on("vote-stored", () => {
      throw new Error("écouteur en panne");
    });
    const stop = bus.on("vote-stored", ({ offerSlug }) => heard.push(offerSlug));
    const original = console.error;
    console.error = () => undefined;
    try {
      bus.emit("vote-stored", { offerSlug: "binance" });
    } finally {
      console.error = original;
    }
    stop();
    bus.emit("vote-stored", { offerSlug: "kraken" });
    expect(heard).toEqual(["binance"]);
    expect(bus.listenerCount("vote-stored")).toBe(1);
  });
});
