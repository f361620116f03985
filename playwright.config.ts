import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** Synthetic brands added to the third server's catalogue: several pages of offers, and of a search's results. */
const LARGE_CATALOGUE_BRANDS = 250;
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? "line" : "list",
  timeout: 30_000,
  use: { baseURL: `http://127.0.0.1:${PORT}`, locale: "fr-FR", trace: "off" },
  projects: [
    { name: "javascript", use: { ...chromium, javaScriptEnabled: true } },
    { name: "no-javascript", use: { ...chromium, javaScriptEnabled: false } },
  ],
  // Started one after the other: the first builds, the second serves that build with an unreachable backend, the
  // third with a catalogue of some hundred brands (listing pages, search at size).
  webServer: [
    {
      command: `bash scripts/e2e-server.sh ${PORT}`,
      url: `http://127.0.0.1:${PORT}/`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `bash scripts/e2e-server.sh ${PORT + 1} --failing`,
      url: `http://127.0.0.1:${PORT + 1}/contact`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "ignore",
    },
    {
      command: `bash scripts/e2e-server.sh ${PORT + 2} --brands ${LARGE_CATALOGUE_BRANDS}`,
      url: `http://127.0.0.1:${PORT + 2}/offres`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
