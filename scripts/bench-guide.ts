/**
 * What a guide of 3 000 words costs to render against a brand page, page cache off (what a request the page cache
 * misses costs): `npm run bench:guide`, after `npm run build`. Both pages are rendered by Remix's request handler in
 * this one process, taking turns ROUNDS times, so that the machine's pace drifts alike for both. Prints the means and
 * their ratio, and writes them to bench-results/guide-render.md.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrate } from "~/services/backend/migrations.server";
import { databaseDir } from "~/services/storage/data-dir.server";
import { sampleGuideBody } from "../tests/support/sample-guide";
import { makeTempDir } from "../tests/support/temp-dir";

const GUIDE = "/guides/primes-des-banques-en-ligne";
const BRAND = "/offres/binance";
const RENDERS = Number(process.env.BENCH_RENDERS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARM_UP_RENDERS = 100;
const root = path.resolve(import.meta.dirname, "..");

const temp = makeTempDir("bench-guide");
try {
  // The database, migrated and seeded as on a first start, with the guide published.
  const db = await PGlite.create(databaseDir(temp.dir));
  await migrate(db);
  await db.query("select public.save_guide(null, null, $1, $2, $3, 'finance', $4, 'published')", [
    GUIDE.split("/").at(-1),
    "Les primes des banques en ligne comparées",
    "Ce que versent les banques en ligne, et à quelles conditions.",
    sampleGuideBody(3_000),
  ]);
  await db.close();

  Object.assign(process.env, { NODE_ENV: "production", DATA_DIR: temp.dir, HTML_CACHE: "off" });
  const { createRequestHandler } = await import("@remix-run/node");
  const handle = createRequestHandler(await import(path.join(root, "build/index.js")), "production");
  const render = async (page: string) => {
    const response = await handle(new Request(`http://127.0.0.1${page}`));
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${page} : ${response.status}`);
  };
  for (let index = 0; index < WARM_UP_RENDERS; index += 1) {
    await render(GUIDE);
    await render(BRAND);
  }
  const ratios: number[] = [];
  const means = { [GUIDE]: [] as number[], [BRAND]: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    const mean = async (page: string) => {
      const start = performance.now();
      for (let index = 0; index < RENDERS; index += 1) await render(page);
      return (performance.now() - start) / RENDERS;
    };
    // The first of each round alternates.
    const [first, second] = round % 2 === 0 ? [GUIDE, BRAND] : [BRAND, GUIDE];
    const firstMean = await mean(first);
    const secondMean = await mean(second);
    const guide = first === GUIDE ? firstMean : secondMean;
    const brand = first === GUIDE ? secondMean : firstMean;
    means[GUIDE].push(guide);
    means[BRAND].push(brand);
    ratios.push(guide / brand);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const report = [
    `Rendu sans cache de pages, ${ROUNDS} tours de ${RENDERS} rendus par page (médianes) :`,
    "",
    "| page | ms par rendu |",
    "|---|---|",
    `| ${GUIDE} (3 000 mots, 6 offres nommées) | ${median(means[GUIDE]).toFixed(2)} |`,
    `| ${BRAND} | ${median(means[BRAND]).toFixed(2)} |`,
    "",
    `Guide / fiche de marque : ×${median(ratios).toFixed(2)} (tours : ${ratios.map((ratio) => ratio.toFixed(2)).join(", ")}).`,
    "",
  ].join("\n");
  console.log(report);
  writeFileSync(path.join(root, "bench-results/guide-render.md"), report);
} finally {
  temp.cleanup();
}
process.exit(0);
