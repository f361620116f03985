import { hasExample } from "~/catalogue/examples";
import { onShutdown, runShutdownHooks } from "./shutdown.server";
import { checkSiteSecret, SiteSecretRefused, watchSiteSecret } from "./site-secret.server";
import { startAlertDispatcher } from "../alerts/visitor-alerts.server";
import { getBackend, shutdownBackend, startBackend } from "../backend/index.server";
import { getConfig } from "../config/env.server";
import { siteEvents } from "../events.server";
import { pageCache } from "../http/page-cache.server";
import { runEveryServerThroughThePipeline } from "../http/remix-serve.server";
import { log } from "../log.server";
import { watchOwnerAlerts } from "../owner/owner-alerts.server";
import { loadOffers } from "../pages/offers.server";
import type { ReferralOffer } from "~/catalogue/types";

/** Set by server.js before it loads the build: it runs the request pipeline itself, with the page cache on. */
const SERVER_JS = Symbol.for("codeparrain.server-js");

/**
 * What the application does once, when its build is loaded, before any request: it reads the configuration (an
 * invalid one stops the start), starts the backend (the data folder's lock and secret), puts the request pipeline
 * in front of a server other than server.js, wires the site's events to what reacts to them, and opens the
 * database (on first start, creates it) and merges the offers rather than on the first visitor's request. The promise
 * it gives is kept once that is done, or has failed and been logged (the pages then say the offers are unavailable).
 * An instance whose secret is not the site's (site-secret.server.ts) stops there.
 */
export function startApplication(): Promise<void> {
  getConfig();
  startBackend();
  // Under remix-serve an e-mail being sent or a backup being written finish before the database closes.
  if (!(globalThis as { [SERVER_JS]?: boolean })[SERVER_JS]) {
    runEveryServerThroughThePipeline(() => runShutdownHooks().then(shutdownBackend));
  }
  // A vote changes the summary its offer's pages show; a brand changed may show on any page.
  siteEvents.on("vote-stored", ({ offerSlug }) => pageCache.forgetPagesShowing(offerSlug));
  siteEvents.on("brands-changed", () => pageCache.forgetAll());
  // A guide shows on its pages, the brand pages and listings naming it, the sitemap and the feed.
  siteEvents.on("writing-changed", () => pageCache.forgetAll());
  // At once, never gathered as votes are: the owner waits to see their decision, and a pending text is never shown.
  siteEvents.on("testimonials-changed", ({ offerSlug }) => pageCache.forgetPaths(["/", `/offres/${offerSlug}`]));
  return (
    getBackend()
      .then((backend) => {
        // Both may bring an offer's alert (SMTP_URL only): the check reads the catalogue again.
        const checkAlerts = watchOwnerAlerts(backend);
        siteEvents.on("vote-stored", () => checkAlerts());
        siteEvents.on("brands-changed", () => checkAlerts());
        return secretChecked().then(() => backend.warmUp());
      })
      // The offers merged at once: a new release's bundled offers are compared with the history before any visit.
      .then(() => {
        startAlertDispatcher().catch((error: unknown) => log.error("Alertes des visiteurs non démarrées :", error));
        return loadOffers();
      })
      .then(
        ({ offers }) => logExamples(offers),
        (error: unknown) => log.error("Source des marques indisponible au démarrage :", error),
      )
  );
}

const SECRET_CHECK_RETRY_MS = 5_000;

/** How many offers still show, or would show, the bundle's example code or link (catalogue/examples.ts). */
function logExamples(offers: readonly ReferralOffer[]): void {
  const waiting = offers.filter(hasExample).length;
  if (waiting === 0) return;
  const plural = waiting > 1 ? "s" : "";
  if (getConfig().examplesWithheld) {
    const awaiting = offers.filter((offer) => offer.awaiting).length;
    const their = waiting > 1 ? "leur" : "son";
    log.warn(
      `${waiting} offre${plural} attend${waiting > 1 ? "ent" : ""} ${their} code ou ${their} lien : les exemples livrés ` +
        `avec le site ne sont pas publiés (${awaiting} sans code ni lien : leur page dit « Offre en cours de ` +
        `complétion »). Complétez-l${waiting > 1 ? "es" : "a"} dans le back-office, liste « À compléter ».`,
    );
  } else {
    log.info(
      `${waiting} offre${plural} montre${waiting > 1 ? "nt" : ""} un code ou un lien d'exemple, marqué « exemple » ; ` +
        "en production sur une adresse publique, il ne serait pas publié.",
    );
  }
}

/** Ends the process on a refused secret; gives back any other failure. */
function stopIfRefused(error: unknown): unknown {
  if (error instanceof SiteSecretRefused) {
    log.error(`Démarrage refusé : ${error.message}`);
    process.exit(1);
  }
  return error;
}

/**
 * The site's secret held to the database's before anything is read: a secret refused ends the process, in French;
 * a database away at start is asked again until it answers (nothing can be served until then anyway).
 */
async function secretChecked(): Promise<void> {
  const { backend } = getConfig();
  if (backend.kind === "supabase") return;
  const retry = () =>
    checkSiteSecret(backend).then(
      () => onShutdown(watchSiteSecret(backend)),
      (error: unknown) => {
        stopIfRefused(error);
        setTimeout(retry, SECRET_CHECK_RETRY_MS).unref();
      },
    );
  try {
    await checkSiteSecret(backend);
    onShutdown(watchSiteSecret(backend));
  } catch (error) {
    setTimeout(retry, SECRET_CHECK_RETRY_MS).unref();
    throw stopIfRefused(error);
  }
}
