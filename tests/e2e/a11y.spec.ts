import { expect, test, type Page } from "@playwright/test";
import { axeViolations, openServerRendered, waitForHydration } from "./helpers";
import { INDEX_BASE_URL, LARGE_BASE_URL } from "./servers";

/** Every screen, with the states worth auditing (empty search, betting tab, expired offer, 404). */
const PAGES: Array<{ path: string; status: number; heading: RegExp }> = [
  { path: "/", status: 200, heading: /Les meilleurs codes et offres de parrainage/ },
  { path: "/offres", status: 200, heading: /^Codes Parrainage \d{4}$/ },
  { path: "/offres?q=zzzz", status: 200, heading: /^Codes Parrainage \d{4}$/ },
  // A search whose words match nothing: the closest brand names, and "Vouliez-vous dire".
  { path: "/offres?q=kukoyn", status: 200, heading: /^Codes Parrainage \d{4}$/ },
  // A search no offer fully answers: the offers holding most of its words, under a note.
  { path: "/offres?q=immobilier+Bordeaux", status: 200, heading: /^Codes Parrainage \d{4}$/ },
  { path: "/codes", status: 200, heading: /Codes de parrainage par catégorie/ },
  { path: "/marques", status: 200, heading: /^Toutes les marques de A à Z$/ },
  { path: "/marques/b", status: 200, heading: /^Marques en B$/ },
  { path: "/codes?cat=betting", status: 200, heading: /Codes de parrainage par catégorie/ },
  { path: "/offres/binance", status: 200, heading: /^Code parrainage Binance$/ },
  // The vote block after a "Non" sent without JavaScript: the reason question (its buttons are on every brand page).
  { path: "/offres/binance?avis=non", status: 200, heading: /^Code parrainage Binance$/ },
  { path: "/offres/coinbase", status: 200, heading: /^Code parrainage Coinbase$/ },
  { path: "/offres/fortuneo", status: 200, heading: /^Code parrainage Fortuneo$/ },
  { path: "/offres/sorare", status: 200, heading: /^Code parrainage Sorare$/ },
  { path: "/offres/revolut", status: 200, heading: /^Code parrainage Revolut$/ },
  { path: "/contact", status: 200, heading: /Contactez-nous/ },
  { path: "/mentions-legales", status: 200, heading: /Mentions légales/ },
  { path: "/comment-sont-recueillis-les-avis", status: 200, heading: /^Comment sont recueillis les avis$/ },
  { path: "/comment-les-offres-sont-classees", status: 200, heading: /^Comment les offres sont classées$/ },
  { path: "/offres?tri=montant", status: 200, heading: /^Codes Parrainage \d{4}$/ },
  { path: "/nope", status: 404, heading: /Page introuvable/ },
  { path: "/offres/betclic", status: 404, heading: /^Aucune offre pour/ },
  { path: "/alertes", status: 200, heading: /^Me prévenir des nouvelles offres$/ },
];

const SMALL_SCREEN_PATHS = ["/", "/codes"];

async function expectNoViolations(page: Page, label: string, rules?: string[]) {
  const violations = await axeViolations(page, { rules });
  expect(violations, `axe violations on ${label}:\n${violations.join("\n")}`).toEqual([]);
}

/**
 * With JavaScript: the hydrated page (copy buttons and other enhancements present).
 * Without: the server-rendered HTML the no-JavaScript visitor gets (see openServerRendered).
 */
async function audit(
  {
    page,
    browser,
    baseURL,
    viewport,
    javaScriptEnabled,
  }: {
    page: Page;
    browser: import("@playwright/test").Browser;
    baseURL: string | undefined;
    viewport: { width: number; height: number } | null;
    javaScriptEnabled: boolean;
  },
  { path, status, heading }: { path: string; status: number; heading: RegExp },
  rules?: string[],
) {
  if (javaScriptEnabled) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await waitForHydration(page);
    await expectNoViolations(page, `${path} (JavaScript, ${viewport?.width} px)`, rules);
  } else {
    const server = await openServerRendered(browser, { baseURL: baseURL!, viewport, path });
    try {
      expect(server.response?.status()).toBe(status);
      await expect(server.page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectNoViolations(server.page, `${path} (server HTML without JavaScript, ${viewport?.width} px)`, rules);
    } finally {
      await server.context.close();
    }
  }
}

