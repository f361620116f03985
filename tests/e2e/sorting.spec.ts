import { expect, test } from "./fixtures";
import { cardBrands, offerList } from "./helpers";

test.describe("sorting a listing", () => {
  test("by amount, with or without JavaScript, keeping the category and then the search", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/codes?cat=crypto");
    const sort = page.getByRole("combobox", { name: "Trier par" });
    await expect(sort).toHaveValue("pertinence");
    if (javaScriptEnabled) {
      // Choosing an order is enough.
      await sort.selectOption("montant");
    } else {
      await sort.selectOption("montant");
      await page.getByRole("button", { name: "Trier", exact: true }).click();
    }
    await expect(page).toHaveURL(/\/codes\?cat=crypto&tri=montant$/);
    const list = await offerList(page, /^Codes parrainage Crypto/);
    // Dollars of crypto first, largest first; then percentages of fees; offers stating no amount last. Polled: with
    // JavaScript the address changes a moment before the list's heading, which a sort keeps, has new cards under it.
    await expect
      .poll(async () => (await cardBrands(list.cards)).slice(0, 3))
      .toEqual(["Crypto.com", "Coinbase", "Bitrefill"]);
    // Each group of like amounts has its heading, in the order of the list.
    const groups = list.region.getByRole("heading", { level: 3 }).filter({ hasText: /\(\d+\)$/ });
    await expect(groups.first()).toHaveText("Crypto-actif en dollars (2)");
    await expect(groups.nth(-2)).toHaveText(/^Sans montant annoncé \(\d+\)$/);
    await expect(groups.last()).toHaveText(/^Offres expirées \(\d+\)$/);
    // Indexed, under the unsorted listing's address.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/codes\?cat=crypto$/);
    await expect(page.getByRole("combobox", { name: "Trier par" })).toHaveValue("montant");

    // A search made in a sorted listing keeps its order and category.
    const search = page.getByRole("searchbox", { name: "Rechercher une marque ou un service" });
    await search.fill("bit");
    if (!javaScriptEnabled) await search.press("Enter");
    await expect(page).toHaveURL(/\/codes\?q=bit&cat=crypto&tri=montant$/);
    await expect(page.getByRole("combobox", { name: "Trier par" })).toHaveValue("montant");

    // How offers are ranked is a click away from the control.
    await page.getByRole("link", { name: "Comment les offres sont classées" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comment les offres sont classées");
    await expect(page.getByText(/aucun critère ci-dessus ne dépend de la récompense/)).toBeVisible();
  });

  test("the ranking is published and linked from every page's footer", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("contentinfo").getByRole("link", { name: "Comment les offres sont classées" }).click();
    await expect(page).toHaveURL(/\/comment-les-offres-sont-classees$/);
    await expect(page.getByText(/inférieur à 60\s%/)).toBeVisible();
  });
});
