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
    await expect(boursoBank.getByText("Jusqu'à 200 €", { exact: true })).toBeVisible();
    await expect(boursoBank.getByText("Argent versé sur le compte", { exact: true })).toBeVisible();
    await expect(boursoBank.getByText("Ouverture d'un premier compte BoursoBank", { exact: true })).toBeVisible();

    const offers = await page.goto("/offres");
    expect(offers?.status()).toBe(200);
    const heading = `Tous les codes parrainage (${BUNDLED_OFFERS.length})`;
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Binance" })).toBeVisible();
  },
);
