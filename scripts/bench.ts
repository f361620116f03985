/**
 * Throughput and latency of the production build on loopback (`npm run bench`, after `npm run build`): the
 * render alone, in process, with every cache off; each page against the same bytes from a minimal node:http
 * static server in the same run; then with every cache off over HTTP; then valid contact submissions and votes,
 * on the embedded database and on a Postgres server (DATABASE_URL). Prints the figures and writes them to
 * bench-results/latest.md.
 */
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import {
  createReport,
  describeLoad,
  measureLoad,
  measureVotes,
  residentMemoryMb,
  serverCpuMs,
  type Figures,
} from "./lib/bench-tools";
import { DEFAULT_POOL_SIZE } from "../app/services/config/values.server";
import { startPostgres } from "../tests/support/postgres-server";
import { startSite } from "../tests/support/server";
import { startStandIn } from "../tests/support/stand-in";
import { makeTempDir } from "../tests/support/temp-dir";
import type autocannon from "autocannon";

const PAGES = ["/", "/offres", "/offres/binance", "/codes?cat=crypto", "/offres?q=bin"];
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 6);
const root = path.resolve(import.meta.dirname, "..");

function load(url: string, options: Partial<autocannon.Options> = {}): Promise<Figures> {
  return measureLoad(url, { connections: CONNECTIONS, duration: DURATION_S, ...options });
}

/** The same bytes, served as plainly as Node can: the ceiling for this machine and this load generator. */
function staticServer(pages: Map<string, Buffer>, type = "text/html; charset=utf-8", encoding?: "gzip") {
  return startStandIn((request, response) => {
    const body = pages.get(request.url ?? "/");
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      "Content-Type": type,
      "Content-Length": body.byteLength,
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    });
    response.end(body);
  });
}

const { say, write } = createReport();

const temp = makeTempDir("bench");
const env = {
  DATA_DIR: temp.dir,
  SITE_URL: "http://127.0.0.1",
  CONTACT_RATE_LIMIT_MAX: "100000",
  CONTACT_NETWORK_LIMIT_PER_HOUR: "100000",
};
say(
  `# Bench — ${new Date().toISOString().slice(0, 16)}Z, ${CONNECTIONS} connexions, ${DURATION_S} s par mesure, Node ${process.version}`,
);
say();

// 0. The render alone: Remix's request handler called in this process (no HTTP, no compression), every cache
// off, so each request reads the brands from the embedded database and renders the page.
const renderTemp = makeTempDir("bench-render");
Object.assign(process.env, {
  NODE_ENV: "production",
  DATA_DIR: renderTemp.dir,
  BRANDS_CACHE_TTL_SECONDS: "0",
  HTML_CACHE: "off",
});
const { createRequestHandler } = await import("@remix-run/node");
const handle = createRequestHandler(await import(path.join(root, "build/index.js")), "production");
const RENDERS = Number(process.env.BENCH_RENDERS ?? 300);
say(`| page, rendu seul (caches coupés, ${RENDERS} rendus) | ms par requête, moyenne | dont temps CPU | p50 | p99 |`);
say("|---|---|---|---|---|");
for (const page of PAGES) {
  const render = async () => (await handle(new Request(`http://127.0.0.1${page}`))).arrayBuffer();
  for (let index = 0; index < 30; index += 1) await render();
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let index = 0; index < RENDERS; index += 1) {
    const start = performance.now();
    await render();
    times.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, time) => sum + time, 0) / RENDERS;
  const at = (share: number) => (times[Math.min(RENDERS - 1, Math.floor(RENDERS * share))] ?? 0).toFixed(2);
  say(
    `| ${page} | ${mean.toFixed(2)} | ${((cpu.user + cpu.system) / 1000 / RENDERS).toFixed(2)} | ${at(0.5)} | ${at(0.99)} |`,
  );
}
say();

// 1. Pages with caches on, against the static server on identical bytes: uncompressed, then gzip as browsers ask.
let site = await startSite(env);
const bytes = new Map<string, Buffer>();
for (const page of PAGES) bytes.set(page, Buffer.from(await (await fetch(`${site.url}${page}`)).arrayBuffer()));
const ceiling = await staticServer(bytes);
say("| page | site | serveur statique, mêmes octets | site / statique |");
say("|---|---|---|---|");
const ratios: number[] = [];
for (const page of PAGES) {
  const ours = await load(`${site.url}${page}`);
  const plain = await load(`${ceiling.url}${page}`);
  const ratio = ours.rps / plain.rps;
  ratios.push(ratio);
  say(
    `| ${page} (${((bytes.get(page)?.byteLength ?? 0) / 1024) | 0} Ko) | ${describeLoad(ours)} | ${describeLoad(plain)} | ${ratio.toFixed(2)} |`,
  );
}
await ceiling.close();
// The same with gzip, as browsers ask: against the static server sending the page gzipped once.
const GZIP = { headers: { "Accept-Encoding": "gzip, deflate, br" } };
const gzipped = new Map([...bytes].map(([page, body]) => [page, gzipSync(body)] as const));
const gzipCeiling = await staticServer(gzipped, "text/html; charset=utf-8", "gzip");
say();
say("| page, gzip comme un navigateur | site | serveur statique, mêmes octets compressés une fois | site / statique |");
say("|---|---|---|---|");
for (const page of PAGES) {
  const ours = await load(`${site.url}${page}`, GZIP);
  const plain = await load(`${gzipCeiling.url}${page}`, GZIP);
  const ratio = ours.rps / plain.rps;
  ratios.push(ratio);
  say(
    `| ${page} (${((gzipped.get(page)?.byteLength ?? 0) / 1024) | 0} Ko) | ${describeLoad(ours)} | ${describeLoad(plain)} | ${ratio.toFixed(2)} |`,
  );
}
await gzipCeiling.close();
say();
say(`Mémoire résidente du site après les pages : ${residentMemoryMb(site)} Mo.`);

