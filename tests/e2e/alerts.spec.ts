import { test as base, expect, gotoWaitsForHydration, withDedicatedSite, type DedicatedSite } from "./fixtures";
import { axeViolations, expectValidHtml } from "./helpers";
import { n26OfferForm, OWNER_PASSWORD, postForm, signIn } from "../support/back-office";
import { alertingSiteEnv, startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { BROWSER_JOURNEY_MS, SITE_SET_UP_MS } from "../support/timeouts";
import { ownNetworkAddress } from "../support/visitor-addresses";
import { LOG_PASSES, visitorAlertsSettled } from "../support/worker-passes";
import type { Page } from "@playwright/test";

/**
 * "Me prévenir", with and without JavaScript, on a 390 px phone, against a site of its own that e-mails through a
 * real SMTP server: subscribe on a brand page, confirm with the button of the e-mail's page, hear once of the
 * owner's improvement, stop a second topic from the list page, leave by the one-click POST of RFC 8058, then hear
 * nothing more.
 */
const test = base.extend<object, { alerts: DedicatedSite & { smtp: TestSmtpServer } }>({
  alerts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const smtp = await startSmtpServer();
      try {
        await withDedicatedSite(
          "e2e-alertes",
          { TRUST_PROXY: "loopback", OWNER_PASSWORD, ...alertingSiteEnv(smtp), ...LOG_PASSES },
          (site) => use({ ...site, smtp }),
        );
      } finally {
        await smtp.stop();
      }
    },
    { scope: "worker", timeout: SITE_SET_UP_MS },
  ],
  baseURL: async ({ alerts }, use) => use(alerts.url),
  page: async ({ page, javaScriptEnabled }, use) => {
    gotoWaitsForHydration(page, javaScriptEnabled);
    await use(page);
  },
});

/** The site's links name SITE_URL (unset here: the default's): the same path on the site under test. */
const local = (link: string | undefined) => new URL(link ?? "/", "http://localhost").pathname;

