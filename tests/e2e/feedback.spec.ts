import path from "node:path";
import { test as base, expect, gotoWaitsForHydration, withDedicatedSite, type DedicatedSite } from "./fixtures";
import { axeViolations, cardBrands, openServerRendered } from "./helpers";
import { readDatabaseCopy } from "../../scripts/lib/database-copy";
import { POLL_MS, SITE_SET_UP_MS } from "../support/timeouts";
import { newVisitors } from "../support/visitor-addresses";
import type { Browser, BrowserContext, Page, PlaywrightWorkerArgs, Request } from "@playwright/test";

/**
 * "Ce code a-t-il fonctionné ?" on brand pages. Votes are stored, so these journeys run against a server of their
 * own (one per worker, on a fresh data folder): what they vote never shows on the pages the other specs read. That
 * server trusts the loopback proxy (TRUST_PROXY=loopback), so each visitor is told apart by the X-Forwarded-For
 * address its browser or request context sends, as a proxy would. Each test votes on offers no other test of this
 * file votes on, with addresses of its own, so the tests stay independent whatever order the workers run them in.
 */

type FeedbackSite = DedicatedSite;

/** A visitor address, in a network of its own, that no other test of this worker uses. */
const newVisitorAddress = newVisitors();

const test = base.extend<
  { visitorAddress: string; serverRendered: (path: string) => Promise<Page> },
  { site: FeedbackSite }
>({
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => withDedicatedSite("e2e-feedback", { TRUST_PROXY: "loopback" }, use),
    { scope: "worker", timeout: SITE_SET_UP_MS },
  ],
  // The test's own `page` (and `request`) is one visitor of the dedicated server.
  baseURL: async ({ site }, use) => use(site.url),
  // eslint-disable-next-line no-empty-pattern -- see above
  visitorAddress: async ({}, use) => use(newVisitorAddress()),
  extraHTTPHeaders: async ({ visitorAddress }, use) => use({ "X-Forwarded-For": visitorAddress }),
  /**
   * Opens a page as its server HTML, in a context where the site's scripts never load (axe runs inside the page), as
   * the test's visitor from then on; the context is closed after the test.
   */
  serverRendered: async ({ browser, site, viewport, visitorAddress }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (path) => {
      const server = await openServerRendered(browser, { baseURL: site.url, viewport, path });
      contexts.push(server.context);
      await server.context.setExtraHTTPHeaders({ "X-Forwarded-For": visitorAddress });
      return server.page;
    });
    for (const context of contexts) await context.close();
  },
});

const BLOCK_TITLE = "Ce code a-t-il fonctionné ?";
const REASON_QUESTION = "Pourquoi n'a-t-il pas fonctionné ? (facultatif)";
const REASONS = ["Code refusé", "Offre terminée", "Conditions non remplies", "Autre"];
const THANKS = "Merci pour votre retour !";
const WARNING = "Plusieurs visiteurs signalent que ce code ne fonctionne plus.";

/** "{p} % de réussite sur {n} avis" (a narrow no-break space before %), then the date of the last vote. */
const summaryOf = (percent: number, votes: number) =>
  new RegExp(`^${percent}\\s%\\sde réussite sur ${votes} avis · Dernier avis le \\d{1,2} \\p{L}+ \\d{4}$`, "u");

