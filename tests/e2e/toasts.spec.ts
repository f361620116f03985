import { expect, test } from "./fixtures";
import { axeViolations, openDisclosure } from "./helpers";
import { FAILING_BASE_URL } from "./servers";
import type { Locator, Page } from "@playwright/test";

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
const LAPTOP = { width: 1366, height: 768 };

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The two message forms: where they are, how they are filled, and their submit button. */
const FORMS = {
  contact: {
    path: "/contact",
    button: "Envoyer le message",
    async fill(page: Page) {
      await page.getByLabel("Nom", { exact: true }).fill("Anne Martin");
      await page.getByLabel("E-mail", { exact: true }).fill("anne@exemple.fr");
      await page.getByLabel("Sujet", { exact: true }).selectOption("question");
      await page.getByLabel("Message", { exact: true }).fill(`Une question générale sur le site, ${unique()}.`);
    },
  },
  question: {
    path: "/offres/n26",
    button: "Envoyer ma question",
    async fill(page: Page) {
      const card = page.getByRole("region", { name: "Une question sur cette offre ?" });
      await openDisclosure(card, "Poser une question");
      await card.getByLabel("Nom", { exact: true }).fill("Paul Durand");
      await card.getByLabel("E-mail", { exact: true }).fill("paul@exemple.fr");
      await card.getByLabel("Votre question", { exact: true }).fill(`Le code N26 est-il encore valable ? ${unique()}`);
    },
  },
} as const;

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator, what: string): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, `${what} is laid out`).not.toBeNull();
  return found!;
}

/**
 * Sends a form and checks the toast it raises: in the live region its kind calls for, with its icon and the word
 * saying its kind, within the viewport, under the sticky header, and clear of the form's submit button. The pointer
 * rests on the toast while it is looked at, which holds it (its 5 s timer with JavaScript, its CSS animation without):
 * on a busy machine the checks take longer than a toast stays.
 */
async function sendAndCheckToast(
  page: Page,
  {
    baseURL = "",
    form,
    region,
    title,
    kind,
  }: {
    baseURL?: string;
    form: (typeof FORMS)[keyof typeof FORMS];
    region: "status" | "alert";
    title: string;
    kind: string;
  },
) {
  await page.goto(`${baseURL}${form.path}`);
  await form.fill(page);
  await page.getByRole("button", { name: form.button }).click();

  const toast = page.getByRole(region).locator("[data-toast]").filter({ hasText: title });
  await expect(toast).toBeVisible();
  // The pointer rests on it, as a reader's would: it stays while it is looked at, then leaves by itself.
  await toast.hover();
  try {
    return await checkToast(page, toast, form, kind, title);
  } finally {
    await page.mouse.move(0, 0);
  }
}

async function checkToast(
  page: Page,
  toast: Locator,
  form: (typeof FORMS)[keyof typeof FORMS],
  kind: string,
  title: string,
) {
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  await expect(toast.getByText(kind, { exact: true })).toBeVisible();
  await expect(toast.locator('svg[data-state="toast"]')).toBeVisible();

  const button = page.getByRole("button", { name: form.button });
  await expect(button).toBeVisible();
  // The answered page opens on the form: its button is on screen, which makes the check below meaningful.
  await expect(button).toBeInViewport();

  const viewport = page.viewportSize()!;
  const toastBox = await box(toast, "the toast");
  const buttonBox = await box(button, "the submit button");
  const headerBox = await box(page.getByRole("banner"), "the site header");
  expect(toastBox.x).toBeGreaterThanOrEqual(0);
  expect(toastBox.y).toBeGreaterThanOrEqual(0);
  expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(viewport.width);
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(viewport.height);
  expect(
    intersects(toastBox, buttonBox),
    `toast ${JSON.stringify(toastBox)} leaves the button ${JSON.stringify(buttonBox)} free`,
  ).toBe(false);
  // The header sticks to the top of the screen: the toast shows below it, not under it.
  expect(
    intersects(toastBox, headerBox),
    `toast ${JSON.stringify(toastBox)} is clear of the header ${JSON.stringify(headerBox)}`,
  ).toBe(false);
  // And the button can still be pressed where it is.
  await button.click({ trial: true });
  await toast.hover();
  // axe runs inside the page, so only where JavaScript runs: the type word and the icon keep their contrast.
  if (test.info().project.use.javaScriptEnabled !== false) {
    expect(await axeViolations(page, { include: "[data-toast]" })).toEqual([]);
  }
  return { toast, toastBox, viewport };
}

