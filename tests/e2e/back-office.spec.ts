import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { axeViolations, SERVER_HTML_ONLY } from "./helpers";
import { FAILING_BASE_URL, OWNER_PASSWORD } from "./servers";
import { BROWSER_JOURNEY_MS, BROWSER_TEST_MS } from "../support/timeouts";
import type { Page } from "@playwright/test";

/** Each project edits an offer of its own: the two run at the same time on one server. */
const OFFER = {
  javascript: { slug: "weward", brand: "WeWard" },
  "no-javascript": { slug: "wanteeed", brand: "Wanteeed" },
};

/** The offer each project imports a new code for. */
const IMPORTED = {
  javascript: { slug: "lovable", brand: "Lovable" },
  "no-javascript": { slug: "vexub", brand: "Vexub" },
};

/**
 * The exported CSV cut to its header and the line of the offer `slug`, whose code (the fifth cell) is replaced. An
 * owner may keep only the lines they change; the other journeys, running meanwhile, edit other offers, which a whole
 * file would write back or whose change since the preview would refuse the import (the 409 the integration tests
 * check).
 */
function withCode(csv: string, slug: string, code: string): string {
  const [header, ...lines] = csv.split("\r\n");
  const line = lines.find((candidate) => candidate.startsWith(`"${slug}",`));
  if (!line) throw new Error(`No line for ${slug} in the export`);
  const cells = line.match(/"(?:[^"]|"")*"/g) ?? [];
  cells[4] = `"${code}"`;
  return [header, cells.join(",")].join("\r\n");
}

async function signIn(page: Page) {
  await page.goto("/gestion");
  await expect(page).toHaveURL(/\/gestion\/connexion$/);
  await page.getByLabel("Mot de passe").fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
}

/**
 * axe finds nothing, and nothing is wider than the phone's screen. Both run scripts in the page, which a page
 * without JavaScript cannot: the same markup is checked there by the JavaScript project.
 */
