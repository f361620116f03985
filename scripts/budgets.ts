/**
 * Size budgets of the production build, measured on the pages the server actually sends:
 * prints every figure and exits non-zero when one is over budget. `npm run budgets` (after `npm run build`).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { signIn } from "../tests/support/back-office";
import { PAGE_OF_EACH_KIND } from "../tests/support/pages";
import { OWNER_PASSWORD, publishSampleGuide } from "../tests/support/sample-guide";
import { startSite } from "../tests/support/server";
import { makeTempDir } from "../tests/support/temp-dir";

const KB = 1024;
const GUIDE_PATH = "/guides/primes-des-banques-en-ligne";
const BUDGETS = {
  /**
   * First-load JavaScript: 100 KB, the site's budget, on every kind of page. A brand page holds it since its forms
   * load when opened and its vote block right after hydration (docs/decisions/2026-11-28-brand-page-first-load.md).
   */
  firstLoadJs: {
    "/": 100 * KB,
    "/offres": 100 * KB,
    "/offres/binance": 100 * KB,
    "/guides": 100 * KB,
    [GUIDE_PATH]: 100 * KB,
    "/gestion/guides/nouveau": 100 * KB,
    "/gestion/textes/marque-binance": 100 * KB,
  } as Record<string, number>,
  css: 12 * KB,
  homeHtml: 25 * KB,
  offersHtml: 40 * KB,
  /**
   * What one more card adds to a listing's raw HTML, ungzipped: its markup, its share of the page's data for the
   * script, and its item in the structured data. Measured as the difference between /offres and its finance tab,
   * divided by the difference in cards, so that what every page carries (header, footer, scripts) is left out.
   */
  rawHtmlPerCard: 1.625 * KB,
  /** The same, gzipped as it travels: a line repeated on every card costs a few bytes here. */
  gzipHtmlPerCard: 192,
  routeChunk: 40 * KB,
};

const root = path.resolve(import.meta.dirname, "..");
const gz = (data: Buffer | string) => gzipSync(data, { level: 9 }).byteLength;
const publicFile = (urlPath: string) => readFileSync(path.join(root, "public", urlPath));
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** `bytes`: printed in bytes, raw or gzipped, rather than in KB. */
const rows: { what: string; size: number; budget: number; bytes?: "brut" | "gzip" }[] = [];
const problems: string[] = [];

const temp = makeTempDir("budgets");
const site = await startSite({ DATA_DIR: temp.dir, SITE_URL: "http://127.0.0.1", OWNER_PASSWORD });
try {
  const pages = new Map<string, string>();
  for (const page of PAGE_OF_EACH_KIND) pages.set(page, await (await fetch(`${site.url}${page}`)).text());
  // A guide of 3 000 words naming offers, its list, and the back office's writing forms (a guide's, a brand's texts).
  await publishSampleGuide(site);
  const owner = { Cookie: await signIn(site) };
  for (const page of ["/guides", GUIDE_PATH, "/gestion/guides/nouveau", "/gestion/textes/marque-binance"]) {
    pages.set(page, await (await fetch(`${site.url}${page}`, { headers: owner })).text());
  }
  const home = pages.get("/") ?? "";

  // First-load JavaScript of a home page, a listing and a brand page: every script and module preload each asks for.
  // None may carry zod, which loads only when a visitor reaches a form.
  for (const [page, budget] of Object.entries(BUDGETS.firstLoadJs)) {
    const html = pages.get(page) ?? "";
    const scripts = new Set(
      [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((m) => m[1] as string),
    );
    const firstLoad = [...scripts].reduce((sum, file) => sum + gz(publicFile(file)), 0);
    rows.push({
      what: `first-load JavaScript of ${page} (${scripts.size} files)`,
      size: firstLoad,
      budget,
    });
    const withZod = [...scripts].filter((file) => publicFile(file).includes("ZodError"));
    if (withZod.length > 0) problems.push(`zod dans le premier chargement de ${page} : ${withZod.join(", ")}`);
  }

  const styles = new Set(
    [...home.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] as string),
  );
  const css = [...styles].reduce((sum, file) => sum + gz(publicFile(file)), 0);
  rows.push({ what: "CSS", size: css, budget: BUDGETS.css });

  rows.push({ what: "HTML of /", size: gz(home), budget: BUDGETS.homeHtml });
  rows.push({ what: "HTML of /offres", size: gz(pages.get("/offres") ?? ""), budget: BUDGETS.offersHtml });

  const allCards = pages.get("/offres") ?? "";
  const someCards = await (await fetch(`${site.url}/offres?cat=finance`)).text();
  const cards = (html: string) => html.split('<article class="offer-card"').length - 1;
  const perCard = (allCards.length - someCards.length) / (cards(allCards) - cards(someCards));
  rows.push({
    what: `raw HTML a card adds to /offres (${cards(allCards)} against ${cards(someCards)} cards)`,
    size: Math.round(perCard),
    budget: BUDGETS.rawHtmlPerCard,
    bytes: "brut",
  });
  rows.push({
    what: "gzipped HTML a card adds to /offres",
    size: Math.round((gz(allCards) - gz(someCards)) / (cards(allCards) - cards(someCards))),
    budget: BUDGETS.gzipHtmlPerCard,
    bytes: "gzip",
  });

  const routesDir = path.join(root, "public/build/routes");
  for (const file of readdirSync(routesDir).filter((name) => name.endsWith(".js"))) {
    rows.push({
      what: `route chunk ${file}`,
      size: gz(readFileSync(path.join(routesDir, file))),
      budget: BUDGETS.routeChunk,
    });
  }

  // Nothing a page loads may come from another host (links people follow are fine).
  for (const [page, html] of pages) {
    const loaded = [
      ...html.matchAll(/<(?:script|img|iframe|source|video|audio|embed)\b[^>]*\s(?:src|srcset)="([^"]+)"/g),
      // A canonical address or a feed is named, not loaded.
      ...html.matchAll(/<link\b(?![^>]*rel="(?:canonical|alternate)")[^>]*href="([^"]+)"/g),
    ].map((m) => m[1] as string);
    for (const url of loaded)
      if (/^(https?:)?\/\//.test(url)) problems.push(`${page} charge une ressource externe : ${url}`);
  }
  for (const file of styles) {
    for (const match of publicFile(file)
      .toString()
      .matchAll(/url\(\s*['"]?((?:https?:)?\/\/[^'")]+)/g)) {
      problems.push(`${file} charge une ressource externe : ${match[1]}`);
    }
  }
} finally {
  await site.stop();
  temp.cleanup();
}

const width = Math.max(...rows.map((row) => row.what.length));
for (const row of rows) {
  const over = row.size > row.budget;
  if (over) problems.push(`${row.what} : ${kb(row.size)} pour un budget de ${kb(row.budget)}`);
  // A small figure close to its budget is printed in bytes: rounded to a tenth of a KB it would read as equal.
  const figures = row.bytes
    ? `${`${row.size} B`.padStart(9)} ${row.bytes} / ${row.budget} B`
    : `${kb(row.size).padStart(9)} gzip / ${kb(row.budget)}`;
  console.log(`${over ? "✗" : "✓"} ${row.what.padEnd(width)}  ${figures}`);
}
console.log(
  problems.length
    ? `\n${problems.length} budget(s) dépassé(s) :\n- ${problems.join("\n- ")}`
    : "\nTous les budgets sont tenus, aucune requête vers un autre hôte.",
);
process.exit(problems.length ? 1 : 0);
