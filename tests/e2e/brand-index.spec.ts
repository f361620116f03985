import { expect, test } from "./fixtures";
import { expectValidHtml, SERVER_HTML_ONLY } from "./helpers";
import { INDEX_BASE_URL } from "./servers";
import type { Page } from "@playwright/test";

const initials = (page: Page) => page.getByRole("navigation", { name: "Marques de A à Z" }).first();

test.describe("the A–Z index of brands", () => {
  test("the listings lead to an initial's brands, and each brand to its page", async ({ page }) => {
    await page.goto("/offres");
    await initials(page).getByRole("link", { name: "B", exact: true }).click();
    await expect(page).toHaveURL(/\/marques\/b$/);
    await expect(page.getByRole("heading", { level: 1, name: "Marques en B" })).toBeVisible();
    await expect(initials(page).getByRole("link", { name: "B", exact: true })).toHaveAttribute("aria-current", "page");
    const brands = page.getByRole("region", { name: /^\d+ marques?$/ }).getByRole("link");
    await expect(brands.first()).toBeVisible();
    const names = await brands.allTextContents();
    expect(names).toEqual(expect.arrayContaining(["Binance", "BoursoBank", "Bolt"]));
    expect(names.every((name) => /^b/i.test(name))).toBe(true);
    await brands.filter({ hasText: "Bolt" }).click();
    await expect(page).toHaveURL(/\/offres\/bolt$/);
    await expect(page.getByRole("heading", { level: 1, name: "Code parrainage Bolt" })).toBeVisible();
  });

  test("the footer leads to every initial, with how many brands each holds", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("contentinfo").getByRole("link", { name: "Marques de A à Z" }).click();
    await expect(page).toHaveURL(/\/marques$/);
    await expect(page.getByRole("heading", { level: 1, name: "Toutes les marques de A à Z" })).toBeVisible();
    const tile = page.getByRole("navigation", { name: "Initiales des marques" }).getByRole("link", { name: /^W/ });
    const count = Number((await tile.textContent())?.replace(/\D/g, ""));
    await tile.click();
    await expect(page).toHaveURL(/\/marques\/w$/);
    const brands = page.getByRole("region", { name: /^\d+ marques?$/ }).getByRole("link");
    await expect(brands).toHaveCount(count);
    expect(await brands.allTextContents()).toEqual(expect.arrayContaining(["Wanteeed", "WeWard", "Widilo", "Wise"]));
  });

  test("an initial with no brand, or a part it does not have, is not found", SERVER_HTML_ONLY, async ({ page }) => {
    for (const address of ["/marques/y", "/marques/b/ba", "/marques/%C3%A9"]) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(404);
    }
  });
});

test.describe("the A–Z index of thousands of brands", () => {
  test.use({ baseURL: INDEX_BASE_URL });

  test("an initial holding too many brands is split by the next letters, each part a page of its brands", async ({
    page,
    request,
  }) => {
    // The part pages the sitemap names, and the initial they split.
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const partPaths = [...sitemap.matchAll(/\/marques\/([a-z0-9-]+)\/([a-z0-9-]+)<\/loc>/g)];
    expect(partPaths.length).toBeGreaterThan(1);
    const initial = partPaths[0]![1]!;

    await page.goto("/marques");
    const tile = page.getByRole("navigation", { name: "Initiales des marques" }).getByRole("link", {
      name: new RegExp(`^${initial.toUpperCase()}\\s*\\d`),
    });
    const total = Number((await tile.textContent())?.replace(/\D/g, ""));
    await tile.click();
    await expect(page).toHaveURL(new RegExp(`/marques/${initial}$`));
    const parts = page.getByRole("navigation", { name: `Marques en ${initial.toUpperCase()}, par lettres` });
    const partLinks = parts.getByRole("link");
    // With JavaScript the address changes before the new page is drawn: read the parts once they are there.
    await expect(partLinks.first()).toBeVisible();
    const labels = await partLinks.allTextContents();
    const counts = labels.map((label) => Number(/(\d[\d\s\u202f]*) marques?$/.exec(label)?.[1]?.replace(/\D/g, "")));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(total);
    expect(Math.max(...counts)).toBeLessThanOrEqual(200);

    await partLinks.first().click();
    await expect(page).toHaveURL(new RegExp(`/marques/${initial}/[a-z0-9-]+$`));
    await expect(page.getByRole("heading", { level: 1, name: /^Marques de / })).toBeVisible();
    await expect(page.getByRole("region", { name: /marques?$/ }).getByRole("link")).toHaveCount(counts[0]!);
    await page.getByRole("link", { name: `Toutes les marques en ${initial.toUpperCase()}` }).click();
    await expect(page).toHaveURL(new RegExp(`/marques/${initial}$`));
  });

  test("its pages pass the HTML checker", SERVER_HTML_ONLY, async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const part = /\/marques\/[a-z0-9-]+\/[a-z0-9-]+(?=<\/loc>)/.exec(sitemap)?.[0] ?? "";
    await expectValidHtml(request, ["/marques", part.split("/").slice(0, 3).join("/"), part]);
  });
});
