import { expect, test } from "./fixtures";
import { axeViolations, holdRequests, JAVASCRIPT_ONLY, openDisclosure } from "./helpers";
import { FAILING_BASE_URL, storedMessages } from "./servers";
import type { Locator, Page } from "@playwright/test";

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

/** The fields a message form has, by their labels, and its submit button. */
function messageFields(form: Page | Locator, messageLabel: string, button: string) {
  return {
    name: form.getByLabel("Nom", { exact: true }),
    email: form.getByLabel("E-mail", { exact: true }),
    message: form.getByLabel(messageLabel, { exact: true }),
    send: form.getByRole("button", { name: button }),
  };
}

/** Opens the contact page (on `origin`, the site under test by default), for its form. */
async function openContactForm(page: Page, origin = "") {
  await page.goto(`${origin}/contact`);
  return {
    ...messageFields(page, "Message", "Envoyer le message"),
    subject: page.getByLabel("Sujet", { exact: true }),
  };
}

/** Opens a brand page, for the form of its question card. */
async function openQuestionForm(page: Page, slug: string) {
  await page.goto(`/offres/${slug}`);
  const card = page.getByRole("region", { name: "Une question sur cette offre ?" });
  await openDisclosure(card, "Poser une question");
  return { card, ...messageFields(card, "Votre question", "Envoyer ma question") };
}

