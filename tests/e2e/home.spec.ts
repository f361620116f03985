import { expect, test } from "@playwright/test";

test("the home page shows the offers read from the database and merged with the catalogue", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 2, name: "Binance" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "BoursoBank" })).toBeVisible();
  await expect(page.getByText("Jusqu'à 200 € offerts", { exact: false }).first()).toBeVisible();
});
