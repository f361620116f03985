/**
 * The listings at catalogue scale (`npm run bench:scale`, after `npm run build`): fresh embedded databases, one
 * with the bundled catalogue alone, one with N synthetic brands added (`--brands N` or BENCH_BRANDS, default
 * 1 000) and 200 guides of 3 000 words, running side by side and measured page by page in alternating order, three
 * passes compared by the medians of each pass's ratios; then 10 000 brands. Prints each listing's gzipped HTML, its
 * throughput and p99 with the page cache off, the server's memory (every guide read once before), the ratios against
 * their targets, the time to the first listing and the clicks to every brand page without JavaScript at 10 000
 * brands and, with `--lighthouse`, Lighthouse mobile on /offres. Writes it all to bench-results/scale.md.
 */
import { cpSync } from "node:fs";
import { get } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { createReport, describeLoad, measureLoad, median, residentMemoryMb, type Figures } from "./lib/bench-tools";
import { crawlBrandDepths } from "./lib/crawl";
import { runLighthouse } from "./lib/lighthouse-run";
import { insertBrands, syntheticBrands, type SyntheticBrand } from "./lib/synthetic-brands";
import { BUNDLED_OFFERS } from "../app/catalogue/offers";
import { databaseDir, lockDataDir, unlockDataDir } from "../app/services/storage/data-dir.server";
import { sampleGuideBody } from "../tests/support/sample-guide";
import { startSite, type RunningSite } from "../tests/support/server";
import { makeTempDir } from "../tests/support/temp-dir";

const { values: options } = parseArgs({
  options: { brands: { type: "string" }, lighthouse: { type: "boolean", default: false } },
});
const BRANDS = Number(options.brands ?? process.env.BENCH_BRANDS ?? 1_000);
if (!Number.isSafeInteger(BRANDS) || BRANDS < 1) {
  throw new Error(
    `Nombre de marques invalide : « ${options.brands ?? process.env.BENCH_BRANDS} » (entier ≥ 1 attendu).`,
  );
}
const START_BRANDS = Math.max(10_000, BRANDS);
/** Guides published with the large catalogue, each read once before its memory is measured. */
const GUIDES = 200;
/** The listings, each order of /offres included (`?tri=`): every one reads the whole catalogue. */
const PAGES = [
  "/offres",
  "/offres?tri=montant",
  "/offres?tri=avis",
  "/offres?tri=nouveautes",
  "/codes?cat=crypto",
  "/offres?q=banque",
];
const CONNECTIONS = 10;
/** Passes of each catalogue, in turn: its figures are the medians. */
const RUNS = 3;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 6);
const WARM_UP_S = Math.min(2, DURATION_S);
const TARGETS = { htmlRatio: 1.1, throughputRatio: 0.9, rssMb: 400, startSeconds: 10, brandClicks: 4 };
const BUNDLED = BUNDLED_OFFERS.length;
const root = path.resolve(import.meta.dirname, "..");

interface PageFigures {
  gzipBytes: number;
  htmlBytes: number;
  /** Distinct brand pages the HTML links to. */
  brandLinks: number;
  load: Figures;
  /**
   * At the small catalogue, for a page showing fewer cards than a full page: its /offres, measured next to the large
   * catalogue's figure of this page, which it is compared with.
   */
  fullPageLoad?: Figures;
}

/**
 * Whether the small catalogue's page shows as many cards as the large one's (or all the small catalogue's offers):
 * its figure then says what a full page costs. At 46 offers, a tab or a search shows fewer.
 */
const isFullPage = (own: PageFigures, after: PageFigures, smallOffers: number) =>
  own.brandLinks >= Math.min(after.brandLinks, smallOffers);

interface CatalogueFigures {
  offers: number;
  pages: Map<string, PageFigures>;
  rssMb: number;
}

/**
 * A page as a browser gets it: asked with `Accept-Encoding: gzip`, the bytes received (compressed by the server's
 * `compression` middleware, zlib's default level 6), and the HTML once inflated.
 */
function fetchAsBrowser(url: string): Promise<{ status: number; wire: Buffer; html: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const wire = Buffer.concat(chunks);
        const gzipped = response.headers["content-encoding"] === "gzip";
        resolve({ status: response.statusCode ?? 0, wire, html: (gzipped ? gunzipSync(wire) : wire).toString() });
      });
    }).on("error", reject);
  });
}