async function expectAccessibleOnPhone(page: Page, javaScriptEnabled: boolean, label: string) {
  if (!javaScriptEnabled) return;
  const violations = await axeViolations(page);
  expect(violations, `axe violations on ${label}:\n${violations.join("\n")}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(390);
}

test.describe("the back office on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("signs in, reads the messages, changes a code seen at once on the public page, signs out", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }, testInfo) => {
    // A journey through five pages, four of them checked by axe.
    test.setTimeout(BROWSER_JOURNEY_MS);
    const offer = OFFER[testInfo.project.name as keyof typeof OFFER];
    const visitor = `Visiteur ${randomUUID().slice(0, 8)}`;
    const sent = await page.request.post("/contact", {
      headers: { Origin: baseURL ?? "" },
      form: {
        name: visitor,
        email: "visiteur@exemple.fr",
        subject: "question",
        message: "Bonjour, une question sur la gestion.",
        submissionId: randomUUID(),
      },
      maxRedirects: 0,
    });
    expect(sent.status()).toBe(303);

    await signIn(page);
    await expect(page.getByRole("heading", { level: 2, name: "Question" }).first()).toBeVisible();
    await expect(page.getByText(visitor)).toBeVisible();
    await expectAccessibleOnPhone(page, javaScriptEnabled, "/gestion");

    await page.getByRole("link", { name: "Offres", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Offres" })).toBeVisible();
    await expectAccessibleOnPhone(page, javaScriptEnabled, "/gestion/offres");

    await page.getByRole("link", { name: offer.brand, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: offer.brand })).toBeVisible();
    await expectAccessibleOnPhone(page, javaScriptEnabled, `/gestion/offres/${offer.slug}`);
    const code = `NEUF-${randomUUID().slice(0, 6).toUpperCase()}`;
    await page.getByLabel("Code de parrainage").fill(code);
    await page.getByLabel("Montant (facultatif)").fill("2,50");
    await page.getByLabel("Nature de l'avantage").selectOption("cashback");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Offre enregistrée")).toBeVisible();
    await expect(page.getByLabel("Code de parrainage")).toHaveValue(code);
    await expect(page.getByLabel("Montant (facultatif)")).toHaveValue("2,5");

    await page.goto(`/offres/${offer.slug}`);
    await expect(page.getByText(code).first()).toBeVisible();
    // The change is in the offer's history, dated, said in full.
    const history = page.getByRole("region", { name: "Historique de l'offre" });
    await expect(history.getByRole("listitem").first()).toContainText(/\d{1,2} \S+ \d{4} · Modifiée/);
    await expect(history).toContainText("Montant annoncé : 2,50 €");
    // Each project edits its own offer: one whose kind was stated, one whose kind was not.
    await expect(history).toContainText(/Cashback \(avant\s: |Nature annoncée\s: Cashback/);
    await expect(history).toContainText("Nouveau code");

    await page.goto("/gestion");
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Gestion du site" })).toBeVisible();
    await expect(page.getByText("Déconnecté")).toBeVisible();
    await expectAccessibleOnPhone(page, javaScriptEnabled, "/gestion/connexion");
    await page.goto("/gestion/offres");
    await expect(page).toHaveURL(/\/gestion\/connexion$/);
  });

  test("exports the offers, and imports them back from the phone: a preview, then the confirmation", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(BROWSER_JOURNEY_MS);
    const offer = IMPORTED[testInfo.project.name as keyof typeof IMPORTED];
    await signIn(page);
    await page.getByRole("link", { name: "Offres", exact: true }).click();
    const exported = await page.request.get("/gestion/offres.csv");
    expect(exported.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const code = `CSV-${randomUUID().slice(0, 6).toUpperCase()}`;
    const edited = withCode(await exported.text(), offer.slug, code);

    await page.getByRole("link", { name: "Importer un fichier CSV" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Importer des offres" })).toBeVisible();
    await expectAccessibleOnPhone(page, javaScriptEnabled, "/gestion/import");
    await page.getByLabel("Fichier CSV des offres").setInputFiles({
      name: "offres.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(edited),
    });
    await page.getByRole("button", { name: "Voir l'aperçu" }).click();
    const preview = page.getByRole("region", { name: "Aperçu" });
    await expect(
      preview.getByRole("heading", { name: new RegExp(`^Ligne \\d+\\s: ${offer.brand}, modifiée$`) }),
    ).toBeVisible();
    await expect(preview).toContainText(`→ ${code}`);
    await expectAccessibleOnPhone(page, javaScriptEnabled, "/gestion/import (aperçu)");
    // Nothing is written before the confirmation: a visitor still sees the old code.
    const visitor = await page.context().newPage();
    await visitor.goto(`/offres/${offer.slug}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(visitor.getByText(code)).toHaveCount(0);
    await visitor.close();

    await page.getByRole("button", { name: /^Appliquer l'import \(\d+\soffres?\)$/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Offres" })).toBeVisible();
    await expect(page.getByText("Import appliqué")).toBeVisible();
    await page.goto(`/offres/${offer.slug}`);
    await expect(page.getByText(code).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Historique de l'offre" })).toContainText("Nouveau code");
  });

  test("says a wrong password in French and keeps the owner on the sign-in page", async ({ page }) => {
    await page.goto("/gestion/connexion");
    await page.getByLabel("Mot de passe").fill("pas-le-bon-mot-de-passe");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Mot de passe incorrect." })).toBeVisible();
    await expect(page).toHaveURL(/\/gestion\/connexion$/);
  });

  test("finds a message by a word of it, and marking it handled keeps the search", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    const word = `mot${randomUUID().slice(0, 8)}`;
    const sent = await page.request.post("/contact", {
      headers: { Origin: baseURL ?? "" },
      form: {
        name: "Visiteur cherché",
        email: "cherche@exemple.fr",
        subject: "question",
        message: `Une question qui contient le ${word} à retrouver.`,
        submissionId: randomUUID(),
      },
      maxRedirects: 0,
    });
    expect(sent.status()).toBe(303);

    await signIn(page);
    const search = page.getByRole("search");
    await search.getByLabel("Rechercher dans les messages").fill(word.toUpperCase());
    await search.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(new RegExp(`/gestion\\?q=${word.toUpperCase()}$`));
    await expect(page.getByText(`1 message contenant « ${word.toUpperCase()} »`)).toBeVisible();
    const messages = page.getByRole("list", { name: "Messages, du plus récent au plus ancien" }).getByRole("listitem");
    await expect(messages).toHaveCount(1);
    await expect(messages).toContainText(word);

    await messages.getByRole("button", { name: "Marquer traité" }).click();
    await expect(page).toHaveURL(new RegExp(`/gestion\\?q=${word.toUpperCase()}$`));
    await expect(messages.getByRole("button", { name: "Marquer à traiter" })).toBeVisible();
    await expectAccessibleOnPhone(page, javaScriptEnabled, "/gestion?q=");

    await page.getByRole("link", { name: "Tous les messages" }).click();
    await expect(page).toHaveURL(/\/gestion$/);
    await expect(page.getByRole("search").getByLabel("Rechercher dans les messages")).toHaveValue("");
  });
});

// Its own context refuses the site's scripts, whichever project runs it: once is the whole check.
test(
  "the back office's pages as the server sends them, scripts refused, pass axe on a phone and a computer",
  SERVER_HTML_ONLY,
  async ({ browser, baseURL }) => {
    // Ten pages audited by axe: three times a test's usual time.
    test.setTimeout(3 * BROWSER_TEST_MS);
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 720 },
    ]) {
      // As openServerRendered does: the DOM stays the server's HTML, which axe (injected by Playwright) audits.
      const context = await browser.newContext({ baseURL, locale: "fr-FR", viewport, javaScriptEnabled: true });
      await context.route("**/*", (route) =>
        route.request().resourceType() === "script" ? route.abort() : route.continue(),
      );
      const page = await context.newPage();
      await page.goto("/gestion/connexion");
      for (const path of [
        "/gestion/connexion",
        "/gestion",
        "/gestion/offres",
        "/gestion/offres/binance",
        "/gestion/import",
      ]) {
        if (path === "/gestion") {
          await page.getByLabel("Mot de passe").fill(OWNER_PASSWORD);
          await page.getByRole("button", { name: "Se connecter" }).click();
        }
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        const violations = await axeViolations(page);
        expect(violations, `axe violations on ${path} (${viewport.width} px):\n${violations.join("\n")}`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      }
      await context.close();
    }
  },
);

test("with hosted Supabase and no service role key, the back office says which key to set", async ({ page }) => {
  await page.goto(`${FAILING_BASE_URL}/gestion/connexion`);
  await page.getByLabel("Mot de passe").fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("SUPABASE_SERVICE_ROLE_KEY")).toBeVisible();
});
