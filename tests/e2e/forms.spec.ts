import { expect, test } from "./fixtures";
import { axeViolations } from "./helpers";
import { FAILING_BASE_URL, storedMessages } from "./servers";
import type { Page } from "@playwright/test";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Values the browser's own checks accept (required, type=email) but the site's rules refuse. */
const tooShort = { name: "A", email: "anne@exemple", message: "court" };

/** axe runs inside the page, so it needs JavaScript: the JavaScript project checks the same markup. */
async function expectNoAxeViolations(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  expect(await axeViolations(page)).toEqual([]);
}

async function expectFieldError(page: Page, label: string | RegExp, message: string) {
  const field = page.getByLabel(label, { exact: typeof label === "string" });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = await field.getAttribute("aria-describedby");
  expect(describedBy).toBeTruthy();
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(message);
}

test.describe("contact form", () => {
  test("an invalid message comes back with its errors and values, then the corrected one is sent and stored", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contactez-nous" })).toBeVisible();
    await page.getByLabel("Nom", { exact: true }).fill(tooShort.name);
    await page.getByLabel("Email", { exact: true }).fill(tooShort.email);
    await page.getByLabel("Sujet", { exact: true }).selectOption({ label: "Proposition d'un nouveau code" });
    await page.getByLabel("Message", { exact: true }).fill(tooShort.message);
    await page.getByRole("button", { name: "Envoyer le message" }).click();

    await expectFieldError(page, "Nom", "Le nom doit comporter au moins 2 caractères");
    await expectFieldError(page, "Email", "Veuillez entrer une adresse email valide");
    await expectFieldError(page, "Message", "Le message doit comporter au moins 10 caractères");
    await expect(page.getByLabel("Nom", { exact: true })).toHaveValue(tooShort.name);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(tooShort.email);
    await expect(page.getByLabel("Sujet", { exact: true })).toHaveValue("new-code");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(tooShort.message);
    if (javaScriptEnabled) await expect(page.getByLabel("Nom", { exact: true })).toBeFocused();
    // Without JavaScript the answered page opens on the form, not at its top.
    else await expect(page.getByRole("heading", { level: 2, name: "Envoyer un message" })).toBeInViewport();
    await expectNoAxeViolations(page, javaScriptEnabled);

    const text = `Voici un nouveau code à ajouter, référence ${unique()}.`;
    await page.getByLabel("Nom", { exact: true }).fill("Anne Martin");
    await page.getByLabel("Email", { exact: true }).fill("anne@exemple.fr");
    await page.getByLabel("Message", { exact: true }).fill(text);
    await page.getByRole("button", { name: "Envoyer le message" }).click();

    const toast = page.getByRole("status").filter({ hasText: "Message envoyé !" });
    await expect(toast).toContainText("Merci pour votre message. Nous vous répondrons dès que possible.");
    await expect(page).toHaveURL(/\/contact(#contact-form-title)?$/);
    await expect(page.getByLabel("Nom", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Sujet", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Nom", { exact: true })).not.toHaveAttribute("aria-invalid", "true");

    const stored = (await storedMessages()).filter((row) => row.message === text);
    expect(stored).toEqual([
      { name: "Anne Martin", email: "anne@exemple.fr", subject: "new-code", brand_name: null, message: text },
    ]);
  });

  test("the subject is required", async ({ page, javaScriptEnabled }) => {
    await page.goto("/contact");
    await page.getByLabel("Nom", { exact: true }).fill("Anne Martin");
    await page.getByLabel("Email", { exact: true }).fill("anne@exemple.fr");
    await page.getByLabel("Message", { exact: true }).fill("Un message sans sujet choisi.");
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    if (javaScriptEnabled) {
      await expectFieldError(page, "Sujet", "Veuillez sélectionner un sujet");
    } else {
      // Without JavaScript the browser's own check on the required select stops the submission.
      expect(
        await page
          .getByLabel("Sujet", { exact: true })
          .evaluate((select: HTMLSelectElement) => select.validity.valueMissing),
      ).toBe(true);
      await expect(page).toHaveURL(/\/contact$/);
    }
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Un message sans sujet choisi.");
  });

  test("a message the backend cannot take shows the 'Erreur' toast and keeps every value", async ({ page }) => {
    await page.goto(`${FAILING_BASE_URL}/contact`);
    await page.getByLabel("Nom", { exact: true }).fill("Anne Martin");
    await page.getByLabel("Email", { exact: true }).fill("anne@exemple.fr");
    await page.getByLabel("Sujet", { exact: true }).selectOption("issue");
    await page.getByLabel("Message", { exact: true }).fill("Le lien de Binance ne fonctionne plus.");
    await page.getByRole("button", { name: "Envoyer le message" }).click();

    const toast = page.getByRole("alert").filter({ hasText: "Erreur" });
    await expect(toast).toContainText("Une erreur est survenue lors de l'envoi de votre message. Veuillez réessayer.");
    await expect(page.getByLabel("Nom", { exact: true })).toHaveValue("Anne Martin");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("anne@exemple.fr");
    await expect(page.getByLabel("Sujet", { exact: true })).toHaveValue("issue");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Le lien de Binance ne fonctionne plus.");
  });

  test("while sending with JavaScript the button reads 'Envoi en cours...' and is disabled", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/contact");
    await page.getByLabel("Nom", { exact: true }).fill("Anne Martin");
    await page.getByLabel("Email", { exact: true }).fill("anne@exemple.fr");
    await page.getByLabel("Sujet", { exact: true }).selectOption("question");
    await page.getByLabel("Message", { exact: true }).fill(`Question générale ${unique()}.`);
    if (javaScriptEnabled) {
      // Hold the submission so its pending state can be seen.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/contact.data*", async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole("button", { name: "Envoyer le message" }).click();
      const pending = page.getByRole("button", { name: "Envoi en cours..." });
      await expect(pending).toBeDisabled();
      release();
    } else {
      await page.getByRole("button", { name: "Envoyer le message" }).click();
    }
    await expect(page.getByRole("status").filter({ hasText: "Message envoyé !" })).toBeVisible();
  });
});

