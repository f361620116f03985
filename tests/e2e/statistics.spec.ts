import { expect, testOnDedicatedSite } from "./fixtures";
import { ownerOnPhone } from "./helpers";
import { POLL_MS } from "../support/timeouts";

/**
 * The audience, from a visitor's view, copy and follow to the owner's statistics on a phone. Counts are stored, so
 * the journey runs against a server of its own (one per worker, fresh data folder), which trusts the loopback proxy:
 * the visitor and the owner each have an address of their own.
 */
const { test, newVisitorAddress } = testOnDedicatedSite("e2e-statistiques", 700);

/** Each project counts on an offer of its own (both may share a worker's server). */
const OFFER = {
  javascript: { slug: "bitget", brand: "Bitget", host: "https://www.bitget.com/" },
  "no-javascript": { slug: "bitrefill", brand: "Bitrefill", host: "https://www.bitrefill.com/" },
};

test("a visitor's view, copy and follow reach the owner's statistics, drawn and sortable", async ({
  page,
  context,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  const { slug, brand, host } = OFFER[testInfo.project.name as keyof typeof OFFER];
  // The partner's site is not reachable from here: the browser lands on this stand-in for it.
  await context.route(`${host}**`, (route) => route.fulfill({ status: 200, contentType: "text/plain", body: brand }));

  // The page asks for its count image by itself, with JavaScript or without.
  const counted = page.waitForResponse((response) => response.url().endsWith(`/offres/${slug}/vue`));
  await page.goto(`/offres/${slug}`);
  expect((await counted).status()).toBe(200);
  // The same visitor again the same day: counted once (before the follow, so written with it at the latest).
  const countedAgain = page.waitForResponse((response) => response.url().endsWith(`/offres/${slug}/vue`));
  await page.reload();
  expect((await countedAgain).status()).toBe(200);
  if (javaScriptEnabled) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const beacon = page.waitForResponse((response) => response.url().endsWith(`/offres/${slug}/copie`));
    await page.getByRole("button", { name: `Copier le code ${brand}` }).click();
    expect((await beacon).status()).toBe(204);
  }
  const offer = page.getByRole("region", { name: "Offre de parrainage" });
  // It opens in a new tab, through the site, on the partner's site.
  const [partner] = await Promise.all([
    context.waitForEvent("page"),
    offer.getByRole("link", { name: /^Accéder à l'offre/ }).click(),
  ]);
  await expect(partner).toHaveURL(new RegExp(`^${host}`));
  await partner.close();

  const owner = await ownerOnPhone(browser, {
    baseURL: baseURL!,
    javaScriptEnabled,
    address: newVisitorAddress(),
    path: "/gestion/statistiques?periode=7",
    heading: "Statistiques",
  });
  const item = owner.page.getByRole("listitem").filter({ has: owner.page.getByRole("heading", { name: brand }) });
  const figure = (label: string) =>
    item
      .locator("div")
      .filter({ has: owner.page.locator(`dt:text-is("${label}")`) })
      .locator("dd");
  // Counts are written every few seconds.
  await expect(async () => {
    await owner.page.reload();
    await expect(figure("Clics")).toHaveText("1", { timeout: 1_000 });
  }).toPass({ timeout: POLL_MS });
  await expect(figure("Affichages")).toHaveText("1");
  await expect(figure("Copies")).toHaveText(javaScriptEnabled ? "1" : "0");
  await expect(figure("Clics par affichage")).toHaveText("100 %");
  await expect(
    item.getByRole("img", {
      name: `Clics par jour sur ${brand} : 1 clic en tout, au plus 1 par jour, sur 7 jours, du plus ancien au plus récent.`,
    }),
  ).toBeVisible();

  // Another order and another period, by plain links.
  await owner.page
    .getByRole("navigation", { name: "Trier les offres" })
    .getByRole("link", { name: "affichages" })
    .click();
  await expect(owner.page).toHaveURL(/\?periode=7&tri=views$/);
  await expect(owner.page.getByRole("list", { name: "Offres, par affichages" })).toBeVisible();
  await owner.page.getByRole("navigation", { name: "Période" }).getByRole("link", { name: "90 jours" }).click();
  await expect(owner.page).toHaveURL(/\?periode=90&tri=views$/);
  await expect(owner.page.getByRole("link", { name: "90 jours", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(figure("Clics")).toHaveText("1");

  // The export holds the same counts.
  const csv = await owner.page.request.get("/gestion/statistiques.csv?periode=7");
  expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
  const cells = [today, slug, brand, 1, javaScriptEnabled ? 1 : 0, 1].map((cell) => `"${cell}"`).join(",");
  expect((await csv.text()).split("\r\n")).toContain(cells);
  await owner.context.close();
});
