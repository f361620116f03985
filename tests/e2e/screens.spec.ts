import { expect, test } from "@playwright/test";
import {
  BETTING_MESSAGE_START,
  cardBrands,
  CODE_TABS,
  currentYear,
  holdRequests,
  offerList,
  SERVER_HTML_ONLY,
  structuredData,
  type JsonLd,
  waitForHydration,
} from "./helpers";

test.describe("home page", () => {
  test("banner, featured offers, FAQ, navigation and footer, no testimonials", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);

    await expect(
      page.getByRole("heading", { level: 1, name: "CodeParrain - Les meilleurs codes et offres de parrainage" }),
    ).toBeVisible();

    const mainNav = page.getByRole("navigation", { name: "Navigation principale" });
    await expect(mainNav.getByRole("link", { name: "Accueil" })).toHaveAttribute("aria-current", "page");
    await expect(mainNav.getByRole("link", { name: "Toutes les offres" })).not.toHaveAttribute("aria-current", "page");
    await expect(mainNav.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");

    // Revolut's offer expired in June 2025: the three built-in defaults (bank, neobank, cashback) show.
    const featured = page.locator("#featured-offers");
    await expect(featured.getByRole("heading", { level: 2, name: "Notre sélection" })).toBeVisible();
    await expect(featured.getByRole("article")).toHaveCount(3);
    expect(await cardBrands(featured.getByRole("article"))).toEqual(["BoursoBank", "N26", "iGraal"]);
    await expect(featured.getByRole("heading", { name: "Revolut" })).toHaveCount(0);
    await expect(featured.getByText("Jusqu'à 200 €", { exact: false }).first()).toBeVisible();
    await expect(featured.getByRole("link", { name: "Voir toutes les offres" })).toHaveAttribute("href", "/offres");

    const faq = page.getByRole("region", { name: "Questions fréquentes" });
    const questions = faq.locator("summary");
    await expect(questions).toHaveCount(4);
    await expect(questions).toHaveText(
      [
        "Qu'est-ce qu'un code de parrainage ?",
        "Est-ce que c'est gratuit ?",
        "Combien peut-on économiser ?",
        "Les codes fonctionnent-ils vraiment ?",
      ].map((question) => new RegExp(question.replace(/[?()]/g, "\\$&"))),
    );
    // The answers are disclosure widgets: closed at first, opened by a click (with or without JavaScript).
    const firstAnswer = faq.locator("details").first().locator("p");
    await expect(firstAnswer).toBeHidden();
    await questions.first().click();
    await expect(firstAnswer).toBeVisible();
    await expect(firstAnswer).not.toBeEmpty();

    // Only testimonials visitors wrote and the owner published are shown: none on a new site, and no section for them.
    await expect(page.getByRole("region", { name: "Ils ont économisé grâce au parrainage" })).toHaveCount(0);
    await expect(page.locator("blockquote")).toHaveCount(0);

    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(`© ${currentYear()} CodeParrain`);
    await expect(footer).toContainText("Économisez en un clic.");
    await footer.getByRole("link", { name: "Mentions légales" }).click();
    await expect(page).toHaveURL(/\/mentions-legales$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Mentions légales");
  });

  test("'Voir toutes les offres' leads to /offres", async ({ page }) => {
    await page.goto("/");
    const banner = page.locator("section").filter({ has: page.getByRole("heading", { level: 1 }) });
    await banner.getByRole("link", { name: "Voir toutes les offres" }).click();
    await expect(page).toHaveURL(/\/offres$/);
    await expect(page.getByRole("heading", { level: 1, name: `Codes Parrainage ${currentYear()}` })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Toutes les offres" }),
    ).toHaveAttribute("aria-current", "page");
  });

  test("'Meilleures offres' brings the featured offers into view", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("link", { name: "Meilleures offres" });
    await expect(button).toHaveAttribute("href", "#featured-offers");
    const sectionTop = () =>
      page.evaluate(() => document.getElementById("featured-offers")!.getBoundingClientRect().top);
    const viewportHeight = page.viewportSize()!.height;
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await button.click();

    // The section's top comes up to just under the sticky header (scroll margin), fully in view.
    await expect.poll(sectionTop).toBeLessThan(viewportHeight / 4);
    await expect.poll(sectionTop).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(page.locator("#featured-offers")).toBeInViewport();
    await expect(page.getByRole("heading", { name: "Notre sélection" })).toBeInViewport();
    await expect(page).toHaveURL(/#featured-offers$/);
  });
});

