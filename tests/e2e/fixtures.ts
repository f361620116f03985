import { test as base, type Page } from "@playwright/test";
import { waitForHydration } from "./helpers";

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