/** Adds brands to the data folder's database, holding the folder's lock as the site does, and counts the table. */
async function addBrands(dataDir: string, brands: readonly SyntheticBrand[]): Promise<number> {
  lockDataDir(dataDir);
  try {
    const db = await PGlite.create(databaseDir(dataDir));
    try {
      await insertBrands(db, brands);
      // The guides a site of this size would publish, each of 3 000 words naming offers.
      const body = sampleGuideBody(3_000);
      const { rows } = await db.query<{ n: number }>("select count(*)::int as n from public.guides");
      // Brands are added to a folder in two steps (the start's 10 000): its guides, once.
      for (let guide = 1; (rows[0]?.n ?? 0) === 0 && guide <= GUIDES; guide += 1) {
        await db.query("select public.save_guide(null, null, $1, $2, '', 'finance', $3, 'published')", [
          `guide-${guide}`,
          `Guide ${guide}`,
          `${body}\n\nGuide ${guide}.`,
        ]);
      }
      return (await db.query<{ n: number }>("select count(*)::int as n from public.brands")).rows[0]?.n ?? 0;
    } finally {
      await db.close();
    }
  } finally {
    unlockDataDir(dataDir);
  }
}

/** A catalogue's site for one pass, and the figures of its pages so far. */
interface PassSite {
  offers: number;
  site: RunningSite;
  pages: Map<string, PageFigures>;
}

/**
 * How many brands' share images each pass has drawn, on each site: more than the drawn images' cache keeps (about
 * 40). The site spends at most 2.5 % of its main thread drawing (SITE_DRAWING_SHARE): one image of about 55 ms every
 * 2.2 s, over two minutes a pass, both sites at once.
 */
const SHARE_IMAGES = 60;

