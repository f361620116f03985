import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/ports";
import { startSite, type RunningSite } from "../support/server";
import { startStandIn, type StandIn } from "../support/stand-in";
import { sleep } from "../support/wait";

/**
 * The site on hosted Supabase, whose REST API is played by a loopback server the test controls: it answers,
 * goes away (closed port), or accepts connections and never answers.
 */
type Mode = "answer" | "hang";
let mode: Mode = "answer";
let backend: StandIn | undefined;
let backendPort: number;

const brandsAnswer = JSON.stringify([
  { id: "b1", name: "Binance", description: "Plateforme d'échange de cryptomonnaies.", logo_url: null },
  { id: "b2", name: "Boursorama Banque", description: "Banque en ligne.", logo_url: null },
]);

async function backendUp() {
  backend = await startStandIn(
    (request, response) => {
      if (mode === "hang") return; // never answers
      response.writeHead(200, { "content-type": "application/json" });
      response.end(brandsAnswer);
    },
    { port: backendPort },
  );
}
async function backendDown() {
  await backend?.close();
  backend = undefined;
}

const TIMEOUT_MS = 400;
const siteEnv = () => ({
  SUPABASE_URL: `http://127.0.0.1:${backendPort}`,
  SUPABASE_ANON_KEY: "public-anon-key",
  SESSION_SECRET: "s".repeat(40),
  CONTACT_CLIENT_KEY_SECRET: "k".repeat(40),
  BRANDS_CACHE_TTL_SECONDS: "0.3",
  BRANDS_TIMEOUT_MS: String(TIMEOUT_MS),
});
const ERROR_TEXT = "Une erreur est survenue lors du chargement des offres";

async function timed(url: string) {
  const started = Date.now();
  const response = await fetch(url);
  return { status: response.status, html: await response.text(), ms: Date.now() - started, headers: response.headers };
}

beforeAll(async () => {
  backendPort = await freePort();
});
afterAll(async () => {
  await backendDown();
});

describe("with a copy of the brands in memory", () => {
  let site: RunningSite;
  beforeAll(async () => {
    mode = "answer";
    await backendUp();
    site = await startSite(siteEnv());
  });
  afterAll(() => site.stop());

  it("keeps answering from the stale copy, with no error shown, whatever happens to the backend", async () => {
    const first = await timed(`${site.url}/offres`);
    expect(first.status).toBe(200);
    expect(first.html).toContain("Code parrainage Binance");

    // The backend goes away: its port is closed.
    await backendDown();
    await sleep(400);
    for (const path of ["/offres", "/", "/offres/binance", "/codes?cat=crypto"]) {
      const page = await timed(`${site.url}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.html, path).not.toContain(ERROR_TEXT);
    }
    expect((await fetch(`${site.url}/healthz`)).status).toBe(503);

    // The backend accepts connections and never answers.
    mode = "hang";
    await backendUp();
    await sleep(400);
    const during = await timed(`${site.url}/offres?q=bin`);
    expect(during.status).toBe(200);
    expect(during.html).toContain("Code parrainage Binance");
    expect(during.ms).toBeLessThan(TIMEOUT_MS + 1_000);
    const health = await timed(`${site.url}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get("cache-control")).toBe("private, no-store");
    expect(site.alive()).toBe(true);
  });
});

describe("with nothing in memory", () => {
  let site: RunningSite;
  beforeAll(async () => {
    await backendDown();
    site = await startSite(siteEnv());
  });
  afterAll(() => site.stop());

  it("answers the error message with 503 and Retry-After within the timeout, then recovers without a restart", async () => {
    const home = await timed(`${site.url}/`);
    expect(home.status).toBe(503);
    expect(home.headers.get("retry-after")).toBe("30");
    expect(home.headers.get("cache-control")).toBe("private, no-store");
    expect(home.html).toContain("Une erreur est survenue lors du chargement des offres.");
    const offers = await timed(`${site.url}/offres`);
    expect(offers.status).toBe(503);
    expect(offers.html).toContain("Une erreur est survenue lors du chargement des offres de parrainage.");

    mode = "hang";
    await backendUp();
    const hanging = await timed(`${site.url}/offres`);
    expect(hanging.status).toBe(503);
    expect(hanging.ms).toBeLessThan(TIMEOUT_MS + 1_500);

    // The backend comes back.
    await backendDown();
    mode = "answer";
    await backendUp();
    await sleep(400);
    let recovered = await timed(`${site.url}/offres`);
    for (let attempt = 0; attempt < 10 && recovered.status !== 200; attempt += 1) {
      await sleep(200);
      recovered = await timed(`${site.url}/offres`);
    }
    expect(recovered.status).toBe(200);
    expect(recovered.html).toContain("Code parrainage Binance");
    expect(recovered.html).not.toContain(ERROR_TEXT);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });
});
