/**
 * Lighthouse (mobile preset) on the production build with Debian's Chromium: `npm run lighthouse`, after
 * `npm run build`. Prints the four scores of each page and writes them to bench-results/lighthouse.md.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { runLighthouse } from "./lib/lighthouse-run";
import { OWNER_PASSWORD, publishSampleGuide } from "../tests/support/sample-guide";
import { startSite } from "../tests/support/server";
import { alertingSiteEnv, startSmtpServer } from "../tests/support/smtp-server";
import { makeTempDir } from "../tests/support/temp-dir";

const PAGES = [
  "/",
  "/offres",
  "/offres?tri=montant",
  "/offres?q=banque+en+ligne",
  "/offres?q=forfait+mobile",
  "/offres/binance",
  "/offres/sorare",
  "/codes",
  "/contact",
  "/alertes",
  "/comment-sont-recueillis-les-avis",
  "/comment-les-offres-sont-classees",
  "/marques",
  "/marques/b",
  "/guides",
  // A guide of 3 000 words naming six offers, published below.
  "/guides/primes-des-banques-en-ligne",
];

const temp = makeTempDir("lighthouse");
// A site that sends e-mail, as /alertes is measured where it offers alerts (nothing is sent: pages are only read).
const smtp = await startSmtpServer();
const site = await startSite({
  DATA_DIR: temp.dir,
  SITE_URL: "http://127.0.0.1",
  OWNER_PASSWORD,
  ...alertingSiteEnv(smtp),
});
await publishSampleGuide(site);
const { lines, notes } = await runLighthouse(site.url, PAGES).finally(async () => {
  await site.stop();
  await smtp.stop();
  temp.cleanup();
});
const report = [
  ...lines,
  "",
  notes.length ? "Points relevés :" : "Aucun point relevé.",
  ...notes.map((note) => `- ${note}`),
  "",
].join("\n");
console.log(report);
writeFileSync(path.resolve(import.meta.dirname, "../bench-results/lighthouse.md"), report);