test.describe("all offers: /offres", () => {
  test("heading of the current year, search from the form", async ({ page, javaScriptEnabled }) => {
    await page.goto("/offres");
    await expect(page.getByRole("heading", { level: 1, name: `Codes Parrainage ${currentYear()}` })).toBeVisible();
    const all = await offerList(page, /^Tous les codes parrainage/);
    expect(all.count).toBeGreaterThan(40);
    await expect(all.cards).toHaveCount(all.count);

    const search = page.getByRole("searchbox", { name: "Rechercher une offre" });
    await expect(search).toHaveAttribute("placeholder", "Rechercher une marque ou un service...");
    if (javaScriptEnabled) {
      // Typing filters live, and the address follows without adding a history entry.
      await waitForHydration(page);
      const historyLength = await page.evaluate(() => history.length);
      await search.fill("bin");
      await expect(page).toHaveURL(/\/offres\?q=bin$/);
      expect(await page.evaluate(() => history.length)).toBe(historyLength);
    } else {
      await search.fill("bin");
      await search.press("Enter");
      await expect(page).toHaveURL(/\/offres\?q=bin$/);
    }

    // Waits for the filtered list before reading its count (with JavaScript the address may change first).
    const results = page.getByRole("region", { name: /^Résultats pour «\sbin\s»/ });
    await expect(results.getByRole("heading", { level: 3, name: "Binance" })).toBeVisible();
    await expect(results.getByRole("heading", { level: 3, name: "Coinbase" })).toHaveCount(0);
    const found = await offerList(page, /^Résultats pour «\sbin\s»/);
    expect(found.count).toBeLessThan(all.count);
    await expect(found.cards).toHaveCount(found.count);
    for (const brand of await cardBrands(found.cards)) expect(brand.toLowerCase()).toContain("bin");
    await expect(search).toHaveValue("bin");
  });

  test("search from the address", async ({ page }) => {
    await page.goto("/offres?q=coin");
    await expect(page.getByRole("searchbox", { name: "Rechercher une offre" })).toHaveValue("coin");
    const found = await offerList(page, /^Résultats pour «\scoin\s»/);
    await expect(found.region.getByRole("heading", { level: 3, name: "Coinbase" })).toBeVisible();
    await expect(found.region.getByRole("heading", { level: 3, name: "Binance" })).toHaveCount(0);
    for (const brand of await cardBrands(found.cards)) expect(brand.toLowerCase()).toContain("coin");

    // The clear button is a link back to the list without the search.
    await page.getByRole("link", { name: "Effacer la recherche" }).click();
    await expect(page).toHaveURL(/\/offres$/);
    await expect(page.getByRole("searchbox", { name: "Rechercher une offre" })).toHaveValue("");
    await expect(page.getByRole("heading", { level: 3, name: "Binance" })).toBeVisible();
    const all = await offerList(page, /^Tous les codes parrainage/);
    expect(all.count).toBeGreaterThan(found.count);
    await expect(all.cards).toHaveCount(all.count);
  });

  test("the categories page /codes is one link away from /offres and from the home page", async ({ page }) => {
    await page.goto("/offres");
    await page.getByRole("link", { name: /^Toutes les catégories/ }).click();
    await expect(page).toHaveURL(/\/codes$/);
    await expect(page.getByRole("navigation", { name: "Catégories de codes" }).getByRole("link")).toHaveCount(
      CODE_TABS.length,
    );
    await page.goto("/");
    await expect(
      page.locator("#featured-offers").getByRole("link", { name: "Parcourir par catégorie" }),
    ).toHaveAttribute("href", "/codes");
  });

  test("a search no offer fully answers lists those holding most of its words, and says which matched nothing", async ({
    page,
    javaScriptEnabled,
  }) => {
    const search = page.getByRole("searchbox", { name: "Rechercher une offre" });
    // With JavaScript the list follows the typing; without it the form is sent.
    const searchFor = async (query: string) => {
      await search.fill(query);
      if (!javaScriptEnabled) await search.press("Enter");
    };
    await page.goto("/offres");
    if (javaScriptEnabled) await waitForHydration(page);
    await searchFor("immobilier Bordeaux");
    await expect(page).toHaveURL(/\/offres\?q=immobilier\+Bordeaux$/);
    const found = await offerList(page, /^Résultats pour «\simmobilier Bordeaux\s»/);
    expect(await cardBrands(found.cards)).toEqual(expect.arrayContaining(["Bricks", "La Première Brique"]));
    const note = page.getByRole("status").filter({ hasText: "Aucune offre ne contient" });
    await expect(note).toHaveText(
      "Aucune offre ne contient « Bordeaux » : voici celles qui correspondent au reste de votre recherche.",
    );

    // A word the offers hold, beside the directory's own, lists the brand alone, with no note.
    await searchFor("code parrainage fortuneo");
    const fortuneo = await offerList(page, /^Résultats pour «\scode parrainage fortuneo\s»/);
    expect(await cardBrands(fortuneo.cards)).toEqual(["Fortuneo"]);
    await expect(note).toHaveCount(0);
  });

  test("a search whose words match nothing lists the closest names and asks whether they were meant", async ({
    page,
  }) => {
    await page.goto("/offres?q=kukoyn");
    const found = await offerList(page, /^Résultats pour «\skukoyn\s»/);
    expect(await cardBrands(found.cards)).toEqual(["KuCoin"]);
    const note = page.getByRole("status").filter({ hasText: "Aucune offre ne contient « kukoyn »." });
    await expect(note).toBeVisible();
    await note.getByRole("navigation", { name: "Marques proches" }).getByRole("link", { name: "KuCoin" }).click();
    await expect(page).toHaveURL(/\/offres\/kucoin$/);
  });

  test("a search without result offers to reset it", async ({ page }) => {
    await page.goto("/offres");
    const fullCount = (await offerList(page, /^Tous les codes parrainage/)).count;

    await page.goto("/offres?q=zzzz");
    const empty = await offerList(page, /^Résultats pour «\szzzz\s»/);
    expect(empty.count).toBe(0);
    await expect(empty.cards).toHaveCount(0);
    await expect(page.getByText("Aucun résultat trouvé pour votre recherche.")).toBeVisible();
    await expect(page.getByText("Aucune offre ne correspond à « zzzz ».")).toBeVisible();
    // It offers the categories instead.
    const categories = page.getByRole("navigation", { name: "Parcourir par catégorie" });
    await expect(categories.getByRole("link", { name: "Mobilité" })).toHaveAttribute("href", "/codes?cat=mobility");
    await expect(categories.getByRole("link")).toHaveCount(CODE_TABS.length - 1);

    await page.getByRole("link", { name: "Réinitialiser la recherche" }).click();
    await expect(page).toHaveURL(/\/offres$/);
    await expect(page.getByText("Aucun résultat trouvé pour votre recherche.")).toHaveCount(0);
    const all = await offerList(page, /^Tous les codes parrainage/);
    expect(all.count).toBe(fullCount);
    await expect(all.heading).toHaveText(`Tous les codes parrainage (${fullCount})`);
    await expect(all.cards).toHaveCount(fullCount);
  });
});

