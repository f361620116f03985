import { test as base, expect, type Page } from "@playwright/test";
import { waitForHydration } from "./helpers";
import { OWNER_PASSWORD } from "./servers";
import { startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";
import { SITE_SET_UP_MS, SITE_WARM_UP_MS } from "../support/timeouts";
import { newVisitors } from "../support/visitor-addresses";

/**
 * Makes `page.goto` also wait, with JavaScript, until React has hydrated the page, so that a test interacts with
 * the enhanced page rather than racing it. Without JavaScript it stays the plain navigation.
 */
export function gotoWaitsForHydration(page: Page, javaScriptEnabled: boolean): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (javaScriptEnabled) await waitForHydration(page);
    return response;
  };
}

/** The test's own `page` has that `goto`. */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    gotoWaitsForHydration(page, javaScriptEnabled);
    await use(page);
  },
});

export { expect } from "@playwright/test";

/** A server of a spec's own, on a fresh data folder: what its tests store never shows on the pages others read. */
export interface DedicatedSite {
  url: string;
  dataDir: string;
  server: RunningSite;
}

/**
 * Starts the production build on a fresh data folder with `env` for the worker fixture that calls it, waits until
 * it is warm and healthy (not within a test's time: the fixture has SITE_SET_UP_MS), hands it to `use`, then stops
 * it and removes the folder.
 */
export async function withDedicatedSite(
  prefix: string,
  env: Record<string, string>,
  use: (site: DedicatedSite) => Promise<void>,
): Promise<void> {
  const temp = makeTempDir(prefix);
  let server: RunningSite | undefined;
  try {
    server = await startSite({ DATA_DIR: temp.dir, ...env });
    await expect
      .poll(async () => (await fetch(`${server!.url}/healthz`)).status, { timeout: SITE_WARM_UP_MS, intervals: [500] })
      .toBe(200);
    expect((await fetch(`${server.url}/offres`)).status).toBe(200);
    await use({ url: server.url, dataDir: temp.dir, server });
  } finally {
    await server?.stop();
    temp.cleanup();
  }
}

/**
 * The test of a spec whose journeys store what they do: its pages come from a server of its own (one per worker, a
 * fresh data folder, the owner's password set) which trusts the loopback proxy, and each test's visitor, like each
 * address `newVisitorAddress` hands out, has a network of its own, numbered from `firstAddress` on.
 */
export function testOnDedicatedSite(prefix: string, firstAddress: number) {
  const newVisitorAddress = newVisitors(firstAddress);
  const dedicated = test.extend<{ visitorAddress: string }, { site: DedicatedSite }>({
    site: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
      async ({}, use) => withDedicatedSite(prefix, { TRUST_PROXY: "loopback", OWNER_PASSWORD }, use),
      { scope: "worker", timeout: SITE_SET_UP_MS },
    ],
    baseURL: async ({ site }, use) => use(site.url),
    // eslint-disable-next-line no-empty-pattern -- see above
    visitorAddress: async ({}, use) => use(newVisitorAddress()),
    extraHTTPHeaders: async ({ visitorAddress }, use) => use({ "X-Forwarded-For": visitorAddress }),
  });
  return { test: dedicated, newVisitorAddress };
}
