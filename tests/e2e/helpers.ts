import { writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import { isInCategory } from "~/catalogue/listing-rules";
import { BUNDLED_OFFERS } from "~/catalogue/offers";
import { OFFERS_PER_PAGE } from "~/catalogue/pagination";
import { OWNER_PASSWORD } from "./servers";
import { checkHtmlFiles } from "../support/html-checker";
import { makeTempDir } from "../support/temp-dir";
import type { CategoryId } from "~/catalogue/types";

/** The year the site shows in the overview heading and the footer: the year of the request. */
export const currentYear = () => new Date().getFullYear();

/** The categories of the /codes tabs, as the visitor reads them. */
export const CODE_TABS = [
  { id: "all", label: "Tous" },
  { id: "finance", label: "Finance" },
  { id: "crypto", label: "Crypto" },
  { id: "food", label: "Alimentation" },
  { id: "shopping", label: "Shopping" },
  { id: "mobility", label: "Mobilité" },
  { id: "betting", label: "Paris" },
  { id: "other", label: "Autres" },
] as const;

/** The brands the site promises an offer page for under /offres, written out here apart from the catalogue. */
export const PROMISED_BRAND_SLUGS = [
  "binance",
  "bitget",
  "bitrefill",
  "bitstack",
  "boursobank",
  "bricks",
  "coinbase",
  "crypto-com",
  "deblock",
  "deliveroo",
  "ebuyclub",
  "feel-mining",
  "fortuneo",
  "hello-bank",
  "hostinger",
  "igraal",
  "joko",
  "kucoin",
  "la-premiere-brique",
  "lime",
  "lovable",
  "mexc",
  "n26",
  "naomi",
  "okx",
  "pmu",
  "poulpeo",
  "revolut",
  "shopmium",
  "sorare",
  "totalenergies",
  "trade-republic",
  "uber-eats",
  "unibet",
  "vexub",
  "vivid",
  "wanteeed",
  "weward",
  "widilo",
  "wise",
] as const;

export const BETTING_MESSAGE_START = "Les jeux d'argent et de hasard peuvent être dangereux";

/** A parsed JSON-LD block: arbitrary JSON that the assertions read field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema.org shapes vary; the assertions are the check
export type JsonLd = Record<string, any>;

/** Every JSON-LD block of the page, parsed. */
export async function structuredData(page: Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block) as JsonLd);
}

/** The offer list of a listing page: its region (named by its heading) and its count as the heading shows it. */
export async function offerList(page: Page, title: string | RegExp) {
  const heading = page.getByRole("heading", { level: 2, name: title });
  await expect(heading).toBeVisible();
  const text = (await heading.textContent()) ?? "";
  const match = /\((\d+)\)\s*$/.exec(text);
  expect(match, `the list heading "${text}" ends with its count in brackets`).not.toBeNull();
  const region = page.getByRole("region", { name: title });
  return { heading, region, count: Number(match![1]), cards: region.getByRole("article") };
}

/** The brand names of the cards in a list, in order. */
export async function cardBrands(cards: Locator): Promise<string[]> {
  return (await cards.getByRole("heading", { level: 3 }).allTextContents()).map((name) => name.trim());
}

/**
 * Waits until React has hydrated the document: the root layout sets `<html data-hydrated>` in an effect, which runs
 * once the whole page is hydrated (error pages included), so that what JavaScript adds (copy buttons, live search)
 * is on the page. The one hydration wait of the browser tests: the `page.goto` of ./fixtures calls it too.
 */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Holds the requests the page sends to `url` until the returned `release` is called, so that what the page shows
 * while it waits for them can be seen.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Runs axe on the page and returns a readable list of violations (rule, impact, targets). */
export async function axeViolations(
  page: Page,
  { rules, include }: { rules?: string[]; include?: string } = {},
): Promise<string[]> {
  const builder = include ? new AxeBuilder({ page }).include(include) : new AxeBuilder({ page });
  const results = await (rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS)).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .map(
          (node) => `    - ${node.target.join(" ")}\n      ${(node.failureSummary ?? "").replace(/\n/g, "\n      ")}`,
        )
        .join("\n"),
  );
}

/**
 * axe runs inside the page, so it cannot run where JavaScript is disabled (dequelabs/axe-core-npm#529).
 * For the no-JavaScript visitor we open the page in a context where every script request of the site
 * is refused: the DOM is then exactly the server-rendered HTML, never hydrated, and axe (injected by
 * Playwright, not requested over the network) can audit it.
 */