test.describe("per-offer question form", () => {
  test("asks a question about Binance: errors first, then sent and stored with the brand", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/offres/binance");
    const card = page.getByRole("region", { name: "Une question sur cette offre ?" });
    await expect(card.getByLabel("Votre question", { exact: true })).toHaveAttribute(
      "placeholder",
      "Écrivez votre question concernant le code Binance...",
    );
    await card.getByLabel("Nom", { exact: true }).fill(tooShort.name);
    await card.getByLabel("Email", { exact: true }).fill("paul@exemple.fr");
    await card.getByLabel("Votre question", { exact: true }).fill(tooShort.message);
    await card.getByRole("button", { name: "Envoyer ma question" }).click();

    await expectFieldError(page, "Nom", "Le nom doit comporter au moins 2 caractères");
    await expectFieldError(page, "Votre question", "Le message doit comporter au moins 10 caractères");
    await expect(card.getByLabel("Email", { exact: true })).toHaveValue("paul@exemple.fr");
    if (javaScriptEnabled) await expect(card.getByLabel("Nom", { exact: true })).toBeFocused();
    else await expect(card.getByRole("heading", { level: 2, name: "Une question sur cette offre ?" })).toBeInViewport();
    await expectNoAxeViolations(page, javaScriptEnabled);

    const text = `Le code est-il encore valable ? ${unique()}`;
    await card.getByLabel("Nom", { exact: true }).fill("Paul");
    await card.getByLabel("Votre question", { exact: true }).fill(text);
    await card.getByRole("button", { name: "Envoyer ma question" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Message envoyé !" })).toBeVisible();
    await expect(page).toHaveURL(/\/offres\/binance(#question)?$/);
    await expect(card.getByLabel("Votre question", { exact: true })).toHaveValue("");
    await expect(card.getByRole("link", { name: "Vos données personnelles" })).toHaveAttribute(
      "href",
      "/mentions-legales#donnees",
    );

    const stored = (await storedMessages()).filter((row) => row.message === text);
    expect(stored).toEqual([
      { name: "Paul", email: "paul@exemple.fr", subject: null, brand_name: "Binance", message: text },
    ]);
  });
});

test("the pages with forms run within the Content-Security-Policy, client validation included", async ({
  page,
  javaScriptEnabled,
}) => {
  if (!javaScriptEnabled) {
    // Nothing runs in the page: what matters is that every script the server sends carries the policy's nonce.
    const response = await page.goto("/contact");
    const nonce = /'nonce-([^']+)'/.exec(response?.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const html = (await response?.text()) ?? "";
    for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) expect(tag).toContain(`nonce="${nonce}"`);
    return;
  }
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.sourceFile}`,
      ),
    );
  });
  await page.goto("/contact");
  await page.getByLabel("Email", { exact: true }).fill("anne@exemple");
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await page.goto("/offres/binance");
  await page.getByRole("button", { name: "Copier le code Binance" }).click();
  expect(violations).toEqual([]);
});
