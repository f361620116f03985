import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/chromium";
import { BROWSER_EXPECT_MS, BROWSER_TEST_MS, BUILD_MS, SITE_START_MS, SITE_WARM_UP_MS } from "./tests/support/timeouts";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** Synthetic brands added to the third server's catalogue: several pages of offers, and of a search's results. */
const LARGE_CATALOGUE_BRANDS = 250;
/** Synthetic brands added to the fourth server's: enough for an initial of the A–Z index to be split in parts. */
const INDEX_CATALOGUE_BRANDS = 2_500;
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};

/** A server of the build with `brands` synthetic brands added, ready once `ready` answers. */
const withBrands = (port: number, brands: number, ready: string) => ({
  command: `bash scripts/e2e-server.sh ${port} --brands ${brands}`,
  url: `http://127.0.0.1:${port}${ready}`,
  timeout: SITE_START_MS + SITE_WARM_UP_MS,
  reuseExistingServer: false,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
});

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two: three were 80-100 s faster here, but a fresh-clone run then saw a form's answer take over 15 s
  // (docs/decisions/2026-11-28-test-suite-time.md).
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? "line" : "list",
  // A test's limit never includes a server's start: the servers below are up, and have answered, before any test.
  timeout: BROWSER_TEST_MS,
  expect: { timeout: BROWSER_EXPECT_MS },
  use: { baseURL: `http://127.0.0.1:${PORT}`, locale: "fr-FR", trace: "off" },
  projects: [
    // A test marked SERVER_HTML_ONLY (tests/e2e/helpers.ts) asserts nothing hydration changes: it runs once, below.
    { name: "javascript", use: { ...chromium, javaScriptEnabled: true }, grepInvert: /@server-html/ },
    // A test marked JAVASCRIPT_ONLY asserts what only JavaScript does: it runs above alone.
    { name: "no-javascript", use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@javascript-only/ },
  ],
  // Started one after the other: the first builds, the second serves that build with an unreachable backend, the
  // third with a catalogue of some hundred brands (listing pages, search at size), the fourth with thousands (the
  // A–Z index split in parts).
  webServer: [
    {
      command: `bash scripts/e2e-server.sh ${PORT}`,
      url: `http://127.0.0.1:${PORT}/`,
      timeout: BUILD_MS + SITE_START_MS + SITE_WARM_UP_MS,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `bash scripts/e2e-server.sh ${PORT + 1} --failing`,
      url: `http://127.0.0.1:${PORT + 1}/contact`,
      timeout: SITE_START_MS + SITE_WARM_UP_MS,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "ignore",
    },
    withBrands(PORT + 2, LARGE_CATALOGUE_BRANDS, "/offres"),
    withBrands(PORT + 3, INDEX_CATALOGUE_BRANDS, "/marques"),
  ],
});
