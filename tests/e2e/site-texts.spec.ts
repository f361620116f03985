import { expect, testOnDedicatedSite } from "./fixtures";
import { axeViolations } from "./helpers";
import { OWNER_PASSWORD } from "./servers";
import { BROWSER_JOURNEY_MS } from "../support/timeouts";
import type { Page } from "@playwright/test";

/**
 * The owner changes the home page's FAQ on a phone and on a laptop, with JavaScript and without: a question added,
 * moved up with the list's buttons, previewed, saved, seen by a visitor on the page and in its structured data, then
 * the bundled text restored. Texts are stored, so the journeys run against a server of their own.
 */
const { test, newVisitorAddress } = testOnDedicatedSite("e2e-textes", 960);

const SCREENS = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "laptop", viewport: { width: 1280, height: 900 } },
] as const;

async function expectAccessible(page: Page, javaScriptEnabled: boolean, width: number, label: string) {
  if (!javaScriptEnabled) return;
  const violations = await axeViolations(page);
  expect(violations, `axe violations on ${label}:\n${violations.join("\n")}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(width);
}

/** The questions of the page's FAQPage structured data. */
const faqQuestions = async (page: Page) =>
  (await page.locator('script[type="application/ld+json"]').allTextContents())
    .map((text) => JSON.parse(text) as { "@type": string; mainEntity?: { name: string }[] })
    .find((block) => block["@type"] === "FAQPage")
    ?.mainEntity?.map((item) => item.name) ?? [];

for (const screen of SCREENS) {
  test(`the owner edits the home page's FAQ, then restores it (${screen.name})`, async ({
    browser,
    baseURL,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(BROWSER_JOURNEY_MS);
    const mark = `${testInfo.project.name === "javascript" ? "JS" : "HTML"} ${screen.name}`;
    const question = `Puis-je proposer une offre (${mark}) ?`;
    const shown = `Puis-je proposer une offre (${mark})\u202f?`;
    const contextOf = () =>
      browser.newContext({
        baseURL,
        locale: "fr-FR",
        viewport: screen.viewport,
        javaScriptEnabled,
        extraHTTPHeaders: { "X-Forwarded-For": newVisitorAddress() },
      });
    const owner = await contextOf();
    const page = await owner.newPage();
    await page.goto("/gestion/textes");
    await page.getByLabel("Mot de passe").fill(OWNER_PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.goto("/gestion/textes");
    await page.getByRole("link", { name: "Accueil · FAQ" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Accueil · FAQ" })).toBeVisible();
    await expectAccessible(page, javaScriptEnabled, screen.viewport.width, "the text's form");

    // A fifth question, written, then moved above the fourth: nothing is saved until "Enregistrer".
    await page.getByRole("button", { name: "Ajouter à « Questions »" }).click();
    await page.getByLabel("Question 5", { exact: true }).fill(question);
    await page.getByLabel("Réponse 5", { exact: true }).fill("Oui : écrivez-nous depuis la page de contact.");
    await page.getByRole("button", { name: "Monter question 5" }).click();
    await expect(page.getByLabel("Question 4", { exact: true })).toHaveValue(question);
    await page.getByRole("button", { name: "Aperçu" }).first().click();
    const preview = page.getByRole("region", { name: "Aperçu (rien n'est enregistré)" });
    await expect(preview.getByText(shown)).toBeVisible();
    await expectAccessible(page, javaScriptEnabled, screen.viewport.width, "the preview");
    await page.getByRole("button", { name: "Enregistrer" }).first().click();
    await expect(page.getByRole("heading", { level: 2, name: "Texte modifié" })).toBeVisible();

    // A visitor sees it on the page and in its structured data.
    const visitor = await (await contextOf()).newPage();
    await visitor.goto("/");
    const faq = visitor.getByRole("region", { name: "Questions fréquentes" });
    await faq.getByText(shown).click();
    await expect(faq.getByText("Oui\u00a0: écrivez-nous depuis la page de contact.")).toBeVisible();
    expect((await faqQuestions(visitor)).at(3)).toBe(shown);

    // The bundled text again, everywhere.
    await page.getByRole("button", { name: "Revenir au texte d'origine" }).first().click();
    await expect(page.getByRole("heading", { level: 2, name: "Texte d'origine" })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole("heading", { name: "Questions fréquentes" })).toBeVisible();
    expect(await faqQuestions(visitor)).not.toContain(shown);
    await expect(visitor.getByText(shown)).toHaveCount(0);
    await visitor.context().close();
    await owner.close();
  });
}
