import { expect, test } from "./fixtures";
import { axeViolations, cardBrands, offerList, openServerRendered, SERVER_HTML_ONLY } from "./helpers";
import { LARGE_BASE_URL } from "./servers";
import { BROWSER_JOURNEY_MS } from "../support/timeouts";
import type { Page } from "@playwright/test";

/** A listing of the large catalogue, page after page: each page's brands and where its "next" link leads. */
test.use({ baseURL: LARGE_BASE_URL });

const PER_PAGE = 48;
const pagination = (page: Page) => page.getByRole("navigation", { name: "Pages de la liste" });

/** The brand pages a listing page's cards link to. */
async function cardSlugs(page: Page): Promise<string[]> {
  const region = page.getByRole("region", { name: /\(\d+\)$/ });
  const links = region.getByRole("link", { name: /^Plus d'infos sur / });
  return (await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""))).map(
    (href) => href.replace("/offres/", ""),
  );
}

test.describe("a large catalogue, page by page", () => {
  test("what lies below the cards stays put after a jump down the page", async ({ page, browser, baseURL }) => {
    const pageTwo = (shown: Page) => pagination(shown).getByRole("link", { name: "Page 2" });
    /** From the cards' end to the link: what the page puts between them. */
    const belowCards = (shown: Page) =>
      pageTwo(shown).evaluate(
        (link) =>
          link.getBoundingClientRect().top -
          (link.closest("section")?.querySelector(":scope > ul")?.getBoundingClientRect().bottom ?? Number.NaN),
      );
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 800, height: 1200 },
      { width: 1280, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto("/offres");
      // What the script adds between the cards and the links ("Afficher 48 offres de plus") has its place kept in
      // the server's page: the links are as far below the cards as before it ran.
      const server = await openServerRendered(browser, { baseURL: baseURL!, viewport, path: "/offres" });
      try {
        const shift = Math.abs((await belowCards(page)) - (await belowCards(server.page)));
        expect(shift, `${viewport.width} x ${viewport.height}, avant le script`).toBeLessThan(1.5);
      } finally {
        await server.context.close();
      }
      const below = pageTwo(page);
      await below.evaluate((link) => link.scrollIntoView({ block: "center", behavior: "instant" }));
      const landed = await below.boundingBox();
      // Cards skipped until then are laid out as they near the screen, in the next frames.
      await page.waitForTimeout(300);
      // Within a pixel: the layout's rounding, against the 24 to 77 px a card resized under the visitor made.
      const moved = Math.abs(((await below.boundingBox())?.y ?? 0) - (landed?.y ?? Number.NaN));
      expect(moved, `${viewport.width} x ${viewport.height}`).toBeLessThan(1.5);
    }
  });

  test("/offres shows 48 offers a page and its links reach every brand page", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    await page.goto("/offres");
    const first = await offerList(page, /^Tous les codes parrainage/);
    expect(first.count).toBeGreaterThan(4 * PER_PAGE);
    await expect(first.cards).toHaveCount(PER_PAGE);
    const pageCount = Math.ceil(first.count / PER_PAGE);
    await expect(pagination(page)).toContainText(`Page 1 sur ${pageCount}`);
    await expect(pagination(page).getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(pagination(page).getByRole("link", { name: "Page précédente" })).toHaveCount(0);

    const seen = new Set(await cardSlugs(page));
    for (let number = 2; number <= pageCount; number += 1) {
      const next = pagination(page).getByRole("link", { name: "Page suivante" });
      await expect(next).toHaveAttribute("href", `/offres?page=${number}`);
      // Without JavaScript a link is its address: the browser goes there as a click would.
      if (javaScriptEnabled) await next.click();
      else await page.goto((await next.getAttribute("href"))!);
      await expect(page).toHaveURL(new RegExp(`/offres\\?page=${number}$`));
      await expect(pagination(page)).toContainText(`Page ${number} sur ${pageCount}`);
      await expect(page).toHaveTitle(new RegExp(` - page ${number}$`));
      const slugs = await cardSlugs(page);
      expect(slugs.length).toBe(number < pageCount ? PER_PAGE : first.count - PER_PAGE * (pageCount - 1));
      for (const slug of slugs) {
        expect(seen.has(slug), `${slug} shown on two pages`).toBe(false);
        seen.add(slug);
      }
    }
    await expect(pagination(page).getByRole("link", { name: "Page suivante" })).toHaveCount(0);

    // Every brand page of the sitemap is on one of the pages.
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const brandPages = [...sitemap.matchAll(/\/offres\/([a-z0-9-]+)<\/loc>/g)].map((match) => match[1]);
    expect(brandPages.length).toBe(first.count);
    expect([...seen].sort()).toEqual([...brandPages].sort());
  });

  test(
    "each page has its own canonical address and numbers its ItemList from where it starts",
    SERVER_HTML_ONLY,
    async ({ page, baseURL }) => {
      await page.goto("/codes?cat=finance&page=2");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        `${baseURL}/codes?cat=finance&page=2`,
      );
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const itemList = blocks.map((block) => JSON.parse(block)).find((block) => block["@type"] === "ItemList");
      expect(itemList.itemListElement[0].position).toBe(PER_PAGE + 1);
      const list = await offerList(page, /^Codes parrainage Finance/);
      expect(itemList.numberOfItems).toBe(list.count);
      expect(itemList.itemListElement.map((element: { item: { name: string } }) => element.item.name)).toEqual(
        (await cardBrands(list.cards)).map((brand) => `Code parrainage ${brand}`),
      );
    },
  );

  test("the pages of a search keep the search and the category; a new search or tab starts at page 1", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/offres?q=cashback");
    // With JavaScript, the button that adds the next page appears once hydrated, above the pages' links.
    if (javaScriptEnabled)
      await expect(page.getByRole("button", { name: /^Afficher \d+\soffres de plus$/ })).toBeVisible();
    const found = await offerList(page, /^Résultats pour «\scashback\s»/);
    expect(found.count).toBeGreaterThan(PER_PAGE);
    // The brands whose name holds the word come first (SPEC's rule), then those whose offers speak of it.
    const inName = (await cardBrands(found.cards)).map((brand) => brand.toLowerCase().includes("cashback"));
    expect(inName[0]).toBe(true);
    expect(inName.slice(inName.indexOf(false))).not.toContain(true);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
    await pagination(page).getByRole("link", { name: "Page 2" }).click();
    // However long the busy test machine takes to answer: what is checked is where the link leads.
    await page.waitForURL(/\/offres\?q=cashback&page=2$/);
    await expect(page.getByRole("searchbox", { name: "Rechercher une offre" })).toHaveValue("cashback");
    await expect(pagination(page).getByRole("link", { name: "Page 1" })).toHaveAttribute("href", "/offres?q=cashback");

    await page.getByRole("navigation", { name: "Catégories" }).getByRole("link", { name: "Shopping" }).click();
    await expect(page).toHaveURL(/\/offres\?q=cashback&cat=shopping$/);
    await expect(
      page.getByRole("heading", { level: 2, name: /^Résultats pour «\scashback\s» dans Shopping/ }),
    ).toBeVisible();
  });

  test("a page past the last, or that is not a number, is not found", SERVER_HTML_ONLY, async ({ page }) => {
    await page.goto("/offres");
    const pageCount = Math.ceil((await offerList(page, /^Tous les codes parrainage/)).count / PER_PAGE);
    for (const address of [`/offres?page=${pageCount + 1}`, "/offres?page=0", "/codes?cat=crypto&page=abc"]) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
    }
  });

  test("the search asks the server, and only one page of offers reaches the browser", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/offres");
    const search = page.getByRole("searchbox", { name: "Rechercher une offre" });
    if (javaScriptEnabled) {
      const asked = page.waitForRequest((sent) => /\/offres\.data\?q=livraison/.test(sent.url()));
      await search.fill("livraison");
      await asked;
    } else {
      await search.fill("livraison");
      await search.press("Enter");
    }
    await expect(page).toHaveURL(/\/offres\?q=livraison$/);
    const found = await offerList(page, /^Résultats pour «\slivraison\s»/);
    await expect(found.region.getByRole("heading", { level: 3, name: "Deliveroo" })).toBeVisible();
    expect(await found.cards.count()).toBeLessThanOrEqual(PER_PAGE);
  });

  test("'Afficher 48 offres de plus' adds the next page below with JavaScript; without it the pages' links do", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(BROWSER_JOURNEY_MS);
    await page.goto("/offres");
    const list = await offerList(page, /^Tous les codes parrainage/);
    await expect(list.cards).toHaveCount(PER_PAGE);
    const more = page.getByRole("button", { name: `Afficher ${PER_PAGE} offres de plus` });
    if (!javaScriptEnabled) {
      await expect(more).toHaveCount(0);
      await expect(pagination(page).getByRole("link", { name: "Page suivante" })).toHaveAttribute(
        "href",
        "/offres?page=2",
      );
      return;
    }
    const firstPage = await cardSlugs(page);
    await page.goto("/offres?page=2");
    const secondPage = await cardSlugs(page);
    await page.goto("/offres");

    const asked = page.waitForRequest((sent) => /\/offres\.data\?page=2/.test(sent.url()));
    await more.click();
    await asked;
    await expect(list.cards).toHaveCount(2 * PER_PAGE);
    expect(await cardSlugs(page)).toEqual([...firstPage, ...secondPage]);
    // The address stays the listing's; the next link and the page count follow what is shown.
    await expect(page).toHaveURL(/\/offres$/);
    await expect(pagination(page).getByRole("link", { name: "Page suivante" })).toHaveAttribute(
      "href",
      "/offres?page=3",
    );
    await expect(page.getByRole("status").filter({ hasText: "Offres 1 à 96 sur" })).toHaveCount(1);
    // Keyboard and screen reader users land on the first card added.
    await expect(list.cards.nth(PER_PAGE).getByRole("link").first()).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);

    await more.click();
    await expect(list.cards).toHaveCount(3 * PER_PAGE);
    await expect(
      list.cards
        .nth(2 * PER_PAGE)
        .getByRole("link")
        .first(),
    ).toBeFocused();
    await expect(pagination(page).getByRole("link", { name: "Page suivante" })).toHaveAttribute(
      "href",
      "/offres?page=4",
    );
    expect(new Set(await cardSlugs(page)).size).toBe(3 * PER_PAGE);
  });
});