test.describe("no WCAG 2.1 A/AA violation", () => {
  for (const target of PAGES) {
    test(`${target.path}`, async ({ page, browser, baseURL, viewport, javaScriptEnabled }) => {
      await audit({ page, browser, baseURL, viewport, javaScriptEnabled }, target);
    });
  }
});

test("landmarks of the pages with rich sections have distinct names", async ({
  page,
  browser,
  baseURL,
  viewport,
  javaScriptEnabled,
}) => {
  // Screen-reader users jump between regions by name: two regions called the same are indistinguishable.
  test.setTimeout(90_000); // six pages, each loaded and audited
  for (const path of ["/", "/offres", "/offres/binance", "/offres/coinbase", "/offres/fortuneo", "/offres/sorare"]) {
    const target = PAGES.find((candidate) => candidate.path === path)!;
    await audit({ page, browser, baseURL, viewport, javaScriptEnabled }, target, ["landmark-unique", "region"]);
  }
});

test.describe("no WCAG 2.1 A/AA violation on a listing's pages, in a large catalogue", () => {
  test.use({ baseURL: LARGE_BASE_URL });
  const target = { path: "/codes?cat=finance&page=2", status: 200, heading: /Codes de parrainage par catégorie/ };
  test("at the default width", async ({ page, browser, baseURL, viewport, javaScriptEnabled }) => {
    await audit({ page, browser, baseURL, viewport, javaScriptEnabled }, target);
  });
  test.describe("at 375 px", () => {
    test.use({ viewport: { width: 375, height: 740 } });
    test("at 375 px", async ({ page, browser, baseURL, viewport, javaScriptEnabled }) => {
      await audit({ page, browser, baseURL, viewport, javaScriptEnabled }, target);
    });
  });
});

test.describe("no WCAG 2.1 A/AA violation on a part of the A–Z index, in a catalogue of thousands", () => {
  test.use({ baseURL: INDEX_BASE_URL });
  test("a part of a split initial", async ({ page, browser, baseURL, viewport, javaScriptEnabled, request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const part = /\/marques\/[a-z0-9-]+\/[a-z0-9-]+(?=<\/loc>)/.exec(sitemap)?.[0] ?? "/marques/?/?";
    await audit(
      { page, browser, baseURL, viewport, javaScriptEnabled },
      { path: part, status: 200, heading: /^Marques de / },
    );
  });
});

test.describe("no WCAG 2.1 A/AA violation at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });
  for (const path of SMALL_SCREEN_PATHS) {
    const target = PAGES.find((candidate) => candidate.path === path)!;
    test(`${path} at 375 px`, async ({ page, browser, baseURL, viewport, javaScriptEnabled }) => {
      expect(viewport?.width).toBe(375);
      await audit({ page, browser, baseURL, viewport, javaScriptEnabled }, target);
    });
  }

  test("the mobile menu, open", async ({ page, browser, baseURL, viewport, javaScriptEnabled }) => {
    const target = javaScriptEnabled
      ? page
      : (await openServerRendered(browser, { baseURL: baseURL!, viewport, path: "/" })).page;
    if (javaScriptEnabled) {
      await page.goto("/");
      await waitForHydration(page);
    }
    await target.locator("header > div > details > summary").click();
    await expect(target.getByRole("navigation", { name: "Navigation mobile" })).toBeVisible();
    await expectNoViolations(
      target,
      `/ with the mobile menu open (${javaScriptEnabled ? "JavaScript" : "server HTML"})`,
    );
    if (!javaScriptEnabled) await target.context().close();
  });
});

test("the skip link is the first stop and leads to the main content", async ({ page }) => {
  await page.goto("/offres");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Aller au contenu principal" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await expect(skip).toHaveAttribute("href", "#main");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator("main#main")).toBeInViewport();
});