// 1a. The audience count: each view of a brand page also asks for its count image (/offres/{slug}/vue), which is
// never cached. Measured as a browser does it, page then image on each connection, against the page alone, in three
// interleaved passes (the load generator shares the two cores: one pass is noisy); with gzip, as browsers ask for
// pages, and without compression. Then the image against the same bytes from the minimal server (what any request
// costs here), and the server's processor time per view.
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const ENCODINGS = [
  { label: "gzip, comme un navigateur", headers: { "User-Agent": BROWSER, "Accept-Encoding": "gzip, deflate, br" } },
  { label: "sans compression", headers: { "User-Agent": BROWSER } },
];
async function loadWithCpu(url: string, options: Partial<autocannon.Options> = {}) {
  const before = serverCpuMs(site);
  const figures = await load(url, options);
  return { figures, cpuMsPerRequest: (serverCpuMs(site) - before) / Math.max(1, figures.total) };
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const microseconds = (ms: number) => `${Math.round(ms * 1000)} µs`;
const viewsRatios: number[] = [];
say();
say(
  "| /offres/binance en cache, 50 connexions, médiane de 3 passes | vues/s, page seule | vues/s, page puis son image | " +
    "temps processeur du serveur par vue, seule / avec image | vues avec la mesure / sans (3 passes) |",
);
say("|---|---|---|---|---|");
for (const { label, headers } of ENCODINGS) {
  const passes: { alone: number; both: number; aloneCpu: number; bothCpu: number; ratio: number }[] = [];
  for (let pass = 0; pass < 3; pass += 1) {
    const alone = await loadWithCpu(`${site.url}/offres/binance`, { headers });
    const both = await loadWithCpu(site.url, {
      headers,
      requests: [{ path: "/offres/binance" }, { path: "/offres/binance/vue" }],
    });
    const bothViews = both.figures.rps / 2;
    passes.push({
      alone: alone.figures.rps,
      both: bothViews,
      aloneCpu: alone.cpuMsPerRequest,
      bothCpu: both.cpuMsPerRequest * 2,
      ratio: bothViews / alone.figures.rps,
    });
  }
  const ratio = median(passes.map((run) => run.ratio));
  viewsRatios.push(ratio);
  say(
    `| ${label} | ${median(passes.map((run) => run.alone))} | ${Math.round(median(passes.map((run) => run.both)))} | ` +
      `${microseconds(median(passes.map((run) => run.aloneCpu)))} / ${microseconds(median(passes.map((run) => run.bothCpu)))} | ` +
      `${ratio.toFixed(2)} (${passes.map((run) => run.ratio.toFixed(2)).join(" / ")}) |`,
  );
}
const countImage = await loadWithCpu(`${site.url}/offres/binance/vue`, { headers: ENCODINGS[1]?.headers });
const gif = Buffer.from(await (await fetch(`${site.url}/offres/binance/vue`)).arrayBuffer());
const gifServer = await staticServer(new Map([["/vue", gif]]), "image/gif");
const plainGif = await load(`${gifServer.url}/vue`, { headers: ENCODINGS[1]?.headers });
await gifServer.close();
say();
say("| image de mesure seule | requêtes/s | temps processeur du serveur par requête |");
say("|---|---|---|");
say(`| site (vue comptée) | ${describeLoad(countImage.figures)} | ${microseconds(countImage.cpuMsPerRequest)} |`);
say(`| serveur minimal, mêmes octets | ${describeLoad(plainGif)} | |`);
say();
say(
  `Vues servies avec la mesure / sans (médianes) : ${viewsRatios.map((ratio) => ratio.toFixed(2)).join(" avec gzip, ")} ` +
    `sans compression (objectif ≥ 0,90). Image de mesure du site / serveur minimal : ` +
    `${(countImage.figures.rps / plainGif.rps).toFixed(2)}.`,
);

// 1b. A cached page while 50 connections flood refused votes from one address (past the hourly limit after 30):
// the refusals are answered by the request pipeline, without rendering a page.
const measured = "/offres/binance";
const quiet = await load(`${site.url}${measured}`, { connections: 10 });
const [flood, duringFlood] = await Promise.all([
  load(`${site.url}/offres/coinbase/avis`, {
    connections: CONNECTIONS,
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: env.SITE_URL },
    body: "worked=non&reason=code-refuse",
  }),
  load(`${site.url}${measured}`, { connections: 10 }),
]);
say();
say(`| ${measured} en cache, 10 connexions | site |`);
say("|---|---|");
say(`| seule | ${describeLoad(quiet)} |`);
say(`| pendant ${CONNECTIONS} connexions d'avis refusés d'une même adresse | ${describeLoad(duringFlood)} |`);
say();
say(
  `Avis refusés pendant la mesure : ${flood.rps} req/s, p50 ${flood.p50} ms (${flood.non2xx} réponses non-2xx, 429 attendu). ` +
    `Médiane de la page en cache pendant le flot : ${duringFlood.p50} ms, objectif < 50 ms.`,
);
await site.stop();