/** Asks for the share images of the first `count` brands the listings link to, as a crawler of shared links would. */
async function requestShareImages(siteUrl: string, count: number): Promise<void> {
  const slugs = new Set<string>();
  for (let page = 1; slugs.size < count; page += 1) {
    const listing = await fetch(`${siteUrl}/offres?page=${page}`);
    if (listing.status !== 200) break;
    const html = await listing.text();
    const found = [...html.matchAll(/href="\/offres\/([a-z0-9-]+)"/g)].map((match) => match[1] ?? "");
    if (found.length === 0) break;
    for (const slug of found) slugs.add(slug);
  }
  for (const slug of [...slugs].slice(0, count)) {
    const html = await (await fetch(`${siteUrl}/offres/${slug}`)).text();
    const image = /<meta property="og:image" content="[^"]*?(\/partage\/[^"]+)"/.exec(html)?.[1];
    if (!image) throw new Error(`/offres/${slug} ne nomme pas son image de partage.`);
    // Past the drawing budget the site answers its default image, kept a minute: asked again until drawn.
    for (let network = 1; ; network += 1) {
      const response = await fetch(`${siteUrl}${image}`, {
        headers: { "X-Forwarded-For": `198.51.${network % 250}.7` },
      });
      if (response.status !== 200) throw new Error(`${image} a répondu ${response.status}.`);
      await response.arrayBuffer();
      if (response.headers.get("Cache-Control")?.includes("immutable")) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/**
 * One pass over both catalogues, their two sites running side by side with the page cache off: each page is
 * warmed up on both, then measured on one and at once on the other, in an order that alternates from page to page
 * and from pass to pass (small then large, large then small). The machine's pace drifts over a run and varies by up
 * to 2× from one minute to the next here: two figures taken seconds apart compare the catalogues, two figures taken
 * a minute apart mostly compare the minutes. Each site's memory is read at the end of the pass.
 */
async function measurePass(
  catalogues: readonly { dataDir: string; offers: number }[],
  pass: number,
): Promise<CatalogueFigures[]> {
  const sites: PassSite[] = [];
  try {
    for (const { dataDir, offers } of catalogues) {
      // Believing X-Forwarded-For from loopback: the share images are asked from many networks, as crawlers do.
      const site = await startSite({
        DATA_DIR: dataDir,
        SITE_URL: "http://127.0.0.1",
        HTML_CACHE: "off",
        TRUST_PROXY: "loopback",
      });
      sites.push({ offers, site, pages: new Map() });
    }
    // As a browser asks, for `seconds`.
    const load = (url: string, seconds: number) =>
      measureLoad(url, {
        connections: CONNECTIONS,
        duration: seconds,
        headers: { "Accept-Encoding": "gzip" },
        timeout: 60,
      });
    // Not measured: the servers' first requests (the brands read, the code's first compilations, the heap's first
    // growth), for every page before any is measured, so that the first page measured is not the one that pays.
    for (const page of PAGES) {
      for (const { site, offers } of sites) {
        const { status } = await fetchAsBrowser(`${site.url}${page}`);
        if (status !== 200) throw new Error(`${page} a répondu ${status} à ${offers} offres.`);
        await load(`${site.url}${page}`, WARM_UP_S);
      }
    }
    for (const [index, page] of PAGES.entries()) {
      const order = (index + pass) % 2 === 0 ? sites : [...sites].reverse();
      for (const { site, pages } of order) {
        const url = `${site.url}${page}`;
        const { wire, html } = await fetchAsBrowser(url);
        const figures = await load(url, DURATION_S);
        const brandLinks = new Set(html.match(/href="\/offres\/[a-z0-9-]+"/g)).size;
        pages.set(page, { gzipBytes: wire.byteLength, htmlBytes: Buffer.byteLength(html), brandLinks, load: figures });
      }
      const [small, large] = [...sites].sort((a, b) => a.offers - b.offers);
      const own = small?.pages.get(page);
      const after = large?.pages.get(page);
      if (small && own && after && !isFullPage(own, after, small.offers)) {
        own.fullPageLoad = await load(`${small.site.url}/offres`, DURATION_S);
      }
    }
    // Share images, drawn at a crawler's request and kept in a cache bounded in bytes: as many brands' as evict some.
    await Promise.all(sites.map(({ site }) => requestShareImages(site.url, SHARE_IMAGES)));
    // Every guide read once (404 on the catalogue without guides): each rendered and kept, as on a site in use.
    for (const { site } of sites) {
      for (let guide = 1; guide <= GUIDES; guide += 1) {
        await (await fetch(`${site.url}/guides/guide-${guide}`)).arrayBuffer();
      }
    }
    return sites.map(({ offers, site, pages }) => ({ offers, pages, rssMb: residentMemoryMb(site) }));
  } finally {
    await Promise.all(sites.map(({ site }) => site.stop()));
  }
}

/** Seconds from spawning the server to its first 200 on /offres, and its memory then. */
async function timeToFirstListing(dataDir: string): Promise<{ seconds: number; rssMb: number }> {
  const started = performance.now();
  const site = await startSite({ DATA_DIR: dataDir, SITE_URL: "http://127.0.0.1" });
  try {
    for (;;) {
      const response = await fetch(`${site.url}/offres`);
      await response.arrayBuffer();
      if (response.status === 200) break;
      if (performance.now() - started > 120_000)
        throw new Error(`/offres répond encore ${response.status} après 120 s.`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { seconds: (performance.now() - started) / 1000, rssMb: residentMemoryMb(site) };
  } finally {
    await site.stop();
  }
}

/** The brand pages a visitor without JavaScript reaches from /offres, and in how many clicks. */
async function brandDepths(dataDir: string, brands: number) {
  const site = await startSite({ DATA_DIR: dataDir, SITE_URL: "http://127.0.0.1" });
  try {
    // Two clicks further than the target, so that a page past it is measured rather than only missed.
    return await crawlBrandDepths(site.url, { start: "/offres", maxDepth: TARGETS.brandClicks + 2, brands });
  } finally {
    await site.stop();
  }
}

/** Each page's figures from the run where its throughput is the median, and the median memory. */
function medianRun(runs: readonly CatalogueFigures[]): CatalogueFigures {
  const pages = new Map<string, PageFigures>();
  for (const page of PAGES) {
    const figures = runs.flatMap((run) => run.pages.get(page) ?? []);
    if (figures.length > 0)
      pages.set(
        page,
        median(figures, (figure) => figure.load.rps),
      );
  }
  return { offers: runs[0]?.offers ?? 0, pages, rssMb: median(runs, (run) => run.rssMb).rssMb };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const number = (value: number) => value.toLocaleString("fr-FR");
const { say, write } = createReport();
const check = (ok: boolean, text: string) => say(`${ok ? "✓" : "✗"} ${text}`);

const brands = syntheticBrands(START_BRANDS);
const temp = makeTempDir("bench-scale");
try {
  say(
    `# Bench à l'échelle — ${new Date().toISOString().slice(0, 16)}Z, ${number(BRANDS)} marques synthétiques, ` +
      `${CONNECTIONS} connexions, ${DURATION_S} s par mesure après ${WARM_UP_S} s de chauffe, Node ${process.version}`,
  );
  say();
  say(
    "Cache des pages coupé (HTML_CACHE=off), cache des marques actif. Requêtes avec `Accept-Encoding: gzip`, comme " +
      "un navigateur : « gzip » est ce que le serveur envoie (middleware compression, zlib niveau 6 par défaut), " +
      "« HTML » la page décompressée, « fiches » le nombre de fiches de marque distinctes vers lesquelles elle pointe. " +
      "Les deux catalogues tournent côte à côte ; chaque page est mesurée sur l'un puis aussitôt sur l'autre, dans un " +
      "ordre qui alterne d'une page et d'une passe à l'autre : le débit d'une page est rapporté à celui mesuré dans " +
      "la même passe, quelques secondes plus tôt ou plus tard.",
  );
  say();

  // Two data folders, measured side by side RUNS times (see measurePass). The site creates and migrates the small
  // one on its first start; the large one is a copy with brands added.
  const smallDir = path.join(temp.dir, "petit");
  const largeDir = path.join(temp.dir, "grand");
  const first = await startSite({ DATA_DIR: smallDir, SITE_URL: "http://127.0.0.1" });
  await first.stop();
  cpSync(smallDir, largeDir, { recursive: true });
  const rows = await addBrands(largeDir, brands.slice(0, BRANDS));
  const smallRuns: CatalogueFigures[] = [];
  const largeRuns: CatalogueFigures[] = [];
  for (let pass = 0; pass < RUNS; pass += 1) {
    const [smallPass, largePass] = await measurePass(
      [
        { dataDir: smallDir, offers: BUNDLED },
        { dataDir: largeDir, offers: BUNDLED + BRANDS },
      ],
      pass,
    );
    if (!smallPass || !largePass) throw new Error("Une passe n'a pas mesuré les deux catalogues.");
    smallRuns.push(smallPass);
    largeRuns.push(largePass);
  }
  const small = medianRun(smallRuns);
  const large = medianRun(largeRuns);

  say(`| page | offres | gzip | HTML | fiches | débit et latence (médiane de ${RUNS}) | débits des ${RUNS} passes |`);
  say("|---|---|---|---|---|---|---|");
  for (const page of PAGES) {
    for (const [{ offers, pages }, runs] of [
      [small, smallRuns],
      [large, largeRuns],
    ] as const) {
      const figures = pages.get(page);
      if (!figures) continue;
      const each = runs.map((run) => `${Math.round(run.pages.get(page)?.load.rps ?? 0)}`).join(" / ");
      say(
        `| ${page} | ${number(offers)} | ${kb(figures.gzipBytes)} Ko | ${kb(figures.htmlBytes)} Ko | ${figures.brandLinks} | ${describeLoad(figures.load)} | ${each} req/s |`,
      );
    }
  }
  say();
  say(
    `Mémoire résidente du serveur après les mesures (médiane de ${RUNS} passes) : ${small.rssMb} Mo à ` +
      `${number(small.offers)} offres (${smallRuns.map((run) => run.rssMb).join(" / ")}), ${large.rssMb} Mo à ` +
      `${number(large.offers)} offres (${largeRuns.map((run) => run.rssMb).join(" / ")} ; ${number(rows)} lignes ` +
      `dans la table brands, et ${GUIDES} guides de 3\u00a0000 mots publiés, chacun lu une fois).`,
  );

  let lighthouse: Awaited<ReturnType<typeof runLighthouse>> | undefined;
  if (options.lighthouse) {
    const site = await startSite({ DATA_DIR: largeDir, SITE_URL: "http://127.0.0.1" });
    lighthouse = await runLighthouse(site.url, ["/offres"]).finally(() => site.stop());
    say();
    say(`Lighthouse mobile à ${number(large.offers)} offres (caches actifs) :`);
    say();
    for (const line of lighthouse.lines) say(line);
    for (const note of lighthouse.notes) say(`- ${note}`);
  }

  const startRows = await addBrands(largeDir, brands.slice(BRANDS));
  const start = await timeToFirstListing(largeDir);
  const startOffers = BUNDLED + START_BRANDS;
  say();
  say(
    `Démarrage à ${number(startOffers)} offres (${number(startRows)} lignes) : ${start.seconds.toFixed(1)} s du lancement ` +
      `du serveur à son premier 200 sur /offres ; mémoire résidente alors ${start.rssMb} Mo.`,
  );

  const crawl = await brandDepths(largeDir, startOffers);
  const deepest = Math.max(...crawl.depths.values());
  const deepestSlug = [...crawl.depths].find(([, depth]) => depth === deepest)?.[0];
  const unreached = startOffers - crawl.depths.size;
  say();
  say(
    `Sans JavaScript, depuis /offres à ${number(startOffers)} offres (${number(crawl.pagesRead)} pages lues, ` +
      `${TARGETS.brandClicks + 2} clics au plus) : ${number(crawl.depths.size)} fiches atteintes, la plus profonde ` +
      `à ${deepest} clics (/offres/${deepestSlug}) ; ${number(unreached)} hors d'atteinte.`,
  );

  say();
  say(`## Objectifs à ${number(large.offers)} offres, rapportés à ${number(small.offers)}`);
  say();
  // A page shows at most one page of cards. At 46 offers, a tab or a search shows fewer cards than fit on a page, so
  // its own figure says nothing of a full page: it is compared with the 46-offer /offres, which shows all 46, as
  // measured next to it in each pass.
  const fullPage = small.pages.get("/offres");
  for (const page of PAGES) {
    const own = small.pages.get(page);
    const after = large.pages.get(page);
    if (!own || !after || !fullPage) continue;
    const full = isFullPage(own, after, small.offers);
    const against = full ? "" : ` (rapporté à /offres à ${number(small.offers)} offres, page pleine)`;
    const htmlRatio = after.gzipBytes / (full ? own : fullPage).gzipBytes;
    // Each pass measured both catalogues seconds apart: the ratio is the median of the passes' own ratios.
    const throughputRatio = median(
      largeRuns.map((run, pass) => {
        const reference = smallRuns[pass]?.pages.get(page);
        const referenceLoad = full ? reference?.load : reference?.fullPageLoad;
        return (run.pages.get(page)?.load.rps ?? 0) / (referenceLoad?.rps ?? Infinity);
      }),
      (ratio) => ratio,
    );
    check(
      htmlRatio <= TARGETS.htmlRatio,
      `${page} : HTML gzip ×${htmlRatio.toFixed(2)}${against} (objectif ≤ ×${TARGETS.htmlRatio})`,
    );
    check(
      throughputRatio >= TARGETS.throughputRatio,
      `${page} : débit ×${throughputRatio.toFixed(2)}${against}, médiane des ${RUNS} passes (objectif ≥ ×${TARGETS.throughputRatio})`,
    );
  }
  check(large.rssMb < TARGETS.rssMb, `mémoire résidente ${large.rssMb} Mo (objectif < ${TARGETS.rssMb} Mo)`);
  if (lighthouse) {
    const scores = lighthouse.scores.get("/offres") ?? [];
    check(
      scores.length > 0 && scores.every((score) => score === 100),
      `Lighthouse mobile sur /offres : ${scores.join(" / ")} (objectif 100 partout)`,
    );
  }
  check(
    unreached === 0 && deepest <= TARGETS.brandClicks,
    `chaque fiche de marque à ${deepest} clics au plus de /offres sans JavaScript, ${number(unreached)} hors d'atteinte ` +
      `(objectif ≤ ${TARGETS.brandClicks} clics pour toutes)`,
  );
  check(
    start.seconds < TARGETS.startSeconds,
    `démarrage à ${number(startOffers)} offres : ${start.seconds.toFixed(1)} s (objectif < ${TARGETS.startSeconds} s)`,
  );
} finally {
  temp.cleanup();
}
write(path.join(root, "bench-results/scale.md"));
console.log("\nRésultats écrits dans bench-results/scale.md");
