import { BUNDLED_OFFERS } from "~/catalogue/offers";
import { expect, test } from "./fixtures";
import { openDisclosure, SERVER_HTML_ONLY } from "./helpers";
import type { Locator, Page } from "@playwright/test";

/** The code of a brand page (a box, or the sentence standing for it) and its link to the offer. */
function offerEssentials(page: Page) {
  const offer = page.getByRole("region", { name: "Offre de parrainage" });
  return {
    code: offer.locator(".code-box, .code-instruction").first(),
    link: offer.getByRole("link", { name: /^(Accéder à l'offre|Voir le site de) / }),
  };
}

async function bottomOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.y + box!.height;
}

const fontSize = (locator: Locator) => locator.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));

test.describe("a brand page is built around its code", () => {
  test(
    "on a phone and a laptop, every brand's code and link end within the first screen, in text of 16 px or more",
    SERVER_HTML_ONLY,
    async ({ page }) => {
      test.setTimeout(120_000);
      for (const [width, height] of [
        [390, 844],
        [1280, 900],
      ] as const) {
        await page.setViewportSize({ width, height });
        for (const offer of BUNDLED_OFFERS) {
          await page.goto(`/offres/${offer.slug}`);
          const { code, link } = offerEssentials(page);
          const where = `${offer.slug} at ${width} px`;
          // An ended offer's instruction is left out: it has no code, only the brand's site to offer.
          if (!offer.validUntil || (await code.count()) > 0) {
            expect(await bottomOf(code), `${where}: the code`).toBeLessThanOrEqual(height);
            expect(await fontSize(code), `${where}: the code's text`).toBeGreaterThanOrEqual(16);
          }
          if ((await link.count()) === 0) continue;
          expect(await bottomOf(link), `${where}: the link`).toBeLessThanOrEqual(height);
          expect(await fontSize(link), `${where}: the link's text`).toBeGreaterThanOrEqual(16);
          expect((await link.boundingBox())!.height, `${where}: the link's target`).toBeGreaterThanOrEqual(24);
        }
      }
    },
  );

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the copy button sits by the code in the first screen", async ({ page, javaScriptEnabled }) => {
      await page.goto("/offres/boursobank");
      const copy = page.getByRole("button", { name: /^Copier le code/ });
      if (!javaScriptEnabled) {
        // Without JavaScript nothing can copy: the code is plain selectable text.
        await expect(copy).toHaveCount(0);
        return;
      }
      await expect(copy).toBeInViewport({ ratio: 1 });
      expect((await copy.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    });
  });

  test("the question form is a disclosure, closed at first and open again with the server's errors", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/offres/fortuneo");
    const card = page.getByRole("region", { name: "Une question sur cette offre ?" });
    const message = card.getByLabel("Votre question", { exact: true });
    await expect(message).toBeHidden();
    await openDisclosure(card, "Poser une question");
    await card.getByLabel("Nom", { exact: true }).fill("P");
    await card.getByLabel("E-mail", { exact: true }).fill("paul@exemple.fr");
    await message.fill("Valable ?!");
    await card.getByRole("button", { name: "Envoyer ma question" }).click();
    await expect(card.getByText("Le nom doit comporter au moins 2 caractères", { exact: true })).toBeVisible();
    await expect(message).toHaveValue("Valable ?!");
    if (!javaScriptEnabled) await expect(card.locator("details")).toHaveAttribute("open", "");
  });

  test("an address pointing at a form opens it", async ({ page }) => {
    await page.goto("/offres/fortuneo#question");
    await expect(page.getByLabel("Votre question", { exact: true })).toBeVisible();
    await page.goto("/offres/fortuneo#votre-temoignage");
    await expect(page.getByLabel("Votre expérience avec Fortuneo")).toBeVisible();
  });

  test("an empty history is left out; an expired offer asks nothing", async ({ page }) => {
    await page.goto("/offres/revolut");
    await expect(page.getByRole("heading", { name: "Historique de l'offre" })).toHaveCount(0);
    await expect(page.getByText("Ce code a-t-il fonctionné ?")).toHaveCount(0);
    await expect(page.locator("summary", { hasText: "Écrire un témoignage" })).toHaveCount(0);
  });
});

test.describe("sharing a brand page", () => {
  test("without the Web Share API: WhatsApp, SMS, e-mail and the address to copy", async ({ page, baseURL }) => {
    await page.goto("/offres/boursobank");
    await openDisclosure(page, "Partager cette offre");
    const address = `${baseURL}/offres/boursobank`;
    const whatsapp = page.getByRole("link", { name: "WhatsApp" });
    const href = new URL((await whatsapp.getAttribute("href"))!);
    expect(href.origin).toBe("https://wa.me");
    expect(href.searchParams.get("text")).toBe(
      `BoursoBank\u00a0: jusqu'à 200\u00a0€ avec le code BOURSOPARRAIN ${address}`,
    );
    await expect(page.getByRole("link", { name: "SMS" })).toHaveAttribute("href", /^sms:\?&body=/);
    const mail = new URL((await page.getByRole("link", { name: "E-mail" }).getAttribute("href"))!);
    expect(mail.protocol).toBe("mailto:");
    expect(mail.searchParams.get("subject")).toBe("Code parrainage BoursoBank");
    await expect(page.getByRole("textbox", { name: "Adresse de la page" })).toHaveValue(address);
  });

  test("with the Web Share API, one button hands the page to the phone's share sheet (never a dead button)", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, "share", {
        value: (data: ShareData) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await page.goto("/offres/binance");
    const share = page.getByRole("button", { name: "Partager cette offre" });
    if (!javaScriptEnabled) {
      // The script that would call the API does not run: the links stay, and no button promises what cannot happen.
      await expect(share).toHaveCount(0);
      await expect(page.locator("summary", { hasText: "Partager cette offre" })).toBeVisible();
      return;
    }
    await share.click();
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    expect(shared).toEqual([
      {
        title: "Code parrainage Binance",
        text: "Binance\u00a0: 20\u00a0% avec le code CPBINANCE",
        url: expect.stringMatching(/\/offres\/binance$/),
      },
    ]);
  });
});