// 2. Every cache off: brands read from the database and pages rendered on each request.
site = await startSite({ ...env, BRANDS_CACHE_TTL_SECONDS: "0", HTML_CACHE: "off" });
say();
say("| page, caches coupés, 10 connexions | site |");
say("|---|---|");
for (const page of PAGES) {
  // Not measured: the server's first seconds (its database opening, the code's first compilations).
  await load(`${site.url}${page}`, { connections: 10, duration: 2 });
  say(`| ${page} | ${describeLoad(await load(`${site.url}${page}`, { connections: 10 }))} |`);
}
await site.stop();

/** Valid contact submissions for a few seconds, 10 connections (the rate limits raised for the bench). */
async function measureMessages(siteUrl: string) {
  let sent = 0;
  const figures = await load(`${siteUrl}/contact`, {
    duration: Math.min(DURATION_S, 5),
    connections: 10,
    requests: [
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        setupRequest: (request) => {
          sent += 1;
          return {
            ...request,
            body: new URLSearchParams({
              name: "Banc d'essai",
              email: "bench@exemple.fr",
              subject: "question",
              message: `Message de test numéro ${sent} envoyé par le banc d'essai.`,
            }).toString(),
          };
        },
      },
    ],
  });
  return { ...figures, sent };
}

/** Votes for a few seconds, each by a new visitor of a network of its own, after two seconds of warm-up. */
async function measureStoredVotes(siteUrl: string) {
  await measureVotes(siteUrl, 2);
  return measureVotes(siteUrl, Math.min(DURATION_S, 5));
}

const describeMessages = (figures: Figures) =>
  `${figures.rps} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${figures.non2xx} réponses non-2xx (303 attendu)`;

// 3. Valid contact submissions (rate limit raised for the bench), then the count stored.
site = await startSite(env);
const contact = await measureMessages(site.url);
const sent = contact.sent;
say();
say(`Envois du formulaire de contact (10 connexions) : ${describeMessages(contact)}.`);
say(`Mémoire résidente du site après les envois : ${residentMemoryMb(site)} Mo.`);
await site.stop();

// 4. Votes, each by a new visitor of a network of its own: what a stored vote costs (weighed per network).
const voteTemp = makeTempDir("bench-votes");
site = await startSite({ ...env, DATA_DIR: voteTemp.dir, TRUST_PROXY: "loopback" });
const votes = await measureStoredVotes(site.url);
say(`Avis enregistrés (10 connexions, un visiteur et un réseau par avis) : ${describeMessages(votes)}.`);
await site.stop();
voteTemp.cleanup();

// 5. The same two on a Postgres server on this machine (DATABASE_URL), beside the embedded figures above.
const postgres = await startPostgres();
try {
  const serverTemp = makeTempDir("bench-postgres");
  site = await startSite({
    ...env,
    DATA_DIR: serverTemp.dir,
    TRUST_PROXY: "loopback",
    DATABASE_URL: await postgres.createDatabase("banc"),
    SESSION_SECRET: "banc-d-essai-".padEnd(64, "0"),
  });
  const serverMessages = await measureMessages(site.url);
  const serverVotes = await measureStoredVotes(site.url);
  await site.stop();
  serverTemp.cleanup();
  say();
  say(`Sous DATABASE_URL (Postgres ${postgres.version} sur cette machine, ${DEFAULT_POOL_SIZE} connexions) :`);
  say(`- envois du formulaire de contact : ${describeMessages(serverMessages)} (embarquée : ${contact.rps} req/s) ;`);
  say(`- avis enregistrés : ${describeMessages(serverVotes)} (embarquée : ${votes.rps} req/s).`);
} finally {
  await postgres.stop();
}

const db = await PGlite.create(path.join(temp.dir, "pgdata"));
const stored =
  (await db.query<{ n: number }>("select count(*)::int as n from public.contact_messages")).rows[0]?.n ?? 0;
await db.close();
say(`Messages stockés ensuite dans contact_messages : ${stored} (requêtes envoyées : ${sent}).`);
temp.cleanup();
renderTemp.cleanup();

say();
say(`Rapport site / statique : minimum ${Math.min(...ratios).toFixed(2)}, objectif ≥ 0,50.`);
write(path.join(root, "bench-results/latest.md"));
console.log("\nRésultats écrits dans bench-results/latest.md");
