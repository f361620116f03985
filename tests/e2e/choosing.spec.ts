import { FULL_WARNINGS, SHORT_WARNINGS } from "~/catalogue/risk-warnings";
import { HOW_OFFERS_ARE_RANKED, REWARD_ANCHOR } from "~/catalogue/site-pages";
import { expect, test } from "./fixtures";
import type { Locator } from "@playwright/test";

/**
 * The moment a visitor chooses an offer: who may be paid is said beside each link and code, each link names its
 * brand, what an offer risks is said on its card and on its page's first screen, and an ended offer reads as ended.
 * On a phone and a laptop, with and without JavaScript.
 */

const REWARD_PAGE = `${HOW_OFFERS_ARE_RANKED.path}#${REWARD_ANCHOR}`;

async function bottomOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.y + box!.height;
}

for (const [width, height] of [
  [390, 844],
  [1280, 900],
] as const) {
  test.describe(`at ${width} × ${height}`, () => {
    test.use({ viewport: { width, height } });

    test("every card says beside its link who may be paid, and each link names its brand", async ({ page }) => {
      await page.goto("/offres");
      const cards = page.locator("article.offer-card");
      const withLink = cards.filter({ has: page.getByRole("link", { name: /^Accéder à l'offre / }) });
      const count = await withLink.count();
      expect(count).toBeGreaterThan(30);

      const names = await page
        .getByRole("link", { name: /^Accéder à l'offre / })
        .evaluateAll((links) => links.map((link) => link.textContent));
      expect(new Set(names).size, "one name for each offer's link").toBe(names.length);
      expect(names).toContain("Accéder à l'offre BoursoBank (nouvel onglet)");

      // Each card with a link says, just above it, that using it may reward the site.
      const paid = withLink.locator("p.paid");
      await expect(paid).toHaveCount(count);
      for (const text of await paid.allTextContents()) {
        expect(text).toMatch(/^(Code et lien|Lien) de parrainage\s: le site peut être récompensé$/);
      }
      const first = withLink.first();
      const note = first.locator("p.paid");
      const link = first.getByRole("link", { name: /^Accéder à l'offre / });
      expect(await bottomOf(note)).toBeLessThanOrEqual((await link.boundingBox())!.y + 1);
      await expect(note.getByRole("link", { name: "le site peut être récompensé" })).toHaveAttribute(
        "href",
        REWARD_PAGE,
      );

      // On this local site the bundle's code and link are shown, each tagged as the example it is.
      const bourso = cards.filter({ has: page.getByRole("heading", { name: "BoursoBank" }) });
      for (const marked of [bourso.locator(".code-box > span"), bourso.getByRole("link", { name: /^Accéder/ })]) {
        const tag = await marked.evaluate((element) => getComputedStyle(element, "::after").content);
        expect(tag).toBe('"exemple"');
      }
    });

    test("a brand page says who may be paid within its first screen", async ({ page }) => {
      for (const slug of ["boursobank", "binance", "winamax", "wise"]) {
        await page.goto(`/offres/${slug}`);
        const offer = page.getByRole("region", { name: "Offre de parrainage" });
        const note = offer.locator("p.paid");
        await expect(note, slug).toContainText("de parrainage : le site peut être récompensé");
        expect(await bottomOf(note), `${slug}: the note`).toBeLessThanOrEqual(height);
        // The full paragraph stays, under the offer.
        await expect(offer.getByText(/^Transparence\s: /)).toHaveCount(1);
      }
      await page
        .getByRole("region", { name: "Offre de parrainage" })
        .getByRole("link", { name: "le site peut être récompensé" })
        .click();
      await expect(page).toHaveURL(new RegExp(`${REWARD_PAGE}$`));
      await expect(page.getByRole("heading", { name: "Ce que gagne l'éditeur" })).toBeVisible();
    });

    test("an investment carries the capital-loss warning on its card and its page's first screen", async ({ page }) => {
      await page.goto("/codes/finance");
      for (const brand of ["Trade Republic", "Bricks", "La Première Brique", "Vivid"]) {
        const card = page.locator("article.offer-card").filter({ has: page.getByRole("heading", { name: brand }) });
        await expect(card.locator("p.risk-notice"), brand).toHaveText(SHORT_WARNINGS.investment);
      }
      const bank = page
        .locator("article.offer-card")
        .filter({ has: page.getByRole("heading", { name: "BoursoBank" }) });
      await expect(bank.locator("p.risk-notice, p.betting-notice")).toHaveCount(0);

      for (const [slug, text] of [
        ["trade-republic", FULL_WARNINGS.investment],
        ["binance", FULL_WARNINGS.crypto],
        ["winamax", /^18\+Interdit aux mineurs\. Les jeux d'argent/],
      ] as const) {
        await page.goto(`/offres/${slug}`);
        const offer = page.getByRole("region", { name: "Offre de parrainage" });
        const warning = offer.locator("p.risk-notice, p.betting-notice");
        await expect(warning, slug).toHaveText(text);
        expect(await bottomOf(warning), `${slug}: the warning`).toBeLessThanOrEqual(height);
      }
    });

    test("an ended offer's card leads with 'Offre expirée', what it gave struck through", async ({ page }) => {
      await page.goto("/codes/finance");
      const card = page.locator("article.offer-card").filter({ has: page.getByRole("heading", { name: "Revolut" }) });
      await expect(card.locator(".offer-lines > p").first()).toHaveText("Offre expirée");
      await expect(card.locator(".offer-lines s")).toHaveText(/^50\s€$/);
      // No link to the offer, no instruction pointing to one, no word on who is paid.
      await expect(card.getByRole("link", { name: /Accéder à l'offre/ })).toHaveCount(0);
      await expect(card.getByText(/Cliquez sur le lien/)).toHaveCount(0);
      await expect(card.locator("p.paid")).toHaveCount(0);
      const struck = await card.locator(".offer-lines s").evaluate((element) => getComputedStyle(element).fontSize);
      const lead = await card
        .locator(".offer-lines > p")
        .first()
        .evaluate((element) => getComputedStyle(element).fontSize);
      expect(parseFloat(struck)).toBeLessThan(parseFloat(lead));
    });
  });
}
