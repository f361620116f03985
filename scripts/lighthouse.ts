/**
 * Lighthouse (mobile preset) on the production build with Debian's Chromium: `npm run lighthouse`, after
 * `npm run build`. Prints the four scores of each page and writes them to bench-results/lighthouse.md.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { startSite } from "../tests/support/server";
import { makeTempDir } from "../tests/support/temp-dir";

const PAGES = ["/", "/offres", "/offres/binance", "/offres/sorare", "/codes", "/contact"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const temp = makeTempDir("lighthouse");
const site = await startSite({ DATA_DIR: temp.dir, SITE_URL: "http://127.0.0.1" });
// A site in service has its database open and its caches warm: measure that, not the first seconds of a start.
for (const page of PAGES) await (await fetch(`${site.url}${page}`)).arrayBuffer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
});
const lines = [
  "| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |",
  "|---|---|---|---|---|---|---|---|---|",
];
const notes: string[] = [];
try {
  for (const page of PAGES) {
    const result = await lighthouse(`${site.url}${page}`, { port: chrome.port, output: "json", logLevel: "error" });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Pas de résultat pour ${page}`);
    if (lhr.runtimeError)
      notes.push(`${page} — erreur de mesure : ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = CATEGORIES.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100));
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? "—";
    const metrics = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time"].map(metric);
    const layoutShift = lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0;
    lines.push(`| ${page} | ${scores.join(" | ")} | ${metrics.join(" | ")} | ${layoutShift.toFixed(3)} |`);
    for (const id of CATEGORIES) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
          notes.push(`${page} — ${id} : ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
          const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
          for (const item of items.slice(0, 3)) notes.push(`  ${JSON.stringify(item).slice(0, 300)}`);
        }
      }
    }
  }
} finally {
  chrome.kill();
  await site.stop();
  temp.cleanup();
}
const report = [
  ...lines,
  "",
  notes.length ? "Points relevés :" : "Aucun point relevé.",
  ...notes.map((note) => `- ${note}`),
  "",
].join("\n");
console.log(report);
writeFileSync(path.resolve(import.meta.dirname, "../bench-results/lighthouse.md"), report);
