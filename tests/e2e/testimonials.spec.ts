import { MONTH_NAMES } from "@contract/testimonial-fields";
import { expect, testOnDedicatedSite } from "./fixtures";
import { axeViolations, expectValidHtml, openDisclosure, openServerRendered, ownerOnPhone } from "./helpers";
import { BROWSER_JOURNEY_MS } from "../support/timeouts";
import type { Page } from "@playwright/test";

/**
 * Testimonials, from the author's form to the owner's moderation on a phone, the brand page, the home page, a
 * visitor's notice and the author's erasure. They are stored, so the journeys run against a server of their own (one
 * per worker, fresh data folder), which trusts the loopback proxy: each visitor has an address of their own.
 */
const { test, newVisitorAddress } = testOnDedicatedSite("e2e-temoignages", 500);

/** Each project writes on an offer of its own. */
const OFFER = {
  javascript: { slug: "binance", brand: "Binance" },
  "no-javascript": { slug: "coinbase", brand: "Coinbase" },
};
const THANKS = "Merci ! Votre témoignage sera publié après modération.";

const section = (page: Page, brand: string) => page.getByRole("region", { name: `Témoignages sur ${brand}` });

test.describe("a testimonial", () => {
  test("is written, moderated on a phone, shown, reported and erased by its author", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(BROWSER_JOURNEY_MS);
    const { slug, brand } = OFFER[testInfo.project.name as keyof typeof OFFER];
    const text = `Inscription en dix minutes, bonus reçu la semaine suivante (${testInfo.project.name}).`;
    const now = new Date();
    const month =
      MONTH_NAMES[
        Number(new Intl.DateTimeFormat("en", { timeZone: "Europe/Paris", month: "numeric" }).format(now)) - 1
      ]!;
    const year = new Intl.DateTimeFormat("en", { timeZone: "Europe/Paris", year: "numeric" }).format(now);

    // The form, on the brand page, with nothing published yet.
    await page.goto(`/offres/${slug}`);
    const testimonials = section(page, brand);
    await expect(testimonials.getByText("Aucun témoignage publié pour l'instant.")).toBeVisible();
    await openDisclosure(testimonials, "Écrire un témoignage");

    // A text of spaces passes the browser's length check, not the server's: the error comes back, the name kept.
    await testimonials.getByLabel(`Votre expérience avec ${brand}`).fill(`Trop court${" ".repeat(30)}`);
    await testimonials.getByLabel("Prénom ou pseudonyme (facultatif)").fill("Camille");
    await testimonials.getByLabel("Mois", { exact: true }).selectOption({ label: month });
    await testimonials.getByLabel("Année", { exact: true }).selectOption(year);
    await testimonials.getByLabel(/J'accepte que mon témoignage soit publié/).check();
    // A person takes a few seconds to write; a form sent at once is taken for a script.
    await page.waitForTimeout(3_100);
    await testimonials.getByRole("button", { name: "Envoyer mon témoignage" }).click();
    const form = javaScriptEnabled ? testimonials : page.locator("main");
    await expect(
      form.getByText("Votre témoignage doit comporter au moins 20 caractères", { exact: true }),
    ).toBeVisible();
    await expect(form.getByLabel("Prénom ou pseudonyme (facultatif)")).toHaveValue("Camille");
    await expect(form.getByLabel("Mois", { exact: true })).toHaveValue(
      String(MONTH_NAMES.indexOf(month) + 1).padStart(2, "0"),
    );

    await form.getByLabel(`Votre expérience avec ${brand}`).fill(text);
    await page.waitForTimeout(3_100);
    await form.getByRole("button", { name: "Envoyer mon témoignage" }).click();
    await expect(page.getByText(THANKS)).toBeVisible();
    const eraseLink = await page.getByRole("link", { name: "Effacer mon témoignage" }).getAttribute("href");
    expect(eraseLink).toMatch(/^\/temoignages\/effacer\/[0-9a-f]{64}$/);
    if (!javaScriptEnabled) {
      // Shown once: the thank-you page opened again no longer has it.
      await page.reload();
      await expect(page.getByText(THANKS)).toHaveCount(0);
    }

    // Pending: on no public page.
    await page.goto(`/offres/${slug}`);
    await expect(page.getByText(text)).toHaveCount(0);

    // The owner publishes it from a phone and picks it for the home page.
    const owner = await ownerOnPhone(browser, {
      baseURL: baseURL!,
      javaScriptEnabled,
      address: newVisitorAddress(),
      path: "/gestion/temoignages",
      heading: "Témoignages",
    });
    const card = owner.page.getByRole("listitem").filter({ hasText: text });
    await expect(card.getByRole("heading", { name: `${brand} · En attente de modération` })).toBeVisible();
    await expect(card.getByText(`${month} ${year}`)).toBeVisible();
    if (javaScriptEnabled) {
      expect(await axeViolations(owner.page)).toEqual([]);
      expect(await owner.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await card.getByRole("button", { name: "Publier" }).click();
    await expect(owner.page.getByText("Témoignage publié")).toBeVisible();
    await card.getByRole("button", { name: "Choisir pour l'accueil" }).click();
    await expect(card.getByText("choisi pour l'accueil")).toBeVisible();

    // On the brand page and the home page, at once.
    await page.goto(`/offres/${slug}`);
    const published = section(page, brand).getByRole("listitem").filter({ hasText: text });
    await expect(published).toContainText("Camille");
    await expect(published).toContainText(`offre utilisée en ${month} ${year}`);
    await expect(published).toContainText(/publié le \d{1,2} \p{L}+ \d{4}/u);
    await page.goto("/");
    const home = page.getByRole("region", { name: "Ils ont économisé grâce au parrainage" });
    await expect(home.getByText(text)).toBeVisible();
    await expect(home.getByText(/choisis pour cette page par le responsable du site/)).toBeVisible();

    // Any visitor may report it; the owner sees the notice.
    await page.goto(`/offres/${slug}`);
    const item = section(page, brand).getByRole("listitem").filter({ hasText: text });
    await item.getByText("Signaler ce témoignage").click();
    await item.getByLabel("Raison").selectOption({ label: "Données personnelles" });
    await item.getByLabel("Explication (facultatif)").fill("Il donne le nom complet d'un conseiller.");
    await item.getByRole("button", { name: "Envoyer le signalement" }).click();
    await expect(
      page.getByText(javaScriptEnabled ? "Merci : votre signalement est transmis" : "Signalement transmis"),
    ).toBeVisible();
    await owner.page.reload();
    await expect(card.getByText("1 signalement")).toBeVisible();
    await expect(card.getByText(/Données personnelles, le .*\s: Il donne le nom complet/)).toBeVisible();

    // The new pages pass the HTML checker (and, with JavaScript, axe).
    await expectValidHtml(page.request, [`/offres/${slug}`, "/", `/offres/${slug}/temoignage`, eraseLink!]);
    // The owner's page's request context carries their session.
    await expectValidHtml(owner.page.request, ["/gestion/temoignages", "/gestion/statistiques"]);
    if (javaScriptEnabled) {
      // The audience figures, on the same phone: this visitor's views and follow are there, drawn and told.
      await owner.page.goto("/gestion/statistiques?periode=7");
      await expect(owner.page.getByRole("img", { name: /^Clics par jour sur tout le site\s: / })).toBeVisible();
      expect(await axeViolations(owner.page)).toEqual([]);
      expect(await owner.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await owner.page.goto("/gestion/temoignages");
    }
    if (javaScriptEnabled) {
      for (const address of [`/offres/${slug}`, `/offres/${slug}/temoignage`, eraseLink!]) {
        await page.goto(address);
        expect(await axeViolations(page), address).toEqual([]);
      }
    } else {
      const rendered = await openServerRendered(browser, { baseURL: baseURL!, viewport: null, path: eraseLink! });
      expect(await axeViolations(rendered.page)).toEqual([]);
      await rendered.context.close();
    }

    // The author erases it with their link: gone from every page.
    await page.goto(eraseLink!);
    await page.getByRole("button", { name: "Effacer définitivement mon témoignage" }).click();
    await expect(page.getByText("Votre témoignage est effacé.")).toBeVisible();
    await page.goto(`/offres/${slug}`);
    await expect(page.getByText(text)).toHaveCount(0);
    await page.goto("/");
    await expect(page.getByText(text)).toHaveCount(0);
    await owner.page.reload();
    await expect(owner.page.getByText(text)).toHaveCount(0);
    await owner.context.close();
  });
});
