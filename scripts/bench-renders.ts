/**
 * The render alone of this build against another's, in one run (`npm run bench:renders -- --against DIR`, after
 * `npm run build` here and in DIR, a checkout of another commit with its dependencies installed): each page rendered
 * by Remix's request handler in a process of its own per build, the two builds taking turns ROUNDS times, the first
 * of each pass alternating. A page's ratio is the median of its passes' ratios: the machine's pace drifts from one
 * minute to the next, and each pass compares the two builds within a few seconds. Twice: with the page cache off
 * (what a request the page cache misses costs), then with every cache off (each request also reads the brands, the
 * votes and the news from the embedded database). Prints the figures and writes them to bench-results/renders.md.
 */
import { execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { createReport, median } from "./lib/bench-tools";
import { makeTempDir } from "../tests/support/temp-dir";

const PAGES = ["/", "/offres", "/offres?tri=montant", "/offres/binance", "/codes?cat=crypto", "/offres?q=bin"];
const RENDERS = Number(process.env.BENCH_RENDERS ?? 200);
/** Renders of each page before those measured: the code is compiled, and the site's work at start has settled. */
const WARM_UP_RENDERS = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const root = path.resolve(import.meta.dirname, "..");
const SCRIPT = path.join(import.meta.dirname, "bench-renders.ts");

const { values: options } = parseArgs({
  options: { against: { type: "string" }, child: { type: "string" }, "every-cache-off": { type: "boolean" } },
});

/** Where a child's output holds its means. */
const MEANS_MARK = "moyennes ";

/** In a child: renders each page of the build in `buildRoot`, and prints the mean milliseconds of each as JSON. */
async function renderEach(buildRoot: string): Promise<void> {
  const dataDir = makeTempDir("bench-renders");
  try {
    Object.assign(process.env, {
      NODE_ENV: "production",
      DATA_DIR: dataDir.dir,
      HTML_CACHE: "off",
      ...(options["every-cache-off"] ? { BRANDS_CACHE_TTL_SECONDS: "0" } : {}),
    });
    const { createRequestHandler } = (await import(
      path.join(buildRoot, "node_modules/@remix-run/node/dist/index.js")
    )) as typeof import("@remix-run/node");
    const handle = createRequestHandler(await import(path.join(buildRoot, "build/index.js")), "production");
    const means: Record<string, number | null> = {};
    for (const page of PAGES) {
      const render = async () => {
        const response = await handle(new Request(`http://127.0.0.1${page}`));
        await response.arrayBuffer();
        return response.status;
      };
      // A page the other build does not have (an order added since) is left out of the comparison.
      if ((await render()) !== 200) {
        means[page] = null;
        continue;
      }
      for (let index = 0; index < WARM_UP_RENDERS; index += 1) await render();
      const start = performance.now();
      for (let index = 0; index < RENDERS; index += 1) await render();
      means[page] = (performance.now() - start) / RENDERS;
    }
    // Marked: the site's own log lines (JSON too, in production) share this output.
    process.stdout.write(`${MEANS_MARK}${JSON.stringify(means)}\n`);
  } finally {
    dataDir.cleanup();
  }
}

/** One child process rendering the build of `buildRoot`: its means by page. */
function measure(buildRoot: string, everyCacheOff: boolean): Promise<Record<string, number | null>> {
  return new Promise((resolve, reject) => {
    // In the build's own folder: it reads its own migrations.
    const flags = everyCacheOff ? ["--every-cache-off"] : [];
    const child = spawn(process.execPath, ["--import", "tsx", SCRIPT, "--child", buildRoot, ...flags], {
      cwd: buildRoot,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      const line =
        output
          .split("\n")
          .filter((candidate) => candidate.startsWith(MEANS_MARK))
          .at(-1) ?? "";
      if (code !== 0 || !line) reject(new Error(`Le rendu de ${buildRoot} a échoué (code ${code}).`));
      else resolve(JSON.parse(line.slice(MEANS_MARK.length)) as Record<string, number | null>);
    });
  });
}

type Means = Record<string, number | null>;
const middle = (values: number[]) => median(values, (value) => value);

/**
 * One table: each page's median milliseconds per render in both builds, and this build's throughput against the
 * other's, the median of the passes' own ratios.
 */
function report(runs: { ours: Means; theirs: Means }[], say: (line?: string) => void) {
  say(
    `| page | ms par rendu, ce build (médiane) | l'autre (médiane) | rapport de débit | passes, ce build / l'autre |`,
  );
  say("|---|---|---|---|---|");
  for (const page of PAGES) {
    const ours = runs.map((run) => run.ours[page]);
    const theirs = runs.map((run) => run.theirs[page]);
    if (ours.some((value) => value == null) || theirs.some((value) => value == null)) {
      say(`| ${page} | ${ours.map((value) => value?.toFixed(2) ?? "—").join(" / ")} | absente | — | — |`);
      continue;
    }
    const ratio = middle(runs.map((run) => (run.theirs[page] as number) / (run.ours[page] as number)));
    const each = runs.map((run) => `${run.ours[page]?.toFixed(2)} / ${run.theirs[page]?.toFixed(2)}`).join(" ; ");
    say(
      `| ${page} | ${middle(ours as number[]).toFixed(2)} | ${middle(theirs as number[]).toFixed(2)} | ` +
        `×${ratio.toFixed(2)} | ${each} |`,
    );
  }
}

if (options.child) {
  await renderEach(options.child);
} else {
  if (!options.against) throw new Error("Indiquez l'autre build : npm run bench:renders -- --against DOSSIER");
  const other = path.resolve(options.against);
  const commit = (dir: string) =>
    execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: dir, encoding: "utf8" }).trim();
  const { say, write } = createReport();
  say(
    `# Rendus seuls — ${new Date().toISOString().slice(0, 16)}Z, ${commit(root)} contre ${commit(other)}, ` +
      `${RENDERS} rendus par page et par passe, ${ROUNDS} passes alternées, Node ${process.version}`,
  );
  for (const everyCacheOff of [false, true]) {
    const runs: { ours: Record<string, number | null>; theirs: Record<string, number | null> }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round % 2 === 0) {
        const ours = await measure(root, everyCacheOff);
        runs.push({ ours, theirs: await measure(other, everyCacheOff) });
      } else {
        const theirs = await measure(other, everyCacheOff);
        runs.push({ ours: await measure(root, everyCacheOff), theirs });
      }
    }
    say();
    say(
      everyCacheOff
        ? "## Tous les caches coupés : chaque requête lit aussi les marques, les avis et les nouveautés dans la base embarquée"
        : "## Cache des pages coupé : ce que coûte une requête que le cache des pages ne sert pas",
    );
    say();
    report(runs, say);
  }
  say();
  say(
    "Rapport de débit : rendus par seconde de ce build divisés par ceux de l'autre dans la même passe, médiane des " +
      "passes (> 1 : ce build est plus rapide). Chaque passe commence par l'un puis par l'autre, en alternance.",
  );
  write(path.join(root, "bench-results/renders.md"));
}