/** A contact message sent and its success toast. */
const SENT_CONTACT = { form: FORMS.contact, region: "status", title: "Message envoyé !", kind: "Succès" } as const;
/** A contact message the backend cannot take, and its error toast. */
const FAILED_CONTACT = {
  baseURL: FAILING_BASE_URL,
  form: FORMS.contact,
  region: "alert",
  title: "Erreur",
  kind: "Erreur",
} as const;

/** Runs the page's CSS animations to their end at once, as the 8 s of a toast without JavaScript would. */
const finishAnimations = (page: Page) =>
  page.evaluate(() => document.getAnimations().forEach((animation) => animation.finish()));

test.describe("toasts on a phone (390 × 844)", () => {
  test.use({ viewport: PHONE });

  test("a sent message: 'Succès' toast with its icon at the top, clear of the contact form's button", async ({
    page,
  }) => {
    const { toastBox, viewport } = await sendAndCheckToast(page, SENT_CONTACT);
    expect(toastBox.y + toastBox.height, "the toast sits in the upper part of the screen").toBeLessThan(
      viewport.height / 2,
    );
  });

  test("a sent question on a brand page: 'Succès' toast clear of its button", async ({ page }) => {
    const { toast } = await sendAndCheckToast(page, {
      form: FORMS.question,
      region: "status",
      title: "Message envoyé !",
      kind: "Succès",
    });
    await expect(toast).toContainText("Merci pour votre message. Nous vous répondrons dès que possible.");
  });

  test("a message the backend cannot take: 'Erreur' toast with its icon, clear of the button", async ({ page }) => {
    const { toast } = await sendAndCheckToast(page, FAILED_CONTACT);
    await expect(toast).toContainText("Une erreur est survenue lors de l'envoi de votre message. Veuillez réessayer.");
    // The title already names the kind: it is not said twice.
    await expect(toast.getByText("Erreur", { exact: true })).toHaveCount(1);
  });

  test("a success leaves by itself, with or without JavaScript, and no longer covers what was under it", async ({
    page,
  }) => {
    const { toast, toastBox } = await sendAndCheckToast(page, SENT_CONTACT);
    if (test.info().project.use.javaScriptEnabled === false) {
      await expect(toast).toBeVisible();
      await finishAnimations(page);
    }
    // With JavaScript, its 5 s timer takes it away.
    await expect(toast).toBeHidden({ timeout: 8_000 });
    const center = { x: toastBox.x + toastBox.width / 2, y: toastBox.y + toastBox.height / 2 };
    const underneath = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest("[data-toast]"),
      center,
    );
    expect(underneath, "what the toast covered takes clicks again").toBeNull();
  });

  test("an error stays until the page changes when no script can close it", async ({ page }) => {
    const { toast } = await sendAndCheckToast(page, FAILED_CONTACT);
    await finishAnimations(page);
    if (test.info().project.use.javaScriptEnabled === false) await expect(toast).toBeVisible();
    else await expect(toast).toBeHidden({ timeout: 8_000 });
  });
});

for (const [name, viewport] of [
  ["a tablet (768 × 1024)", TABLET],
  ["a laptop (1366 × 768)", LAPTOP],
] as const) {
  test.describe(`toasts on ${name}`, () => {
    test.use({ viewport });

    test("a sent message: the toast shows at the top right, clear of the form's button", async ({ page }) => {
      const { toastBox, viewport } = await sendAndCheckToast(page, {
        form: FORMS.contact,
        region: "status",
        title: "Message envoyé !",
        kind: "Succès",
      });
      expect(toastBox.x + toastBox.width / 2, "right half of the screen").toBeGreaterThan(viewport.width / 2);
      expect(toastBox.y + toastBox.height, "upper half of the screen").toBeLessThan(viewport.height / 2);
    });
  });
}

test.describe("toasts on a laptop (1366 × 768)", () => {
  test.use({ viewport: LAPTOP });

  test("a failed send: the 'Erreur' toast at the top right, clear of the form's button", async ({ page }) => {
    const { toastBox, viewport } = await sendAndCheckToast(page, FAILED_CONTACT);
    expect(toastBox.x).toBeGreaterThan(viewport.width / 2);
    expect(toastBox.y + toastBox.height).toBeLessThan(viewport.height / 2);
  });
});