export async function openServerRendered(
  browser: Browser,
  options: { baseURL: string; viewport: { width: number; height: number } | null; path: string },
) {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    locale: "fr-FR",
    viewport: options.viewport ?? { width: 1280, height: 720 },
    javaScriptEnabled: true,
  });
  await context.route("**/*", (route) =>
    route.request().resourceType() === "script" ? route.abort() : route.continue(),
  );
  const page = await context.newPage();
  const response = await page.goto(options.path);
  // The site's scripts never ran: Remix did not start and React owns no node.
  expect(await page.evaluate(() => "__remixContext" in window && !("__remixRouter" in window))).toBe(true);
  expect(
    await page.evaluate(() =>
      Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__reactFiber")),
    ),
  ).toBe(false);
  return { context, page, response };
}

/** The addresses the sitemap lists, as paths of the site under test. */
export async function sitemapPaths(request: APIRequestContext, baseURL: string): Promise<string[]> {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
    match[1]!.replace(/&amp;/g, "&"),
  );
  for (const loc of locs) expect(new URL(loc).origin, `${loc} is an address of the site`).toBe(new URL(baseURL).origin);
  return locs.map((loc) => {
    const url = new URL(loc);
    return `${url.pathname}${url.search}`;
  });
}

/**
 * How many cards the first page of a listing shows for the bundled catalogue (the test server's, seeded from it):
 * derived from the catalogue, so that adding a brand changes no test.
 */
export function cardsOnFirstPage(category: CategoryId = "all"): number {
  return Math.min(BUNDLED_OFFERS.filter((offer) => isInCategory(offer, category)).length, OFFERS_PER_PAGE);
}

/** The server HTML of each of `paths` answers 200 and passes the W3C Nu HTML checker. */
export async function expectValidHtml(
  request: APIRequestContext,
  paths: readonly string[],
  headers: Record<string, string> = {},
): Promise<void> {
  const temp = makeTempDir("e2e-html");
  try {
    const files = [];
    for (const address of paths) {
      const response = await request.get(address, { headers });
      expect(response.status(), address).toBe(200);
      const file = path.join(temp.dir, `${address.replaceAll("/", "_")}.html`);
      writeFileSync(file, await response.text());
      files.push(file);
    }
    expect(await checkHtmlFiles(files)).toEqual({ errors: [], unread: [] });
  } finally {
    temp.cleanup();
  }
}

/**
 * The owner, signed in on a 390 px phone, with JavaScript or without, from `address`, on the back-office page at
 * `path` (whose heading is `heading`).
 */
export async function ownerOnPhone(
  browser: Browser,
  options: { baseURL: string; javaScriptEnabled: boolean; address: string; path: string; heading: string },
) {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    locale: "fr-FR",
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: options.javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": options.address },
  });
  const page = await context.newPage();
  await page.goto(options.path);
  await page.getByLabel("Mot de passe").fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await page.goto(options.path);
  await expect(page.getByRole("heading", { level: 1, name: options.heading })).toBeVisible();
  return { context, page };
}

/**
 * The mark of a test that asserts nothing hydration changes (a status, a redirect, metadata, what the server's HTML
 * says, with no form, disclosure, toast, copy button or live search): it runs once, in the no-JavaScript project
 * (playwright.config.ts). A test that may meet any of those is left unmarked and runs in both.
 */
export const SERVER_HTML_ONLY = { tag: "@server-html" } as const;

/**
 * The mark of a test of what only JavaScript does (the form's rules arriving late, say): it runs in the JavaScript
 * project only, as there is nothing to assert without it.
 */
export const JAVASCRIPT_ONLY = { tag: "@javascript-only" } as const;

/**
 * Opens a `<details>` disclosure of `scope` by its summary, as a visitor does, and waits until it is open. With
 * JavaScript, also until the form inside runs its script, which loads after the page's (lazy-forms.tsx): a form sent
 * before is a plain post, which is the page without JavaScript.
 */
export async function openDisclosure(scope: Page | Locator, summary: string) {
  const toggle = scope.locator("summary", { hasText: summary });
  await toggle.click();
  const details = toggle.locator("xpath=..");
  await expect(details).toHaveAttribute("open", "");
  const page = "page" in scope ? scope.page() : scope;
  const withJavaScript = (await page.locator("html[data-hydrated]").count()) > 0;
  if (withJavaScript && (await details.locator("form").count()) > 0) {
    await expect(details.locator("form").first()).toHaveAttribute("data-hydrated", "");
  }
}
