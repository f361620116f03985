import { expect, test } from "./fixtures";
import { SERVER_HTML_ONLY, sitemapPaths } from "./helpers";
import { BROWSER_TEST_MS } from "../support/timeouts";

// Phones from the narrowest still sold to a small tablet: the page itself never scrolls sideways; wide content
// (the comparison tables) scrolls inside its own box. Each page is opened once, at the narrowest width, then measured
// at each wider one: the layout follows the width as the style sheet's media queries say.
const WIDTHS = [320, 390, 768];
test(`no page of the sitemap is wider than a ${WIDTHS.join(", ")} px screen`, async ({ page, request, baseURL }) => {
  test.setTimeout(2 * BROWSER_TEST_MS);
  const tooWide: string[] = [];
  for (const path of await sitemapPaths(request, baseURL!)) {
    await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
    await page.goto(path);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const documentWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (documentWidth > width) tooWide.push(`${path} at ${width} px: ${documentWidth} px`);
    }
  }
  expect(tooWide, tooWide.join("\n")).toEqual([]);
});

test("a comparison table wider than the phone scrolls inside its own box", SERVER_HTML_ONLY, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/offres/binance");
  const table = page.getByRole("region", { name: "Tableau comparatif, défilable horizontalement" });
  await expect(table).toBeVisible();
  const box = await table.evaluate((element) => ({ client: element.clientWidth, scroll: element.scrollWidth }));
  expect(box.client).toBeLessThanOrEqual(390);
  expect(box.scroll).toBeGreaterThan(box.client);
});

test(
  "a pasted address or a long typed name wraps instead of widening a phone's page",
  SERVER_HTML_ONLY,
  async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    const address = "https://www.binance.com/fr/register?ref=ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for (const path of [
      `/offres?q=${encodeURIComponent(address)}`,
      `/offres?q=${encodeURIComponent("https://www.exemple-sans-offre.fr/une/adresse/bien/trop/longue")}`,
      "/offres/unemarquequipersonnenaecritedanslecatalogueetdontlenomesttreslong",
    ]) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
  },
);

for (const width of [320, 390, 1366]) {
  test(`offer cards read at a glance at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/offres");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "N26", exact: true }) });
    // The amount is the largest text of the card, its kind beside it and its first condition right under them.
    const headline = card.getByText("15 €", { exact: true });
    await expect(headline).toBeVisible();
    const kind = card.getByText("Argent versé sur le compte", { exact: true });
    const condition = card.getByText("Ouverture du compte avec le code de parrainage", { exact: true });
    await expect(kind).toBeVisible();
    await expect(condition).toBeVisible();
    const [headlineBox, kindBox, conditionBox] = await Promise.all(
      [headline, kind, condition].map((line) => line.boundingBox()),
    );
    expect(kindBox!.y).toBeGreaterThanOrEqual(headlineBox!.y + headlineBox!.height - 1);
    expect(conditionBox!.y).toBeGreaterThanOrEqual(kindBox!.y + kindBox!.height - 1);
    expect(conditionBox!.y - (headlineBox!.y + headlineBox!.height)).toBeLessThan(64);
    const sizes = await card.evaluate((element) =>
      [...element.querySelectorAll("p, h2, h3, a, code")].map((node) => ({
        text: node.textContent?.replace(/\s+/g, " ").trim(),
        size: parseFloat(getComputedStyle(node).fontSize),
      })),
    );
    const largest = Math.max(...sizes.map((entry) => entry.size));
    expect(sizes.find((entry) => entry.text === "15 €")?.size).toBe(largest);
    // The two buttons side by side, each at least 44 px high and wide.
    const primary = await card.getByRole("link", { name: /Accéder à l'offre/ }).boundingBox();
    const secondary = await card.getByRole("link", { name: "Plus d'infos sur N26" }).boundingBox();
    expect(primary && secondary).toBeTruthy();
    expect(Math.abs(primary!.y - secondary!.y)).toBeLessThan(1);
    for (const box of [primary!, secondary!]) {
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
  });
}

test("an instruction instead of a code is a sentence on the card, not a code", SERVER_HTML_ONLY, async ({ page }) => {
  await page.goto("/offres?q=wise");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Wise", exact: true }) });
  await expect(card.getByText("Pas de code à saisir. Cliquez sur le lien")).toBeVisible();
  await expect(card.locator("code")).toHaveCount(0);
});

test("the code box and its copy button are 44 px targets", async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/offres/n26");
  const offer = page.getByRole("region", { name: "Offre de parrainage" });
  const codeBox = await offer.locator("code").locator("xpath=../..").boundingBox();
  expect(codeBox!.height).toBeGreaterThanOrEqual(44);
  const copy = offer.getByRole("button", { name: "Copier le code N26" });
  if (javaScriptEnabled) {
    const box = await copy.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
  } else {
    // Copying needs JavaScript: without it the code is selectable text and no button pretends otherwise.
    await expect(copy).toHaveCount(0);
  }
});

test("the brand page's strongest call to action, and its offer kept in view on large screens", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/offres/binance");
  const offer = page.getByRole("region", { name: "Offre de parrainage" });
  const cta = offer.getByRole("link", { name: /Accéder à l'offre/ });
  const ctaBox = await cta.boundingBox();
  // Larger than any other link or button of the page.
  const others = await page.locator("main a, main button").evaluateAll((nodes) =>
    nodes
      .filter((node) => !node.textContent?.includes("Accéder à l'offre"))
      .map((node) => {
        const rect = node.getBoundingClientRect();
        return rect.width * rect.height;
      }),
  );
  expect(ctaBox!.width * ctaBox!.height).toBeGreaterThan(Math.max(...others));
  // In the right column, above the question card, and still on screen after scrolling down to the comparison.
  const question = await page.getByRole("heading", { name: "Une question sur cette offre ?" }).boundingBox();
  const offerBox = await offer.boundingBox();
  expect(offerBox!.x).toBeGreaterThan(1366 / 2);
  expect(offerBox!.y).toBeLessThan(question!.y);
  await page.getByRole("heading", { name: "Comparatif" }).scrollIntoViewIfNeeded();
  await expect(offer.getByText("CPBINANCE")).toBeInViewport();
  await expect(cta).toBeInViewport();
});

test("the search field shows its whole placeholder on a 390 px phone", SERVER_HTML_ONLY, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/offres");
  const search = page.getByRole("searchbox", { name: "Rechercher une offre" });
  await expect(search).toHaveAttribute("placeholder", "Rechercher une marque ou un service...");
  const fit = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const placeholder = getComputedStyle(input, "::placeholder");
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${placeholder.fontWeight} ${placeholder.fontSize} ${placeholder.fontFamily}`;
    return {
      text: context.measureText(input.placeholder).width,
      room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
  });
  expect(fit.text).toBeLessThanOrEqual(fit.room);
  await expect(page.getByRole("button", { name: "Rechercher" })).toBeVisible();
});
