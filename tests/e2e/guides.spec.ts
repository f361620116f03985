import { expect, testOnDedicatedSite } from "./fixtures";
import { axeViolations } from "./helpers";
import { OWNER_PASSWORD } from "./servers";
import { BROWSER_JOURNEY_MS } from "../support/timeouts";
import type { Browser, Page } from "@playwright/test";

/**
 * The owner writes a guide on a phone and on a laptop, with JavaScript and without: preview, publish, a save from a
 * second tab refused with the text kept, a version restored, unpublish; and a visitor reads it. Guides are stored,
 * so the journeys run against a server of their own, each project and screen with a guide of its own.
 */
const { test, newVisitorAddress } = testOnDedicatedSite("e2e-guides", 900);

const SCREENS = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "laptop", viewport: { width: 1280, height: 900 } },
] as const;

const BODY = [
  "## Ce que versent les banques",
  "",
  "[BoursoBank](/offres/boursobank) verse une prime à l'ouverture d'un compte.",
  "",
  "## Les conditions",
  "",
  "- un premier paiement ;",
  "- le code à l'inscription.",
  "",
  "## En bref",
  "",
  "Lisez les conditions avant de vous inscrire.",
].join("\n");

async function signedInOwner(browser: Browser, baseURL: string, javaScriptEnabled: boolean, viewport: object) {
  const context = await browser.newContext({
    baseURL,
    locale: "fr-FR",
    viewport: viewport as { width: number; height: number },
    javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": newVisitorAddress() },
  });
  const page = await context.newPage();
  await page.goto("/gestion/guides/nouveau");
  await page.getByLabel("Mot de passe").fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await page.goto("/gestion/guides/nouveau");
  await expect(page.getByRole("heading", { level: 1, name: "Nouveau guide" })).toBeVisible();
  return { context, page };
}

/** axe finds nothing and nothing is wider than the screen (in the JavaScript project: both run scripts). */
async function expectAccessible(page: Page, javaScriptEnabled: boolean, width: number, label: string) {
  if (!javaScriptEnabled) return;
  const violations = await axeViolations(page);
  expect(violations, `axe violations on ${label}:\n${violations.join("\n")}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(width);
}

for (const screen of SCREENS) {
  test(`the owner writes, previews, publishes, restores and unpublishes a guide (${screen.name})`, async ({
    browser,
    baseURL,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(BROWSER_JOURNEY_MS);
    const mark = `${testInfo.project.name === "javascript" ? "JS" : "HTML"} ${screen.name}`;
    const title = `Primes des banques en ligne (${mark})`;
    const { context, page } = await signedInOwner(browser, baseURL!, javaScriptEnabled, screen.viewport);

    await page.getByLabel("Titre", { exact: true }).fill(title);
    await page
      .getByLabel("Résumé", { exact: true })
      .fill("Ce que versent les banques en ligne, et à quelles conditions.");
    await page.getByLabel("Catégorie", { exact: true }).selectOption("finance");
    await page.getByLabel("Texte", { exact: true }).fill(BODY);
    if (javaScriptEnabled) {
      // The text, previewed as it is typed.
      const live = page.getByRole("region", { name: "Aperçu en direct" });
      await expect(live.getByRole("heading", { level: 2, name: "Ce que versent les banques" })).toBeVisible();
    }
    await page.getByRole("button", { name: "Aperçu", exact: true }).click();
    const preview = page.getByRole("region", { name: "Aperçu (rien n'est enregistré)" });
    await expect(preview.getByRole("heading", { level: 2, name: "Ce que versent les banques" })).toBeVisible();
    // What was typed is still in the form, to be published.
    await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(title);
    await expectAccessible(page, javaScriptEnabled, screen.viewport.width, "the preview");

    await page.getByRole("button", { name: "Publier", exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Guide publié" })).toBeVisible();
    const editPath = new URL(page.url()).pathname;
    expect(editPath).toMatch(/^\/gestion\/guides\/\d+$/);
    await expectAccessible(page, javaScriptEnabled, screen.viewport.width, "the writing form");

    // A second tab saves first: this tab's save is refused, its text kept.
    const other = await context.newPage();
    await other.goto(editPath);
    await other.getByLabel("Résumé", { exact: true }).fill("Le résumé de l'autre onglet.");
    await other.getByRole("button", { name: "Publier les modifications" }).click();
    await expect(other.getByRole("heading", { level: 2, name: "Guide publié" })).toBeVisible();
    await other.close();
    await page.getByLabel("Titre", { exact: true }).fill(`${title}, revu`);
    await page.getByRole("button", { name: "Publier les modifications" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Rien n'a été enregistré" })).toBeVisible();
    await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(`${title}, revu`);

    // The first version, restored.
    await page.goto(editPath);
    await page.getByRole("link", { name: /^Version 1 du/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "remise dans le formulaire" })).toBeVisible();
    await expect(page.getByLabel("Résumé", { exact: true })).toHaveValue(
      "Ce que versent les banques en ligne, et à quelles conditions.",
    );
    await page.getByRole("button", { name: "Publier les modifications" }).click();
    await expect(page.getByLabel("Résumé", { exact: true })).toHaveValue(
      "Ce que versent les banques en ligne, et à quelles conditions.",
    );

    // A visitor reads it.
    const publicPath = await page.getByRole("link", { name: "Voir la page publiée" }).getAttribute("href");
    const visitor = await browser.newContext({
      baseURL,
      locale: "fr-FR",
      viewport: screen.viewport,
      javaScriptEnabled,
      extraHTTPHeaders: { "X-Forwarded-For": newVisitorAddress() },
    });
    const reader = await visitor.newPage();
    await reader.goto("/guides");
    await reader.getByRole("link", { name: title }).click();
    await expect(reader).toHaveURL(new RegExp(`${publicPath}$`));
    await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(reader.getByText(/peut recevoir une récompense/).first()).toBeVisible();
    await expect(reader.getByRole("navigation", { name: "Sommaire" })).toBeVisible();
    const offers = reader.getByRole("region", { name: "Les offres de ce guide" });
    await expect(offers.getByRole("heading", { name: "BoursoBank" })).toBeVisible();
    await expectAccessible(reader, javaScriptEnabled, screen.viewport.width, "the guide");

    // Unpublished: gone for visitors.
    await page.getByRole("button", { name: "Dépublier" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Brouillon (non publié)" })).toBeVisible();
    const gone = await reader.goto(publicPath!);
    expect(gone?.status()).toBe(404);
    await visitor.close();
    await context.close();
  });
}