const voteBlock = (page: Page) => page.getByRole("region", { name: BLOCK_TITLE });
const summary = (page: Page) =>
  voteBlock(page).getByText(/^(Pas encore assez d'avis|\d+\s%\sde réussite sur \d+ avis)( · .*)?$/);
const yesButton = (page: Page) => voteBlock(page).getByRole("button", { name: "Oui, il a fonctionné" });
const noButton = (page: Page) => voteBlock(page).getByRole("button", { name: "Non", exact: true });
const reasonQuestion = (page: Page) => voteBlock(page).getByRole("group", { name: REASON_QUESTION });
const sendReason = (page: Page) => voteBlock(page).getByRole("button", { name: "Envoyer la raison" });
const thanksToast = (page: Page) => page.getByRole("status").locator("[data-toast]").filter({ hasText: THANKS });
const offerPanel = (page: Page) => page.getByRole("region", { name: "Offre de parrainage" });

const isVotePost = (slug: string) => (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname.startsWith(`/offres/${slug}/avis`);

/**
 * Another visitor votes, as their browser's native form would send it (no JavaScript): the answer is a 303 back to
 * the block of the brand page, which asks why after a "Non" without a reason.
 */
async function voteAs(
  playwright: PlaywrightWorkerArgs["playwright"],
  site: FeedbackSite,
  slug: string,
  worked: "oui" | "non",
  reason?: string,
): Promise<void> {
  const visitor = await playwright.request.newContext({
    baseURL: site.url,
    extraHTTPHeaders: { "X-Forwarded-For": newVisitorAddress() },
  });
  try {
    const answer = await visitor.post(`/offres/${slug}/avis`, {
      form: reason ? { worked, reason } : { worked },
      maxRedirects: 0,
    });
    expect(answer.status(), `vote ${worked} on ${slug}`).toBe(303);
    const location = new URL(answer.headers()["location"] ?? "", site.url);
    const asksWhy = worked === "non" && !reason;
    expect(`${location.pathname}${location.search}${location.hash}`).toBe(
      `/offres/${slug}${asksWhy ? "?avis=non" : ""}#avis`,
    );
  } finally {
    await visitor.dispose();
  }
}

/** Other visitors vote on `slug`, one answer each, as their browsers' native forms would send it. */
async function othersVote(
  playwright: PlaywrightWorkerArgs["playwright"],
  site: FeedbackSite,
  slug: string,
  answers: ("oui" | "non")[],
): Promise<void> {
  for (const worked of answers) await voteAs(playwright, site, slug, worked);
}

interface Journey {
  page: Page;
  browser: Browser;
  site: FeedbackSite;
  slug: string;
  javaScriptEnabled: boolean;
}

/** A journey on `slug` once two other visitors have said "Oui": the test's visitor casts the third vote. */
function afterTwoYes(title: string, slug: string, journey: (journey: Journey) => Promise<void>) {
  test(title, async ({ page, browser, playwright, site, javaScriptEnabled }) => {
    await othersVote(playwright, site, slug, ["oui", "oui"]);
    await journey({ page, browser, site, slug, javaScriptEnabled });
  });
}

/** Opens a brand page; with JavaScript, waits until it is hydrated (the fixture's `goto` does it for `page`). */
async function openBrandPage(page: Page, slug: string) {
  const response = await page.goto(`/offres/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(voteBlock(page).getByRole("heading", { level: 2, name: BLOCK_TITLE })).toBeVisible();
}

/**
 * Presses a button of the block and waits for the vote's answer: without JavaScript a 303 the browser follows to the
 * brand page (a new document), with JavaScript a fetcher request that leaves the page in place.
 */
async function press(page: Page, slug: string, button: ReturnType<typeof yesButton>, javaScriptEnabled: boolean) {
  const answered = page.waitForResponse((response) => isVotePost(slug)(response.request()));
  await button.click();
  const response = await answered;
  if (javaScriptEnabled) {
    expect(response.request().isNavigationRequest(), "with JavaScript the vote is not a page load").toBe(false);
    expect(response.status()).toBe(200);
  } else {
    expect(response.request().isNavigationRequest(), "without JavaScript the vote is the form's page load").toBe(true);
    expect(response.status()).toBe(303);
    await page.waitForLoadState("load");
  }
  return response;
}

/**
 * Opens pages as a visitor of its own: a fresh browser context (no cookie, no cache) with its own address. Pages kept
 * by the server are dropped after a vote at most every 5 s: the visitor looks again, in a fresh context, until what
 * `look` expects is there (15 s at most).
 */
async function asAnotherVisitor(
  browser: Browser,
  site: FeedbackSite,
  javaScriptEnabled: boolean,
  look: (page: Page) => Promise<void>,
): Promise<void> {
  await expect(async () => {
    const context = await browser.newContext({
      baseURL: site.url,
      locale: "fr-FR",
      javaScriptEnabled,
      extraHTTPHeaders: { "X-Forwarded-For": newVisitorAddress() },
    });
    try {
      const page = await context.newPage();
      gotoWaitsForHydration(page, javaScriptEnabled);
      await look(page);
    } finally {
      await context.close();
    }
  }).toPass({ timeout: POLL_MS });
}

/** A stored "Oui", and a stored "Non" with its reason, as storedVotes reads them. */
const YES = { worked: true, reason: null };
const no = (reason: string | null = null) => ({ worked: false, reason });

/** The votes the dedicated server stored on an offer, read from a copy of its embedded database. */
function storedVotes(site: FeedbackSite, slug: string) {
  return readDatabaseCopy(path.join(site.dataDir, "pgdata"), "e2e-feedback", async (db) => {
    const { rows } = await db.query<{ worked: boolean; reason: string | null }>(
      "select worked, reason from public.code_feedback where offer_slug = $1 order by worked desc, id",
      [slug],
    );
    return rows;
  });
}

test.describe("the vote on a brand page", () => {
  test("three visitors say 'Oui': a 303 back to the block, and the page the third lands on has the thanks toast and '100 % de réussite sur 3 avis'", async ({
    page,
    playwright,
    site,
    javaScriptEnabled,
  }) => {
    const slug = "binance";
    await openBrandPage(page, slug);
    await expect(summary(page)).toHaveText("Pas encore assez d'avis");
    await expect(
      offerPanel(page).getByText(/^(Code non vérifié|Vérifié le .+) · Pas encore assez d'avis$/),
    ).toBeVisible();
    await expect(reasonQuestion(page)).toHaveCount(0);

    await othersVote(playwright, site, slug, ["oui", "oui"]);

    // The third visitor votes from the page: the page they then see counts their vote.
    await press(page, slug, yesButton(page), javaScriptEnabled);
    if (javaScriptEnabled) await expect(page).toHaveURL(`${site.url}/offres/${slug}`);
    else await expect(page).toHaveURL(`${site.url}/offres/${slug}#avis`);
    await expect(thanksToast(page)).toBeVisible();
    await expect(thanksToast(page)).toContainText(
      "Votre avis aide les autres visiteurs à savoir si ce code fonctionne.",
    );
    await expect(summary(page)).toHaveText(summaryOf(100, 3));
    await expect(offerPanel(page).getByText(/ · 100\s%\sde réussite sur 3 avis$/)).toBeVisible();
    await expect(voteBlock(page)).toBeInViewport();
    await expect(reasonQuestion(page)).toHaveCount(0);
    expect(await storedVotes(site, slug)).toEqual([YES, YES, YES]);
  });

  afterTwoYes(
    "a second vote of the same visitor replaces theirs: 3 votes still, for other visitors and on the page the voter then sees",
    "bitget",
    async ({ page, browser, site, slug, javaScriptEnabled }) => {
      await openBrandPage(page, slug);
      await press(page, slug, yesButton(page), javaScriptEnabled);
      await expect(summary(page)).toHaveText(summaryOf(100, 3));

      // The same visitor votes again, "Non" this time: their vote is replaced, not added (4 votes would read 75 %).
      await press(page, slug, noButton(page), javaScriptEnabled);
      if (!javaScriptEnabled) await expect(page).toHaveURL(`${site.url}/offres/${slug}?avis=non#avis`);
      await expect(thanksToast(page)).toBeVisible();
      expect(await storedVotes(site, slug)).toEqual([YES, YES, no()]);
      await expect(summary(page), "the voter's own page counts their second vote").toHaveText(summaryOf(67, 3));
      await asAnotherVisitor(browser, site, javaScriptEnabled, async (other) => {
        await openBrandPage(other, slug);
        await expect(summary(other)).toHaveText(summaryOf(67, 3), { timeout: 1_000 });
      });
    },
  );

  afterTwoYes(
    "a visitor who opened the brand page from its /offres card sees their own vote counted",
    "deblock",
    async ({ page, site, slug, javaScriptEnabled }) => {
      await page.goto("/offres");
      const card = page
        .getByRole("region", { name: /^Tous les codes parrainage/ })
        .getByRole("article")
        .filter({ has: page.locator(`h3 a[href="/offres/${slug}"]`) });
      await expect(card).toHaveCount(1);
      // With JavaScript the card's link is a client-side navigation, without it a page load.
      await card.locator(`h3 a[href="/offres/${slug}"]`).click();
      await expect(page).toHaveURL(`${site.url}/offres/${slug}`);
      await expect(summary(page)).toHaveText(/^Pas encore assez d'avis · Dernier avis le /);

      await press(page, slug, yesButton(page), javaScriptEnabled);
      await expect(thanksToast(page)).toBeVisible();
      expect(await storedVotes(site, slug)).toHaveLength(3);
      await expect(summary(page), "the page the voter is on counts their vote").toHaveText(summaryOf(100, 3));
    },
  );

  afterTwoYes(
    "after voting, 'Retour aux offres' leads to a list whose card counts the vote",
    "trade-republic",
    async ({ page, site, slug, javaScriptEnabled }) => {
      const card = page
        .getByRole("region", { name: /^Tous les codes parrainage/ })
        .getByRole("article")
        .filter({ has: page.locator(`h3 a[href="/offres/${slug}"]`) });
      const trustLine = card.getByText(/^(Code non vérifié|Vérifié le .+) · /);

      // The visitor browses the site: home page, all offers, the offer (client-side navigations with JavaScript).
      await page.goto("/");
      await page.getByRole("link", { name: "Voir toutes les offres" }).first().click();
      await expect(page).toHaveURL(`${site.url}/offres`);
      await expect(trustLine).toHaveText(/ · Pas encore assez d'avis$/);
      await card.locator(`h3 a[href="/offres/${slug}"]`).click();
      await expect(page).toHaveURL(`${site.url}/offres/${slug}`);

      await press(page, slug, yesButton(page), javaScriptEnabled);
      await expect(summary(page)).toHaveText(summaryOf(100, 3));
      // The server drops the pages it keeps at most every 5 s after a vote: the visitor reads on for that long.
      await page.waitForTimeout(5_500);

      await page.getByRole("link", { name: "Retour aux offres" }).click();
      await expect(page).toHaveURL(`${site.url}/offres`);
      await expect(trustLine, "the list the voter goes back to counts their vote").toHaveText(
        / · 100\s%\sde réussite sur 3 avis$/,
      );
    },
  );

  afterTwoYes(
    "'Non' then a reason: the block asks why, the reason replaces the visitor's vote and the count stays",
    "coinbase",
    async ({ page, site, slug, javaScriptEnabled }) => {
      await openBrandPage(page, slug);
      await expect(summary(page)).toHaveText(/^Pas encore assez d'avis · Dernier avis le /);

      await press(page, slug, noButton(page), javaScriptEnabled);
      // Without JavaScript the answer is the brand page that asks why; with it, the question takes the buttons' place.
      if (javaScriptEnabled) await expect(page).toHaveURL(`${site.url}/offres/${slug}`);
      else await expect(page).toHaveURL(`${site.url}/offres/${slug}?avis=non#avis`);
      await expect(thanksToast(page)).toBeVisible();
      await expect(summary(page)).toHaveText(summaryOf(67, 3));
      await expect(reasonQuestion(page)).toBeVisible();
      await expect(reasonQuestion(page).getByRole("radio")).toHaveCount(REASONS.length);
      for (const reason of REASONS) {
        await expect(reasonQuestion(page).getByRole("radio", { name: reason, exact: true })).not.toBeChecked();
      }
      await expect(yesButton(page)).toHaveCount(0);
      await expect(noButton(page)).toHaveCount(0);

      if (javaScriptEnabled) {
        // The first thanks is closed, so that the one below can only be the reason's.
        await thanksToast(page).getByRole("button", { name: "Fermer la notification" }).click();
        await expect(thanksToast(page)).toHaveCount(0);
      }
      await reasonQuestion(page).getByRole("radio", { name: "Code refusé", exact: true }).check();
      await press(page, slug, sendReason(page), javaScriptEnabled);
      if (javaScriptEnabled) await expect(page).toHaveURL(`${site.url}/offres/${slug}`);
      else await expect(page).toHaveURL(`${site.url}/offres/${slug}#avis`);
      await expect(thanksToast(page)).toBeVisible();
      await expect(summary(page)).toHaveText(summaryOf(67, 3));
      // The reason is given: the block is back to its question.
      await expect(reasonQuestion(page)).toHaveCount(0);
      await expect(yesButton(page)).toBeVisible();
      await expect(noButton(page)).toBeVisible();

      expect(await storedVotes(site, slug)).toEqual([YES, YES, no("code-refuse")]);
    },
  );

  afterTwoYes(
    "with JavaScript the vote reloads nothing: 'Envoi en cours...' while pending, the toast, the summary and the reason question in place (without JavaScript: the vote is a page load)",
    "wise",
    async ({ page, site, slug, javaScriptEnabled }) => {
      await openBrandPage(page, slug);
      const before = await summary(page).textContent();
      expect(before).toMatch(/^Pas encore assez d'avis/);

      if (!javaScriptEnabled) {
        // The native form: a document request answered 303, then the brand page asking why.
        const response = await press(page, slug, noButton(page), false);
        expect(new URL(response.headers()["location"] ?? "", site.url).search).toBe("?avis=non");
        await expect(page).toHaveURL(`${site.url}/offres/${slug}?avis=non#avis`);
        await expect(thanksToast(page)).toBeVisible();
        await expect(summary(page)).toHaveText(summaryOf(67, 3));
        await expect(reasonQuestion(page)).toBeVisible();
        return;
      }

      // A marker on the page's window: a reload would wipe it.
      await page.evaluate(() => ((window as unknown as { voteMarker: string }).voteMarker = "same page"));
      const marker = () => page.evaluate(() => (window as unknown as { voteMarker?: string }).voteMarker);

      // Each vote is held until its pending state has been seen.
      const held: Array<() => void> = [];
      await page.route(
        (url) => url.pathname.startsWith(`/offres/${slug}/avis`),
        async (route) => {
          if (route.request().method() !== "POST") return route.continue();
          await new Promise<void>((resolve) => held.push(resolve));
          await route.continue();
        },
      );
      const release = async () => {
        await expect.poll(() => held.length).toBe(1);
        held.shift()!();
      };

      const sent = page.waitForResponse((response) => isVotePost(slug)(response.request()));
      await noButton(page).click();
      const pendingNo = voteBlock(page).getByRole("button", { name: "Envoi en cours..." });
      await expect(pendingNo).toBeDisabled();
      await expect(yesButton(page)).toBeDisabled();
      await expect(summary(page)).toHaveText(before!);
      await release();
      expect((await sent).request().isNavigationRequest()).toBe(false);

      await expect(thanksToast(page)).toBeVisible();
      await expect(summary(page)).toHaveText(summaryOf(67, 3));
      await expect(summary(page)).not.toHaveText(before!);
      await expect(reasonQuestion(page)).toBeVisible();
      await expect(page).toHaveURL(`${site.url}/offres/${slug}`);
      expect(await marker()).toBe("same page");

      await reasonQuestion(page).getByRole("radio", { name: "Offre terminée", exact: true }).check();
      const reasonSent = page.waitForResponse((response) => isVotePost(slug)(response.request()));
      await sendReason(page).click();
      const pendingReason = voteBlock(page).getByRole("button", { name: "Envoi en cours..." });
      await expect(pendingReason).toBeDisabled();
      await release();
      expect((await reasonSent).status()).toBe(200);
      await expect(yesButton(page)).toBeEnabled();
      await expect(reasonQuestion(page)).toHaveCount(0);
      await expect(thanksToast(page)).toBeVisible();
      await expect(summary(page)).toHaveText(summaryOf(67, 3));
      expect(await marker()).toBe("same page");
      expect(await storedVotes(site, slug)).toEqual([YES, YES, no("offre-terminee")]);
    },
  );

  test("five 'Non' on a featured offer: the warning on its brand page and its /offres card, and it leaves the home page's three", async ({
    page,
    browser,
    playwright,
    site,
    javaScriptEnabled,
  }) => {
    test.setTimeout(60_000); // the pages the server keeps are dropped up to 5 s after a vote, twice waited for
    // Which offers the home page puts forward is the catalogue's choice: the first of them is voted on.
    await page.goto("/");
    const featured = page.getByRole("region", { name: "Notre sélection" }).getByRole("article");
    await expect(featured).toHaveCount(3);
    const link = featured.first().getByRole("heading", { level: 3 }).getByRole("link");
    const brand = ((await link.textContent()) ?? "").trim();
    const slug = /^\/offres\/([a-z0-9-]+)$/.exec((await link.getAttribute("href")) ?? "")?.[1] ?? "";
    expect(brand).not.toBe("");
    expect(slug).not.toBe("");

    const allOffers = (target: Page) => target.getByRole("region", { name: /^Tous les codes parrainage/ });
    const card = (target: Page) =>
      allOffers(target)
        .getByRole("article")
        .filter({ has: target.getByRole("heading", { level: 3, name: brand, exact: true }) });
    await page.goto("/offres");
    await expect(card(page)).toHaveCount(1);
    await expect(card(page).getByText(/^(Code non vérifié|Vérifié le .+) · Pas encore assez d'avis$/)).toBeVisible();
    await expect(card(page).getByText(WARNING)).toHaveCount(0);
    await openBrandPage(page, slug);
    await expect(page.getByText(WARNING)).toHaveCount(0);

    for (let visitor = 0; visitor < 4; visitor += 1) await voteAs(playwright, site, slug, "non");
    await expect(summary(page)).toHaveText("Pas encore assez d'avis"); // the page opened before the votes

    // The fifth visitor votes from the brand page, and the page they then see carries the warning.
    await press(page, slug, noButton(page), javaScriptEnabled);
    await expect(thanksToast(page)).toBeVisible();
    await expect(summary(page)).toHaveText(summaryOf(0, 5));
    await expect(offerPanel(page).getByText(WARNING)).toBeVisible();
    await expect(offerPanel(page).getByText(/ · 0\s%\sde réussite sur 5 avis$/)).toBeVisible();

    await asAnotherVisitor(browser, site, javaScriptEnabled, async (other) => {
      await other.goto("/offres");
      await expect(card(other).getByText(WARNING)).toBeVisible({ timeout: 1_000 });
      await expect(
        card(other).getByText(/^(Code non vérifié|Vérifié le .+) · 0\s%\sde réussite sur 5 avis$/),
      ).toBeVisible({ timeout: 1_000 });
    });

    await asAnotherVisitor(browser, site, javaScriptEnabled, async (other) => {
      await other.goto("/");
      const featuredNow = other.getByRole("region", { name: "Notre sélection" }).getByRole("article");
      await expect(featuredNow).toHaveCount(3, { timeout: 1_000 });
      expect(await cardBrands(featuredNow)).not.toContain(brand);
      await expect(featuredNow.getByText(WARNING), "no offer said not to work is put forward").toHaveCount(0);
    });
  });

  test("the 31st vote of the hour is refused: the French message and the visitor's choice kept, a page of its own without JavaScript, in place with it", async ({
    page,
    request,
    site,
    serverRendered,
    javaScriptEnabled,
  }) => {
    const [spent, slug] = ["okx", "mexc"];
    // 30 votes of this visitor within the hour (each replaces the last on the same offer): the hour's allowance.
    for (let sent = 0; sent < 30; sent += 1) {
      const answer = await request.post(`/offres/${spent}/avis`, { form: { worked: "oui" }, maxRedirects: 0 });
      expect(answer.status(), `vote ${sent + 1}`).toBe(303);
    }
    const refusal = "Trop d'avis envoyés en une heure. Veuillez réessayer plus tard.";
    if (javaScriptEnabled) {
      await openBrandPage(page, slug);
      const answered = page.waitForResponse((response) => isVotePost(slug)(response.request()));
      await noButton(page).click();
      const response = await answered;
      expect(response.status()).toBe(429);
      expect(response.request().isNavigationRequest()).toBe(false);
      await expect(page).toHaveURL(`${site.url}/offres/${slug}`);
      await expect(voteBlock(page).getByRole("alert")).toHaveText(refusal);
      await expect(summary(page)).toHaveText("Pas encore assez d'avis");
    } else {
      const server = await serverRendered(`/offres/${slug}`);
      const answered = server.waitForResponse((response) => isVotePost(slug)(response.request()));
      await noButton(server).click();
      expect((await answered).status()).toBe(429);
      await server.waitForLoadState("load");
      await expect(server.getByRole("heading", { level: 1 })).toHaveText("Votre avis sur le code de cette offre");
      await expect(voteBlock(server).getByRole("alert")).toHaveText(refusal);
      // The choice is kept: after "Non", the reasons, and the form sends to the same offer.
      await expect(reasonQuestion(server)).toBeVisible();
      await expect(sendReason(server)).toBeVisible();
      await expect(server.getByRole("link", { name: "Retour à l'offre" })).toHaveAttribute("href", `/offres/${slug}`);
      const violations = await axeViolations(server);
      expect(violations, `axe violations on the refusal:\n${violations.join("\n")}`).toEqual([]);
    }
    expect(await storedVotes(site, slug)).toEqual([]);
  });

  test("axe finds no WCAG 2.1 A/AA violation on the brand page with the vote buttons, then with the reason question", async ({
    page,
    site,
    serverRendered,
    javaScriptEnabled,
  }) => {
    const slug = "fortuneo";
    const expectClean = async (target: Page, state: string) => {
      const violations = await axeViolations(target);
      expect(violations, `axe violations on /offres/${slug}, ${state}:\n${violations.join("\n")}`).toEqual([]);
    };
    if (javaScriptEnabled) {
      await openBrandPage(page, slug);
      await expect(yesButton(page)).toBeVisible();
      await expectClean(page, "vote buttons (JavaScript)");
      await press(page, slug, noButton(page), true);
      await expect(reasonQuestion(page)).toBeVisible();
      await expect(thanksToast(page)).toBeVisible();
      await expectClean(page, "reason question and toast (JavaScript)");
      return;
    }
    // axe runs inside the page: the server HTML is audited in a context where the site's scripts never load.
    const server = await serverRendered(`/offres/${slug}`);
    await expect(yesButton(server)).toBeVisible();
    await expectClean(server, "vote buttons (server HTML)");
    await press(server, slug, noButton(server), false);
    await expect(server).toHaveURL(`${site.url}/offres/${slug}?avis=non#avis`);
    await expect(reasonQuestion(server)).toBeVisible();
    await expect(thanksToast(server)).toBeVisible();
    await expectClean(server, "reason question and toast (server HTML)");
  });
});
