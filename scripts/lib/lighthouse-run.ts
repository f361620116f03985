/** Lighthouse (mobile preset) with Debian's Chromium on pages of a running site: its table and what it noted. */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/support/chromium";

export const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export interface LighthouseResults {
  /** A Markdown table: the four scores and the paint metrics of each page. */
  lines: string[];
  /** The audits that cost points, and measurement errors. */
  notes: string[];
  /** Each page's four scores, out of 100. */
  scores: Map<string, number[]>;
}

export async function runLighthouse(siteUrl: string, pages: readonly string[]): Promise<LighthouseResults> {
  // A site in service has its database open and its caches warm: measure that, not the first seconds of a start.
  for (const page of pages) await (await fetch(`${siteUrl}${page}`)).arrayBuffer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  const lines = [
    "| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  const notes: string[] = [];
  const scores = new Map<string, number[]>();
  try {
    for (const page of pages) {
      const result = await lighthouse(`${siteUrl}${page}`, { port: chrome.port, output: "json", logLevel: "error" });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Pas de résultat pour ${page}`);
      if (lhr.runtimeError)
        notes.push(`${page} — erreur de mesure : ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const pageScores = LIGHTHOUSE_CATEGORIES.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100));
      scores.set(page, pageScores);
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? "—";
      const metrics = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time"].map(metric);
      const layoutShift = lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0;
      lines.push(`| ${page} | ${pageScores.join(" | ")} | ${metrics.join(" | ")} | ${layoutShift.toFixed(3)} |`);
      for (const id of LIGHTHOUSE_CATEGORIES) {
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
  }
  return { lines, notes, scores };
}
