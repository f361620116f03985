import { expect, test } from "./fixtures";
import { sitemapPaths } from "./helpers";

// Phones from the narrowest still sold to a small tablet: the page itself never scrolls sideways; wide content
// (the comparison tables) scrolls inside its own box.
for (const width of [320, 390, 768]) {
  test(`no page of the sitemap is wider than a ${width} px screen`, async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    const tooWide: string[] = [];
    for (const path of await sitemapPaths(request, baseURL!)) {
      await page.goto(path);
      const documentWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (documentWidth > width) tooWide.push(`${path}: ${documentWidth} px`);
    }
    expect(tooWide, tooWide.join("\n")).toEqual([]);
  });
}

test("a comparison table wider than the phone scrolls inside its own box", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/offres/binance");
  const table = page.getByRole("region", { name: "Tableau comparatif, défilable horizontalement" });
  await expect(table).toBeVisible();
  const box = await table.evaluate((element) => ({ client: element.clientWidth, scroll: element.scrollWidth }));
  expect(box.client).toBeLessThanOrEqual(390);
  expect(box.scroll).toBeGreaterThan(box.client);
});