test.describe("codes by category: /codes", () => {
  /** Brands that must show in a tab, and brands of other categories that must not. */
  const EXPECTED: Record<string, { shows: string[]; hides: string[] }> = {
    all: { shows: ["Binance", "BoursoBank", "Deliveroo", "Unibet", "Lime", "Hostinger"], hides: [] },
    finance: { shows: ["BoursoBank", "Fortuneo", "N26", "Revolut"], hides: ["Binance", "Deliveroo", "Unibet"] },
    crypto: { shows: ["Binance", "Coinbase", "Crypto.com", "Sorare"], hides: ["BoursoBank", "Lime", "PMU"] },
    food: { shows: ["Deliveroo", "Uber Eats"], hides: ["Binance", "iGraal", "Unibet"] },
    shopping: { shows: ["iGraal", "Joko", "Widilo"], hides: ["Deliveroo", "Binance", "Lime"] },
    mobility: { shows: ["Lime"], hides: ["Uber Eats", "Binance", "Unibet"] },
    betting: { shows: ["Unibet", "PMU", "Winamax"], hides: ["Binance", "BoursoBank", "Deliveroo"] },
    other: { shows: ["Hostinger", "TotalEnergies"], hides: ["Binance", "Lime", "Unibet"] },
  };

  test("each of the eight tabs is a link that lists only its category", async ({ page }) => {
    await page.goto("/codes");
    await expect(page.getByPlaceholder("Rechercher une marque ou un service...")).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Catégories de codes" }).getByRole("link");
    await expect(tabs).toHaveText(CODE_TABS.map((tab) => tab.label));
    const allCount = (await offerList(page, "Tous les codes parrainage")).count;

    for (const tab of CODE_TABS) {
      const link = tabs.filter({ hasText: tab.label });
      const href = tab.id === "all" ? "/codes" : `/codes?cat=${tab.id}`;
      await expect(link).toHaveAttribute("href", href);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${href.replace("?", "\\?")}$`));

      const title = tab.id === "all" ? "Tous les codes parrainage" : `Codes parrainage ${tab.label}`;
      const list = await offerList(page, title);
      await expect(link).toHaveAttribute("aria-current", "page");
      await expect(tabs.and(page.locator('[aria-current="page"]'))).toHaveCount(1);
      await expect(list.cards).toHaveCount(list.count);
      if (tab.id === "all") expect(list.count).toBe(allCount);
      else expect(list.count).toBeLessThan(allCount);

      const brands = await cardBrands(list.cards);
      for (const brand of EXPECTED[tab.id]!.shows) expect(brands, `${tab.label} lists ${brand}`).toContain(brand);
      for (const brand of EXPECTED[tab.id]!.hides)
        expect(brands, `${tab.label} does not list ${brand}`).not.toContain(brand);
    }
  });

  test("the betting tab carries the mandatory gambling message and 18+", SERVER_HTML_ONLY, async ({ page }) => {
    await page.goto("/codes?cat=betting");
    const list = await offerList(page, "Codes parrainage Paris");
    expect((await cardBrands(list.cards)).sort()).toEqual(["PMU", "Unibet", "Winamax"]);
    const notice = page.locator("p").filter({ hasText: BETTING_MESSAGE_START }).first();
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("18+");
    await expect(notice).toContainText("joueurs-info-service.fr (09 74 75 13 13 - appel non surtaxé)");
    // Each betting card carries it too.
    for (const card of await list.cards.all()) {
      await expect(card.getByText(BETTING_MESSAGE_START)).toBeVisible();
      await expect(card.getByText("18+", { exact: true })).toBeVisible();
    }
  });

  test("food tab lists the delivery services", async ({ page }) => {
    await page.goto("/codes");
    await page
      .getByRole("navigation", { name: "Catégories de codes" })
      .getByRole("link", { name: "Alimentation" })
      .click();
    const list = await offerList(page, "Codes parrainage Alimentation");
    await expect(list.region.getByRole("heading", { level: 3, name: "Deliveroo" })).toBeVisible();
    await expect(list.region.getByRole("heading", { level: 3, name: "Uber Eats" })).toBeVisible();
    await expect(page.getByText(BETTING_MESSAGE_START)).toHaveCount(0);
  });

  test.describe("on a 375 px wide screen", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("the tabs are chips with their labels, wrapping so that every one is in view without scrolling", async ({
      page,
    }) => {
      await page.goto("/codes");
      const nav = page.getByRole("navigation", { name: "Catégories de codes" });
      const tops = new Set<number>();
      for (const tab of CODE_TABS) {
        const link = nav.getByRole("link", { name: tab.label, exact: true });
        await expect(link.locator("svg")).toBeAttached();
        const box = await link.boundingBox();
        expect(box!.height, `${tab.label} is a touch target of 44 px`).toBeGreaterThanOrEqual(44);
        tops.add(Math.round(box!.y));
      }
      expect(tops.size, "the tabs wrap onto more than one row").toBeGreaterThan(1);
      const row = nav.getByRole("list");
      const widths = await row.evaluate((element) => ({ client: element.clientWidth, scroll: element.scrollWidth }));
      expect(widths.scroll, "nothing hidden to the side").toBe(widths.client);
      for (const tab of CODE_TABS)
        await expect(nav.getByRole("link", { name: tab.label, exact: true })).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expect(
        nav.getByRole("link", { name: "Finance", exact: true }).getByText("Finance", { exact: true }),
      ).toBeVisible();
      await nav.getByRole("link", { name: "Paris", exact: true }).click();
      await expect(page).toHaveURL(/\/codes\?cat=betting$/);
      await offerList(page, "Codes parrainage Paris");
    });
  });

  test("on a wide screen the tab labels are visible", SERVER_HTML_ONLY, async ({ page }) => {
    await page.goto("/codes");
    const nav = page.getByRole("navigation", { name: "Catégories de codes" });
    for (const tab of CODE_TABS) {
      await expect(
        nav.getByRole("link", { name: tab.label, exact: true }).getByText(tab.label, { exact: true }),
      ).toBeVisible();
      const box = await nav
        .getByRole("link", { name: tab.label, exact: true })
        .getByText(tab.label, { exact: true })
        .boundingBox();
      expect(box!.width).toBeGreaterThan(10);
    }
  });
});

test.describe("brand pages", () => {
  test("Binance: offer, advantages, rich sections, notices and referral link", async ({ page }) => {
    const response = await page.goto("/offres/binance");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Code parrainage Binance" })).toBeVisible();

    const offer = page.getByRole("region", { name: "Offre de parrainage" });
    await expect(offer).toBeVisible();
    await expect(offer.locator("code")).toHaveText("CPBINANCE");
    await expect(offer).toContainText("20");
    await expect(offer.getByText("Investir dans les crypto-actifs comporte un risque de perte")).toBeVisible();

    const link = offer.getByRole("link", { name: /Accéder à l'offre/ });
    await expect(link).toHaveAttribute("rel", "sponsored nofollow noreferrer");
    await expect(link).toHaveAttribute("target", "_blank");
    // Followed through the site, which counts it and sends the visitor on to Binance's own link.
    await expect(link).toHaveAttribute("href", "/offres/binance/lien");
    const follow = await page.request.get("/offres/binance/lien", { maxRedirects: 0 });
    expect(follow.status()).toBe(302);
    expect(follow.headers().location).toMatch(/^https:\/\/www\.binance\.com\//);
    await expect(link).toHaveAccessibleName(/nouvel onglet/);

    const advantages = page.getByRole("region", { name: "Avantages" });
    expect(await advantages.getByRole("listitem").count()).toBeGreaterThan(0);

    await expect(page.getByRole("heading", { level: 2, name: "Pourquoi choisir Binance ?" })).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 2, name: "Comment utiliser le code parrainage Binance" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Les services de Binance" })).toBeVisible();
    const comparison = page.getByRole("table");
    await expect(comparison).toBeVisible();
    await expect(comparison.getByRole("columnheader").first()).toBeVisible();
    expect(await comparison.getByRole("row").count()).toBeGreaterThan(2);
    const cryptos = page.getByRole("region", { name: "Cryptomonnaies disponibles sur Binance" });
    await expect(cryptos).toContainText("BTC");
    expect(await cryptos.getByRole("listitem").count()).toBeGreaterThan(2);
    await expect(page.getByRole("heading", { level: 2, name: "Questions fréquentes sur Binance" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Une question sur cette offre ?" })).toBeVisible();
    await expect(page.getByText(/peut recevoir une récompense quand vous utilisez un code/).first()).toBeVisible();
  });

  test("the back link returns to the offers", async ({ page, javaScriptEnabled }) => {
    if (!javaScriptEnabled) {
      await page.goto("/offres/binance");
      const back = page.getByRole("link", { name: "Retour aux offres" });
      await expect(back).toHaveAttribute("href", "/offres");
      await back.click();
      await expect(page).toHaveURL(/\/offres$/);
      await expect(page.getByRole("heading", { level: 1, name: `Codes Parrainage ${currentYear()}` })).toBeVisible();
    } else {
      // Landing straight on the brand page, it is an ordinary link to /offres.
      await page.goto("/offres/binance");
      await waitForHydration(page);
      await page.getByRole("link", { name: "Retour aux offres" }).click();
      await expect(page).toHaveURL(/\/offres$/);
      await expect(page.getByRole("heading", { level: 1, name: `Codes Parrainage ${currentYear()}` })).toBeVisible();

      // Coming from the list, the button goes back in history: to the page we left, search included.
      await page.goto("/offres?q=bin");
      await waitForHydration(page);
      await page.getByRole("link", { name: "Plus d'infos sur Binance" }).click();
      await expect(page).toHaveURL(/\/offres\/binance$/);
      await expect(page.getByRole("heading", { level: 1, name: "Code parrainage Binance" })).toBeVisible();
      await page.getByRole("link", { name: "Retour aux offres" }).click();
      await expect(page).toHaveURL(/\/offres\?q=bin$/);
      await expect(page.getByRole("searchbox", { name: "Rechercher une offre" })).toHaveValue("bin");
      // It was a step back, not a new entry: forward leads to the brand page again.
      await page.goForward();
      await expect(page).toHaveURL(/\/offres\/binance$/);
    }
  });

  test("Wise: 'Cliquez sur le lien' and no copy button", async ({ page, javaScriptEnabled }) => {
    if (javaScriptEnabled) {
      // Reach the page by a client-side navigation, once copy buttons are known to render.
      await page.goto("/offres");
      await expect(page.getByRole("button", { name: "Copier le code Binance" })).toBeVisible();
      await page.getByRole("link", { name: "Plus d'infos sur Wise" }).click();
      await expect(page).toHaveURL(/\/offres\/wise$/);
    } else {
      await page.goto("/offres/wise");
    }
    await expect(page.getByRole("heading", { level: 1, name: "Code parrainage Wise" })).toBeVisible();
    const offer = page.getByRole("region", { name: "Offre de parrainage" });
    // An instruction, not a code: a sentence, nothing in the code box.
    await expect(offer.getByText("Pas de code à saisir. Cliquez sur le lien")).toBeVisible();
    await expect(offer.locator("code")).toHaveCount(0);
    await expect(offer.getByRole("link", { name: /Accéder à l'offre/ })).toHaveAttribute("href", "/offres/wise/lien");
    await expect(page.getByRole("button", { name: /Copier le code/ })).toHaveCount(0);
  });

  test("Sorare: info card", SERVER_HTML_ONLY, async ({ page }) => {
    await page.goto("/offres/sorare");
    await expect(page.getByRole("heading", { level: 1, name: "Code parrainage Sorare" })).toBeVisible();
    const info = page.getByRole("region", { name: "Informations" });
    await expect(info).toBeVisible();
    await expect(info.getByRole("definition")).toHaveText([
      "Gratuite",
      "Fantasy football et NFT",
      "50 € de crédits",
      "sorare.com",
    ]);
    await expect(info.getByRole("term")).toHaveText(["Inscription", "Type de service", "Bonus", "Site officiel"]);
    await expect(info.getByRole("link", { name: "sorare.com" })).toHaveAttribute("href", "https://sorare.com");
  });

  test("Revolut: the expired offer says so", async ({ page }) => {
    await page.goto("/offres/revolut");
    await expect(page.getByRole("heading", { level: 1, name: "Code parrainage Revolut" })).toBeVisible();
    const offer = page.getByRole("region", { name: "Offre de parrainage" });
    await expect(offer.getByText(/^Offre expirée le 17 juin 2025/)).toBeVisible();
    // Its link goes to the brand's site, not to the offer: no instruction points to it.
    await expect(offer.getByText(/Cliquez sur le lien/)).toHaveCount(0);
    await expect(offer.locator("s")).toHaveText(/^50\s€$/);
    await expect(offer.getByRole("link", { name: /Accéder à l'offre/ })).toHaveCount(0);
    await expect(offer.getByRole("link", { name: /Voir le site de Revolut/ })).toHaveAttribute(
      "rel",
      "sponsored nofollow noreferrer",
    );
    await expect(page.getByRole("button", { name: /Copier le code/ })).toHaveCount(0);
    // An ended offer asks nothing: no vote, no testimonial.
    await expect(page.getByRole("heading", { name: "Ce code a-t-il fonctionné ?" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Oui" })).toHaveCount(0);
    await expect(page.locator('form[action="/offres/revolut/temoignage"]')).toHaveCount(0);
  });
});

test.describe("copying a code", () => {
  test("Binance's code: with JavaScript a button copies it, without it the code is selectable text", async ({
    page,
    context,
    baseURL,
    javaScriptEnabled,
  }) => {
    await page.goto("/offres/binance");
    const offer = page.getByRole("region", { name: "Offre de parrainage" });
    const code = offer.locator("code");
    await expect(code).toHaveText("CPBINANCE");

    if (javaScriptEnabled) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
      const button = offer.getByRole("button", { name: "Copier le code Binance" });
      // The copy is told to the site, which counts it (no cookie): a beacon, answered 204.
      const beacon = page.waitForResponse(
        (response) => response.request().method() === "POST" && response.url().endsWith("/offres/binance/copie"),
      );
      await button.click();
      expect((await beacon).status()).toBe(204);

      const toast = page.getByRole("status").filter({ hasText: "Code copié !" });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText("Le code CPBINANCE a été copié dans le presse-papier.");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("CPBINANCE");
      // The button turns green, then returns to idle after 2 s; the toast goes after 3 s.
      await expect(offer.getByRole("button", { name: "Code copié" })).toBeVisible();
      await expect(offer.locator('[data-state="copied"]')).toBeVisible();
      await expect(offer.getByRole("button", { name: "Copier le code Binance" })).toBeVisible({ timeout: 4_000 });
      await expect(page.getByText("Code copié !")).toBeHidden({ timeout: 4_000 });
    } else {
      await expect(page.getByRole("button", { name: /Copier le code/ })).toHaveCount(0);
      await expect(code).toHaveCSS("user-select", "all");
      await code.click();
      expect(await page.evaluate(() => window.getSelection()?.toString().trim())).toBe("CPBINANCE");
    }
  });
});

test.describe("statuses and redirects", () => {
  test("an unknown brand is a 404 page that helps: its name to search, and every offer a click away", async ({
    page,
  }) => {
    const response = await page.goto("/offres/nope");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page introuvable - 404");
    await expect(page.getByRole("heading", { level: 1, name: /^Aucune offre pour «\snope\s»$/ })).toBeVisible();
    const robots = page.locator('meta[name="robots"]');
    expect(await robots.count()).toBeGreaterThan(0);
    for (const meta of await robots.all()) await expect(meta).toHaveAttribute("content", "noindex, follow");
    await page.getByRole("link", { name: "voyez toutes les offres" }).click();
    await expect(page).toHaveURL(/\/offres$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Codes Parrainage \d{4}$/ })).toBeVisible();
  });

  test("an unknown path is a 404 page", SERVER_HTML_ONLY, async ({ page }) => {
    const response = await page.goto("/nimporte-quoi");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
    await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
  });

  test(
    "old and alternative addresses redirect permanently to the brand page",
    SERVER_HTML_ONLY,
    async ({ request, page }) => {
      const cases = [
        ["/codes/binance", "/offres/binance"],
        ["/offres/cryptocom", "/offres/crypto-com"],
        ["/codes/cryptocom", "/offres/crypto-com"],
      ] as const;
      for (const [from, to] of cases) {
        const response = await request.get(from, { maxRedirects: 0 });
        expect(response.status(), from).toBe(301);
        expect(new URL(response.headers()["location"]!, "http://x").pathname, from).toBe(to);
      }
      const landed = await page.goto("/codes/cryptocom");
      expect(landed?.status()).toBe(200);
      await expect(page).toHaveURL(/\/offres\/crypto-com$/);
      await expect(page.getByRole("heading", { level: 1, name: "Code parrainage Crypto.com" })).toBeVisible();
    },
  );
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a menu opened before the page's script takes over stays open @javascript-only", async ({ page }) => {
    // The script arrives late, as on a slow phone; the menu, a <details>, opens without it meanwhile.
    const release = await holdRequests(page, "**/build/entry.client-*.js");
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const menu = page.locator("header > div > details");
    await menu.locator("summary").click();
    release();
    await waitForHydration(page);
    await expect(menu).toHaveAttribute("open", "");
    await expect(page.getByRole("navigation", { name: "Navigation mobile" })).toBeVisible();
  });

  test("the toggle opens the menu; choosing an entry navigates and closes it", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeHidden();
    const menu = page.locator("header > div > details");
    const mobileNav = page.getByRole("navigation", { name: "Navigation mobile" });
    await expect(mobileNav).toBeHidden();

    await menu.locator("summary").click();
    await expect(menu).toHaveAttribute("open", "");
    await expect(mobileNav).toBeVisible();
    await expect(mobileNav.getByRole("link", { name: "Accueil" })).toHaveAttribute("aria-current", "page");

    await mobileNav.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contactez-nous" })).toBeVisible();
    await expect(menu).not.toHaveAttribute("open");
    await expect(mobileNav).toBeHidden();

    await menu.locator("summary").click();
    await expect(mobileNav.getByRole("link", { name: "Contact" })).toHaveAttribute("aria-current", "page");
    await menu.locator("summary").click();
    await expect(mobileNav).toBeHidden();

    // The menu reaches every category, each link within the screen.
    await menu.locator("summary").click();
    const categories = mobileNav.getByRole("list", { name: "Catégories" }).getByRole("link");
    await expect(categories).toHaveText([
      "Finance",
      "Crypto",
      "Alimentation",
      "Shopping",
      "Mobilité",
      "Paris",
      "Autres",
    ]);
    for (const link of await categories.all()) await expect(link).toBeInViewport({ ratio: 1 });
    await categories.filter({ hasText: "Mobilité" }).click();
    await expect(page).toHaveURL(/\/codes\?cat=mobility$/);
    await expect(mobileNav).toBeHidden();
  });
});

test.describe("metadata", () => {
  async function expectSharedMeta(
    page: import("@playwright/test").Page,
    baseURL: string,
    path: string,
    image: RegExp = /\/og-image\.png$/,
  ) {
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /parrainage/i);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "fr_FR");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", image);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}${path}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", /^#/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    const website = (await structuredData(page)).find((block) => block["@type"] === "WebSite");
    expect(website, "WebSite structured data").toBeTruthy();
    expect(website!.potentialAction["@type"]).toBe("SearchAction");
    expect(website!.potentialAction.target.urlTemplate).toBe(`${baseURL}/offres?q={search_term_string}`);
  }

  test("home page", SERVER_HTML_ONLY, async ({ page, baseURL, request }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("CodeParrain - Les meilleurs codes et offres de parrainage");
    await expectSharedMeta(page, baseURL!, "/");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    const imageResponse = await request.get(image!);
    expect(imageResponse.status()).toBe(200);
    expect(imageResponse.headers()["content-type"]).toContain("image/png");
  });

  test("a brand page", SERVER_HTML_ONLY, async ({ page, baseURL }) => {
    await page.goto("/offres/binance");
    await expect(page).toHaveTitle(/^Code parrainage Binance/);
    // Its own share image, named by a hash of what it draws.
    await expectSharedMeta(page, baseURL!, "/offres/binance", /\/partage\/offres\/binance\/[0-9a-f]{12}\.png$/);
    const product = (await structuredData(page)).find((block) => block["@type"] === "Product");
    expect(product?.name).toBe("Code parrainage Binance");
    expect(product?.url).toBe(`${baseURL}/offres/binance`);
  });

  test("the offer list's ItemList", SERVER_HTML_ONLY, async ({ page, baseURL }) => {
    await page.goto("/offres");
    const list = await offerList(page, /^Tous les codes parrainage/);
    const itemList = (await structuredData(page)).find((block) => block["@type"] === "ItemList");
    expect(itemList, "ItemList structured data").toBeTruthy();
    expect(itemList!.numberOfItems).toBe(list.count);
    const items = itemList!.itemListElement.map((element: JsonLd) => element.item);
    expect(items).toHaveLength(list.count);
    expect(items).toContainEqual(
      expect.objectContaining({
        "@type": "Product",
        name: "Code parrainage Binance",
        url: `${baseURL}/offres/binance`,
      }),
    );
    const names = (await cardBrands(list.cards)).map((brand) => `Code parrainage ${brand}`);
    expect(items.map((item: JsonLd) => item.name)).toEqual(names);
  });

  test("the legal notice is not indexed", SERVER_HTML_ONLY, async ({ page }) => {
    await page.goto("/mentions-legales");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Mentions légales");
  });

  test(
    "the legal notice of a run with no identity set says it is an example, and marks the placeholders",
    SERVER_HTML_ONLY,
    async ({ page }) => {
      await page.goto("/mentions-legales");
      const note = page.getByRole("note");
      await expect(note).toBeVisible();
      await expect(note).toContainText(
        "Exemple : l'identité de l'éditeur et de l'hébergeur n'est pas encore renseignée.",
      );
      // The note comes before the first section, right under the title.
      expect(await note.evaluate((element) => element.previousElementSibling?.tagName)).toBe("H1");
      const hosting = page.getByRole("region", { name: "Hébergement" });
      await expect(hosting).toContainText("Téléphone :");
      await expect(hosting.locator("mark")).toHaveCount(3);
      for (const mark of await page.locator("mark").all()) await expect(mark).toContainText("(exemple)");
    },
  );

  test("sitemap and robots.txt", SERVER_HTML_ONLY, async ({ request, baseURL }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("xml");
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${baseURL}/offres/binance</loc>`);
    expect(xml).not.toContain("/mentions-legales");
    expect(xml).toContain(`<loc>${baseURL}/comment-sont-recueillis-les-avis</loc>`);

    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    const rules = await robots.text();
    expect(rules).toMatch(new RegExp(`^Sitemap: ${baseURL!.replace(/\./g, "\\.")}/sitemap\\.xml$`, "m"));
    // The audience counts are no pages for crawlers.
    expect(rules).toMatch(/^Disallow: \/offres\/\*\/lien$/m);
  });
});