test.describe("contact form", () => {
  test("an invalid message comes back with its errors and values, then the corrected one is sent and stored", async ({
    page,
    javaScriptEnabled,
  }) => {
    const form = await openContactForm(page);
    await expect(page.getByRole("heading", { level: 1, name: "Contactez-nous" })).toBeVisible();
    await form.name.fill(tooShort.name);
    await form.email.fill(tooShort.email);
    await form.subject.selectOption({ label: "Proposition d'un nouveau code" });
    await form.message.fill(tooShort.message);
    await form.send.click();

    await expectFieldError(page, "Nom", "Le nom doit comporter au moins 2 caractères");
    await expectFieldError(page, "E-mail", "Veuillez entrer une adresse e-mail valide");
    await expectFieldError(page, "Message", "Le message doit comporter au moins 10 caractères");
    await expect(form.name).toHaveValue(tooShort.name);
    await expect(form.email).toHaveValue(tooShort.email);
    await expect(form.subject).toHaveValue("new-code");
    await expect(form.message).toHaveValue(tooShort.message);
    if (javaScriptEnabled) await expect(form.name).toBeFocused();
    // Without JavaScript the answered page opens on the form, not at its top.
    else await expect(page.getByRole("heading", { level: 2, name: "Envoyer un message" })).toBeInViewport();
    await expectNoAxeViolations(page, javaScriptEnabled);

    const text = `Voici un nouveau code à ajouter, référence ${unique()}.`;
    await form.name.fill("Anne Martin");
    await form.email.fill("anne@exemple.fr");
    await form.message.fill(text);
    await form.send.click();

    const toast = page.getByRole("status").filter({ hasText: "Message envoyé !" });
    await expect(toast).toContainText("Merci pour votre message. Nous vous répondrons dès que possible.");
    await expect(page).toHaveURL(/\/contact(#contact-form-title)?$/);
    await expect(form.name).toHaveValue("");
    await expect(form.subject).toHaveValue("");
    await expect(form.message).toHaveValue("");
    await expect(form.name).not.toHaveAttribute("aria-invalid", "true");

    const stored = (await storedMessages()).filter((row) => row.message === text);
    expect(stored).toEqual([
      { name: "Anne Martin", email: "anne@exemple.fr", subject: "new-code", brand_name: null, message: text },
    ]);
  });

  test("the subject is required", async ({ page, javaScriptEnabled }) => {
    const form = await openContactForm(page);
    await form.name.fill("Anne Martin");
    await form.email.fill("anne@exemple.fr");
    await form.message.fill("Un message sans sujet choisi.");
    await form.send.click();
    if (javaScriptEnabled) {
      await expectFieldError(page, "Sujet", "Veuillez sélectionner un sujet");
    } else {
      // Without JavaScript the browser's own check on the required select stops the submission.
      expect(await form.subject.evaluate((select: HTMLSelectElement) => select.validity.valueMissing)).toBe(true);
      await expect(page).toHaveURL(/\/contact$/);
    }
    await expect(form.message).toHaveValue("Un message sans sujet choisi.");
  });

  test("a message the backend cannot take shows the 'Erreur' toast and keeps every value", async ({ page }) => {
    const form = await openContactForm(page, FAILING_BASE_URL);
    await form.name.fill("Anne Martin");
    await form.email.fill("anne@exemple.fr");
    await form.subject.selectOption("issue");
    await form.message.fill("Le lien de Binance ne fonctionne plus.");
    await form.send.click();

    const toast = page.getByRole("alert").filter({ hasText: "Erreur" });
    await expect(toast).toContainText("Une erreur est survenue lors de l'envoi de votre message. Veuillez réessayer.");
    await expect(form.name).toHaveValue("Anne Martin");
    await expect(form.email).toHaveValue("anne@exemple.fr");
    await expect(form.subject).toHaveValue("issue");
    await expect(form.message).toHaveValue("Le lien de Binance ne fonctionne plus.");
  });

  test("while sending with JavaScript the button reads 'Envoi en cours...' and is disabled", async ({
    page,
    javaScriptEnabled,
  }) => {
    const form = await openContactForm(page);
    await form.name.fill("Anne Martin");
    await form.email.fill("anne@exemple.fr");
    await form.subject.selectOption("question");
    await form.message.fill(`Question générale ${unique()}.`);
    if (javaScriptEnabled) {
      const release = await holdRequests(page, "**/contact.data*");
      await form.send.click();
      const pending = page.getByRole("button", { name: "Envoi en cours..." });
      await expect(pending).toBeDisabled();
      release();
    } else {
      await form.send.click();
    }
    await expect(page.getByRole("status").filter({ hasText: "Message envoyé !" })).toBeVisible();
  });
});

test.describe("per-offer question form", () => {
  test("asks a question about Binance: errors first, then sent and stored with the brand", async ({
    page,
    javaScriptEnabled,
  }) => {
    const { card, ...form } = await openQuestionForm(page, "binance");
    await expect(form.message).toHaveAttribute("placeholder", "Écrivez votre question concernant le code Binance...");
    await form.name.fill(tooShort.name);
    await form.email.fill("paul@exemple.fr");
    await form.message.fill(tooShort.message);
    await form.send.click();

    await expectFieldError(page, "Nom", "Le nom doit comporter au moins 2 caractères");
    await expectFieldError(page, "Votre question", "Le message doit comporter au moins 10 caractères");
    await expect(form.email).toHaveValue("paul@exemple.fr");
    if (javaScriptEnabled) await expect(form.name).toBeFocused();
    // Without JavaScript the page opens at the form: its first error is in view. (How far the page can scroll, and so
    // whether the section's heading above stays in view too, depends on what the other tests added to the page.)
    else await expect(card.getByText("Le nom doit comporter au moins 2 caractères", { exact: true })).toBeInViewport();
    await expectNoAxeViolations(page, javaScriptEnabled);

    const text = `Le code est-il encore valable ? ${unique()}`;
    await form.name.fill("Paul");
    await form.message.fill(text);
    await form.send.click();
    await expect(page.getByRole("status").filter({ hasText: "Message envoyé !" })).toBeVisible();
    await expect(page).toHaveURL(/\/offres\/binance(#question)?$/);
    await expect(form.message).toHaveValue("");
    // The form, sent, keeps its privacy link; with JavaScript its disclosure may close after the redirect.
    await expect(card.locator("a", { hasText: "Vos données personnelles" })).toHaveAttribute(
      "href",
      "/mentions-legales#donnees",
    );

    const stored = (await storedMessages()).filter((row) => row.message === text);
    expect(stored).toEqual([
      { name: "Paul", email: "paul@exemple.fr", subject: null, brand_name: "Binance", message: text },
    ]);
  });
});

test(
  "before the form's rules reach the browser, the server's errors stay with every value typed",
  JAVASCRIPT_ONLY,
  async ({ page }) => {
    // A slow network: the rules never arrive, so the server answers the invalid submissions.
    await page.route("**/message-validation-*.js", (route) => route.abort());
    for (const open of [() => openContactForm(page), () => openQuestionForm(page, "binance")]) {
      const form = await open();
      await form.name.fill(tooShort.name);
      await form.email.fill("paul@exemple.fr");
      await form.message.fill(tooShort.message);
      const answered = page.waitForResponse((response) => response.request().method() === "POST");
      await form.send.click();
      expect((await answered).status()).toBe(400);
      await expectFieldError(page, "Nom", "Le nom doit comporter au moins 2 caractères");
      // Once the page has settled (no data read again to empty the form), the errors and the values are still there.
      await page.waitForLoadState("networkidle");
      await expect(form.name).toHaveAttribute("aria-invalid", "true");
      await expect(form.name).toHaveValue(tooShort.name);
      await expect(form.email).toHaveValue("paul@exemple.fr");
      await expect(form.message).toHaveValue(tooShort.message);
    }
  },
);

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
  const form = await openContactForm(page);
  await form.email.fill("anne@exemple");
  await form.send.click();
  await expect(form.email).toHaveAttribute("aria-invalid", "true");
  await page.goto("/offres/binance");
  await page.getByRole("button", { name: "Copier le code Binance" }).click();
  expect(violations).toEqual([]);
});

test("the message rules come to the browser when a visitor reaches a form, then check it there", async ({
  page,
  javaScriptEnabled,
}) => {
  const rules = /\/build\/_shared\/message-validation-[^/]+\.js$/;
  const scripts: string[] = [];
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
    if (request.method() === "POST") posts.push(request.url());
  });
  const { card, ...form } = await openQuestionForm(page, "binance");
  expect(scripts.filter((url) => rules.test(url))).toEqual([]);

  const rulesLoaded = javaScriptEnabled ? page.waitForResponse(rules) : null;
  await form.name.fill(tooShort.name);
  expect((await rulesLoaded)?.status() ?? null).toBe(javaScriptEnabled ? 200 : null);
  // Arrived is not yet applied: the form says when its rules check it.
  if (javaScriptEnabled) await expect(card.locator("form")).toHaveAttribute("data-rules", "");
  await form.email.fill("paul@exemple.fr");
  await form.message.fill(tooShort.message);
  await form.send.click();
  await expectFieldError(page, "Nom", "Le nom doit comporter au moins 2 caractères");
  await expect(card.getByRole("textbox", { name: "Votre question" })).toHaveValue(tooShort.message);
  // With JavaScript the errors come from the browser; without, from the server's answer to the form.
  expect(posts).toHaveLength(javaScriptEnabled ? 0 : 1);
});
