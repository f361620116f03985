import { expect, test } from "./fixtures";
import type { Locator } from "@playwright/test";

/**
 * Reading and finding: an offer on a phone's first screen of every listing, a header that reaches every category
 * (and a phone menu Escape closes), brand pages that lead to similar offers, an unknown brand's page that helps,
 * and a refused form that says what to correct without hiding anything under the header.
 */

async function bottomOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.y + box!.height;
}

test.describe("on a 390 × 844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every listing shows its first offer's brand and headline on the first screen", async ({ page }) => {
    for (const path of ["/offres", "/offres?q=bin", "/offres?q=cashback", "/codes?cat=crypto", "/codes"]) {
      await page.goto(path);
      const card = page.locator("article.offer-card").first();
      expect(await bottomOf(card.locator("h3 a")), path).toBeLessThanOrEqual(844);
      expect(await bottomOf(card.locator(".offer-lines > p").first()), path).toBeLessThanOrEqual(844);
    }
  });

  test("a contact form refused without its fields opens with what to correct, below the header", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/contact");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Envoyer le message" }) });
    await form.getByLabel("Nom").fill("Anne");
    await form.getByLabel("E-mail", { exact: true }).fill("pas-une-adresse");
    await form.getByLabel("Message").fill("court");
    if (!javaScriptEnabled) {
      // The browser's own checks would stop the post before the server: without them, the server answers.
      await form.evaluate((element: HTMLFormElement) => (element.noValidate = true));
    }
    await form.getByRole("button", { name: "Envoyer le message" }).click();
    const summary = page.getByRole("heading", { name: /champs? à corriger avant l'envoi/ });
    await expect(summary).toBeVisible();
    await expect(page.getByRole("link", { name: /^E-mail\s: / })).toBeVisible();
    if (javaScriptEnabled) {
      await expect(page.getByLabel("E-mail", { exact: true })).toBeFocused();
    } else {
      const header = await bottomOf(page.locator("header").first());
      const title = await page.getByRole("heading", { name: "Envoyer un message" }).boundingBox();
      expect(title!.y).toBeGreaterThanOrEqual(header);
    }
  });
});

// Escape needs the page's script; without it the menu closes by its own button.
test("Escape closes the phone menu and gives the focus back to its button @javascript-only", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/offres");
  const button = page.locator("summary").filter({ hasText: "Menu" });
  await button.click();
  const menu = page.getByRole("navigation", { name: "Navigation mobile" });
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Crypto" }).focus();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
});

test("the laptop header reaches every category", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const header = page.getByRole("navigation", { name: "Navigation principale" });
  await header.getByText("Catégories").click();
  for (const name of ["Finance", "Crypto", "Alimentation", "Shopping", "Mobilité", "Paris", "Autres"]) {
    await expect(header.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await header.getByRole("link", { name: "Paris", exact: true }).click();
  await expect(page).toHaveURL(/\/codes\?cat=betting$/);
});

for (const [width, height] of [
  [390, 844],
  [1280, 900],
] as const) {
  test(`at ${width} × ${height} a brand page leads to similar offers, and an unknown brand to a search`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto("/offres/binance");
    const similar = page.getByRole("region", { name: "Offres similaires" });
    const links = similar.getByRole("link");
    await expect(links).toHaveCount(4);
    await expect(similar).toContainText("catégorie Crypto");
    await links.first().click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Code parrainage");

    await page.goto("/offres/betclic");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("betclic");
    const search = page.getByRole("searchbox", { name: "Rechercher une marque ou une offre" });
    await expect(search).toHaveValue("betclic");
    await page.getByRole("link", { name: "Proposez-le" }).click();
    await expect(page.getByLabel("Sujet")).toHaveValue("new-code");
  });
}
