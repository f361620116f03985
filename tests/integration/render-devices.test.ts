import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REMIX_VERSION } from "~/services/render/document.server";
import { startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";

/**
 * The rendering devices of app/services/render/document.server.tsx, each written against how Remix REMIX_VERSION
 * renders a document: real pages, served by the production server, must show what each one puts in their bytes. An
 * upgrade of Remix that changes what a device relies on fails here.
 */
const root = path.resolve(import.meta.dirname, "../..");
const temp = makeTempDir("render-devices");
let site: RunningSite;
beforeAll(async () => {
  site = await startSite({ DATA_DIR: temp.dir, HTML_CACHE: "off" });
});
afterAll(async () => {
  await site?.stop();
  temp.cleanup();
});

const page = async (path: string) => {
  const response = await fetch(`${site.url}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
};

/** The HTML of the offer card of `brand` (its <article>), as served. */
const cardOf = (html: string, brand: string) =>
  html.match(
    new RegExp(`<article[^>]*>(?:(?!</article>).)*?alt="Logo ${brand}"(?:(?!</article>).)*</article>`, "s"),
  )?.[0];

describe(`the rendering devices, written against Remix ${REMIX_VERSION}`, () => {
  it("run on the Remix version they name: every @remix-run package pinned to it, and that one installed", () => {
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as Record<
      string,
      Record<string, string>
    >;
    const remix = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
      ([name]) => name.startsWith("@remix-run/") && name !== "@remix-run/router",
    );
    expect(remix.length).toBeGreaterThanOrEqual(5);
    for (const [name, version] of remix) {
      expect(version, name).toBe(REMIX_VERSION);
      const installed = JSON.parse(readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")) as {
        version: string;
      };
      expect(installed.version, name).toBe(REMIX_VERSION);
    }
  });

  it("the stream cache: the page's data is in the document, at the end of its body, with nothing after </html>", async () => {
    const html = await page("/offres");
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html.endsWith("</body></html>")).toBe(true);
    const enqueue = html.indexOf("window.__remixContext.streamController.enqueue(");
    const close = html.indexOf("window.__remixContext.streamController.close();");
    expect(enqueue).toBeGreaterThan(html.indexOf("</main>"));
    expect(close).toBeGreaterThan(enqueue);
    // The loader data itself, not a promise to stream later: the offers' names are in it.
    expect(html.slice(enqueue, close)).toContain("loaderData");
    expect(html.slice(enqueue, close)).toContain("Binance");
  });

  it("the pieces rendered once: no marker left, and the same card's bytes on every page that shows it", async () => {
    const [offers, codes, search] = await Promise.all([page("/offres"), page("/codes"), page("/offres?q=binance")]);
    const nonce = /nonce="([^"]+)"/.exec(offers)?.[1] ?? "";
    expect(nonce).not.toBe("");
    expect(offers).not.toContain(`<!--${nonce}-->`);
    const card = cardOf(offers, "Binance");
    expect(card).toBeDefined();
    expect(cardOf(codes, "Binance")).toBe(card);
    expect(cardOf(search, "Binance")).toBe(card);
  });

  it("the preloads: every module preload is kept for hydration but not fetched before the first paint", async () => {
    const html = await page("/offres/binance");
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(3);
    for (const preload of preloads) expect(preload).toContain('media="not all"');
    // The module script still loads them once the page has painted.
    expect(html).toMatch(/<script nonce="[^"]+" type="module" async="">/);
  });
});