test.describe("how votes are taken", () => {
  test("a card's rate and the brand page's vote block lead to the page that says how votes are taken and weighed", async ({
    page,
  }) => {
    await page.goto("/offres");
    const rate = page
      .getByRole("region", { name: /^Tous les codes parrainage/ })
      .getByRole("link", { name: /^(Pas encore assez d'avis|\d+\s%\sde réussite sur \d+ avis)/ });
    expect(await rate.count()).toBeGreaterThan(0);
    await expect(rate.first()).toHaveAttribute("href", "/comment-sont-recueillis-les-avis");
    await expect(rate.first()).toHaveAccessibleDescription("Comment sont recueillis les avis");

    await page.goto("/offres/binance");
    const block = page.getByRole("region", { name: "Ce code a-t-il fonctionné ?" });
    await block.getByRole("link", { name: "Comment sont recueillis les avis", exact: true }).click();
    await expect(page).toHaveURL(/\/comment-sont-recueillis-les-avis$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comment sont recueillis les avis");
    const main = page.getByRole("main");
    // The rules stated are those the site applies.
    await expect(main).toContainText("pèsent ensemble au plus 3 avis dans le pourcentage");
    await expect(main).toContainText("au moins 5 visiteurs, venant d'au moins 3 réseaux différents");
    await expect(main).toContainText("le décompte repart de zéro");
    await expect(main).toContainText("reçoit une récompense du service concerné");
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "Comment sont recueillis les avis" }),
    ).toBeVisible();
  });
});

test.describe("navigation", () => {
  test("a new page opens at its top, and with JavaScript a bar shows while it loads", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/offres");
    if (javaScriptEnabled) await waitForHydration(page);
    const card = page.getByRole("link", { name: "Plus d'infos sur Wise" });
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    if (javaScriptEnabled) {
      const release = await holdRequests(page, "**/offres/wise.data*");
      await card.click();
      await expect(page.getByRole("progressbar", { name: "Chargement de la page" })).toBeVisible();
      release();
    } else {
      await card.click();
    }
    await expect(page.getByRole("heading", { level: 1, name: "Code parrainage Wise" })).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
