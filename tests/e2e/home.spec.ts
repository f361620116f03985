import { BUNDLED_OFFERS } from "~/catalogue/offers";
import { expect, test } from "./fixtures";
import { SERVER_HTML_ONLY } from "./helpers";

test(
  "the offers read from the database and merged with the catalogue are in the server HTML",
  SERVER_HTML_ONLY,
  async ({ page }) => {
    const home = await page.goto("/");
    expect(home?.status()).toBe(200);
    const featured = page.locator("#featured-offers");
    await expect(featured.getByRole("heading", { level: 3 })).toHaveText(["BoursoBank", "N26", "iGraal"]);
    const boursoBank = featured.locator("article").filter({ has: page.getByRole("heading", { name: "BoursoBank" }) });
    await expect(boursoBank.getByText("Jusqu'à 200 €", { exact: true })).toBeVisible();
    await expect(boursoBank.getByText("Argent versé sur le compte", { exact: true })).toBeVisible();
    await expect(boursoBank.getByText("Ouverture d'un premier compte BoursoBank", { exact: true })).toBeVisible();

    const offers = await page.goto("/offres");
    expect(offers?.status()).toBe(200);
    const heading = `Tous les codes parrainage (${BUNDLED_OFFERS.length})`;
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Binance" })).toBeVisible();
  },
);

test.describe("the home page's first screen", () => {
  test("holds a search, every category with its count, and the number of offers; the search leads to /offres", async ({
    page,
    javaScriptEnabled,
  }) => {
    const search = page.getByRole("searchbox", { name: "Rechercher une offre" });
    const categories = page.getByRole("navigation", { name: "Catégories" }).getByRole("link");
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto("/");
      await expect(search).toBeInViewport({ ratio: 1 });
      await expect(page.getByText(/^\d+\soffres de parrainage en cours dans 7 catégories$/)).toBeInViewport();
      await expect(categories).toHaveCount(7);
      for (const link of await categories.all()) {
        await expect(link, `at ${width} px`).toBeInViewport({ ratio: 1 });
        await expect(link).toHaveText(/^\S+ \d+\soffres?$/);
      }
    }
    await expect(categories.filter({ hasText: /^Paris/ })).toHaveAttribute("href", "/codes?cat=betting");
    // Nothing was added or improved in the bundled data's last 30 days: no empty news section.
    await expect(page.getByRole("heading", { name: "Nouveautés" })).toHaveCount(0);

    await search.fill("binance");
    if (javaScriptEnabled) await page.getByRole("button", { name: "Rechercher" }).click();
    else await search.press("Enter");
    await expect(page).toHaveURL(/\/offres\?q=binance$/);
    await expect(page.getByRole("heading", { level: 3, name: "Binance" })).toBeVisible();
  });
});
