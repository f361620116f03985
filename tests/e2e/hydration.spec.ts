import { expect, test } from "./fixtures";
import { cardsOnFirstPage } from "./helpers";

/** Pages whose server HTML is assembled from pieces: offer cards rendered once and spliced in, rich sections. */
const PAGES = [
  { path: "/", cards: 3 },
  { path: "/offres", cards: cardsOnFirstPage() },
  { path: "/offres?q=bin", cards: 1 },
  { path: "/codes?cat=crypto", cards: cardsOnFirstPage("crypto") },
  { path: "/offres/binance", cards: 0 },
];

declare global {
  interface Window {
    /** What scripts removed from the page since it started loading: `main`, `h1` and `article` elements. */
    removedFromPage?: string[];
  }
}

test.describe("the page the server sent is the page the browser keeps", () => {
  for (const { path, cards } of PAGES) {
    test(`${path}: its cards are shown, and with JavaScript hydrated in place, without a mismatch`, async ({
      page,
      javaScriptEnabled,
    }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      // React throws the server HTML away and renders the page again when it does not match what the browser
      // renders: the elements it held are then removed. Only scripts can remove them.
      await page.addInitScript(() => {
        window.removedFromPage = [];
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.removedNodes) {
              if (!(node instanceof Element)) continue;
              for (const held of [node, ...node.querySelectorAll("main, h1, article")]) {
                if (held.matches("main, h1, article")) window.removedFromPage?.push(held.tagName.toLowerCase());
              }
            }
          }
        }).observe(document, { childList: true, subtree: true });
      });

      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("main article.offer-card")).toHaveCount(cards);
      if (javaScriptEnabled) {
        expect(await page.evaluate(() => window.removedFromPage)).toEqual([]);
      }
      expect(errors).toEqual([]);
    });
  }
});

test("a 404 page hydrates without an error of its own in the browser's console", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto("/page-qui-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Chromium reports the document's own status, which no page can silence; the server logs the 404 already.
  const documentStatus = /^Failed to load resource: the server responded with a status of 404/;
  expect(errors.filter((error) => !documentStatus.test(error))).toEqual([]);
});