async function expectAccessible(page: Page, javaScriptEnabled: boolean, label: string) {
  // axe runs scripts in the page; the JavaScript project checks the same server markup.
  if (!javaScriptEnabled) return;
  const violations = await axeViolations(page);
  expect(violations, `axe violations on ${label}:\n${violations.join("\n")}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(390);
}

test.describe("e-mail alerts on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("subscribe, confirm with the button, hear once of an improvement, stop a topic, leave in one click", async ({
    page,
    alerts,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(BROWSER_JOURNEY_MS);
    const email = `alerte-${testInfo.project.name}@exemple.fr`;
    const owner = { Cookie: await signIn(alerts.server), "X-Forwarded-For": ownNetworkAddress(900) };
    const raiseN26 = (amount: number) =>
      postForm(alerts.server, "/gestion/offres/n26", n26OfferForm(`N26E2E${amount}`, amount), owner);

    await page.goto("/offres/n26");
    const form = page.getByRole("form", { name: "Me prévenir des offres de N26" });
    await expect(form.getByRole("checkbox", { name: /J'accepte de recevoir/ })).not.toBeChecked();
    await expectAccessible(page, javaScriptEnabled, "/offres/n26 (formulaire d'alerte)");
    await form.getByLabel("Votre adresse e-mail").fill(email);
    // Sent without the consent: refused in French, the address kept (the browser's own check is bypassed).
    await form.evaluate((element) => element.setAttribute("novalidate", ""));
    await form.getByRole("button", { name: "Me prévenir" }).click();
    await expect(page.getByText("Cochez la case pour accepter de recevoir ces e-mails", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Votre adresse e-mail")).toHaveValue(email);
    await expectAccessible(page, javaScriptEnabled, "/alertes (refusé)");
    // It opens with what to correct: a link to the box to tick, which brings it into view.
    await expect(page.getByRole("heading", { name: "Un champ à corriger avant l'envoi\u00a0:" })).toBeVisible();
    await page.getByRole("link", { name: /^Consentement\s: Cochez la case/ }).click();
    await expect(page.getByRole("checkbox", { name: /J'accepte de recevoir/ })).toBeInViewport();
    await page.getByRole("checkbox", { name: /J'accepte de recevoir/ }).check();
    await page.getByRole("button", { name: "Me prévenir" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Vérifiez votre boîte e-mail" })).toBeVisible();
    await expectAccessible(page, javaScriptEnabled, "/alertes (envoyé)");

    const [confirmation] = await alerts.smtp.mailsTo(email, 1);
    const confirmLink = local(/https?:\/\/\S+\/alertes\/confirmer\/[0-9a-f]{64}/.exec(confirmation?.text ?? "")?.[0]);
    await page.goto(confirmLink);
    await expectAccessible(page, javaScriptEnabled, "/alertes/confirmer");
    await page.getByRole("button", { name: "Confirmer" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Votre alerte est confirmée" })).toBeVisible();

    expect((await raiseN26(25)).status).toBe(303);
    const [, alert] = await alerts.smtp.mailsTo(email, 2);
    expect(alert?.subject).toBe("Publicité - Offre améliorée : N26");
    expect(alert?.text).toContain("25\u00a0€ (avant : 15\u00a0€)");
    const manage = local(/https?:\/\/\S+\/alertes\/gerer\/[0-9a-f]{64}/.exec(alert?.text ?? "")?.[0]);
    const unsubscribe = local(/https?:\/\/\S+\/alertes\/desabonner\/[0-9a-f]{64}/.exec(alert?.text ?? "")?.[0]);
    await page.goto(manage);
    const follows = page.getByRole("main").getByRole("listitem");
    await expect(follows.filter({ hasText: "N26" })).toBeVisible();
    await expectAccessible(page, javaScriptEnabled, "/alertes/gerer");

    // A second topic, asked on the form's own page and confirmed, then stopped from the list: N26 is still followed.
    await page.goto("/alertes?sujet=categorie%3Afinance");
    await page.getByLabel("Votre adresse e-mail").fill(email);
    await page.getByRole("checkbox", { name: /J'accepte de recevoir/ }).check();
    await page.getByRole("button", { name: "Me prévenir" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Vérifiez votre boîte e-mail" })).toBeVisible();
    const [, , secondConfirmation] = await alerts.smtp.mailsTo(email, 3);
    expect(secondConfirmation?.subject).toBe("Confirmez votre alerte : la catégorie Finance");
    await page.goto(
      local(/https?:\/\/\S+\/alertes\/confirmer\/[0-9a-f]{64}/.exec(secondConfirmation?.text ?? "")?.[0]),
    );
    await page.getByRole("button", { name: "Confirmer" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Votre alerte est confirmée" })).toBeVisible();
    await page.goto(manage);
    await expect(follows).toHaveCount(2);
    await page.getByRole("button", { name: "Ne plus suivre la catégorie Finance" }).click();
    await expect(follows).toHaveCount(1);
    await expect(follows.filter({ hasText: "N26" })).toBeVisible();
    await page.goto(unsubscribe);
    await expect(page.getByRole("button", { name: "Me désabonner" })).toBeVisible();
    await expectAccessible(page, javaScriptEnabled, "/alertes/desabonner");
    if (javaScriptEnabled) {
      await expectValidHtml(page.request, ["/offres/n26", "/codes?cat=betting", confirmLink, manage, unsubscribe]);
    }

    // The mailbox's one-click unsubscribe: a POST from its own origin, the page's button never pressed.
    const oneClick = await page.request.post(unsubscribe, {
      headers: { Origin: "https://mail.exemple.net" },
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(oneClick.status()).toBe(200);
    expect((await raiseN26(30)).status).toBe(303);
    // The dispatcher has looked once the improvement was due, and the outbox sent what it queued: nothing more.
    const delayMs = Number(alertingSiteEnv(alerts.smtp).VISITOR_ALERTS_DELAY_SECONDS) * 1000;
    await visitorAlertsSettled(alerts.server, Date.now(), delayMs);
    expect(alerts.smtp.countTo(email)).toBe(3);
    await page.goto(manage);
    await expect(page.getByText("Ce lien ne correspond à aucune adresse abonnée.")).toBeVisible();
  });
});
