import { test as base } from "@playwright/test";
import { waitForHydration } from "./helpers";

/**
 * `page.goto` that, with JavaScript, also waits until React has hydrated the page, so that a test interacts with
 * the enhanced page rather than racing it. Without JavaScript it is the plain navigation.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled) await waitForHydration(page);
      return response;
    };
    await use(page);
  },
});

export { expect } from "@playwright/test";
