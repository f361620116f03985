/**
 * Cost of the offer search at several catalogue sizes: the bundled offers alone, then with 1 000 and 10 000
 * synthetic brands. Prints, for each size, the time to build the index, the heap it holds and the median and p99
 * time of a set of visitor queries. Times are CPU times of this process, so that other work on a shared machine
 * does not count; the build's wall-clock time is printed too.
 *
 * Run with `node --expose-gc --import tsx scripts/search-figures.ts` (without --expose-gc, no heap figure).
 */
import { performance } from "node:perf_hooks";
import { mergeOffers } from "../app/catalogue/merge";
import { BUNDLED_OFFERS } from "../app/catalogue/offers";
import { searchOffers, suggestOffers } from "../app/catalogue/search";
import { buildSearchIndex } from "../app/catalogue/search-index";
import type { BrandCategoryId, ReferralOffer } from "../app/catalogue/types";

const TODAY = "2026-11-25";
const SIZES = [0, 1_000, 10_000];
const QUERIES = [
  "bin",
  "boursorama",
  "ubereats",
  "bla bla car",
  "binanse",
  "hostinguer",
  "coinb",
  "cashback",
  "livraison",
  "paris sportifs",
  "banque en ligne",
  "vélo électrique",
  "cartes cadeaux",
  "immobilier",
  "code",
  "xqzwv",
  "code promo deliveroo 2026",
  "prêt immobilier",
  "kucion",
  "gift card",
];
const ROUNDS = 20;

const SYLLABLES = "ba bo ca co da de fi fo ga go ka la li lo ma mi mo na no pa po ra ri ro sa so ta to va vi zo".split(
  " ",
);
const WORDS = (
  "banque compte carte épargne crédit assurance bourse action placement livraison repas courses restaurant " +
  "trottinette vélo voiture covoiturage train voyage hôtel location billet cinéma musique jeux paris sport " +
  "énergie électricité gaz internet mobile forfait box streaming vêtements chaussures beauté maison jardin " +
  "bricolage meubles animaux santé pharmacie lunettes formation cours langues emploi immobilier logement " +
  "cashback remise bonus réduction prime cadeau offert gratuit parrainage inscription application service"
).split(" ");
const CATEGORY_IDS: BrandCategoryId[] = ["finance", "crypto", "food", "shopping", "mobility", "betting", "other"];

/** A small deterministic generator (mulberry32), so that every run indexes the same catalogue. */
function randomFrom(seed: number) {
  let state = seed;
  return <T>(items: readonly T[]): T => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    const unit = ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
    return items[Math.floor(unit * items.length)] as T;
  };
}

function sentence(pick: <T>(items: readonly T[]) => T, length: number): string {
  return Array.from({ length }, () => pick(WORDS)).join(" ");
}

function syntheticOffer(n: number): ReferralOffer {
  const pick = randomFrom(n + 1);
  const brand = `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SYLLABLES)} ${pick(WORDS)} ${n}`;
  const slug = `marque-${n}`;
  return {
    id: slug,
    slug,
    brand,
    aliases: [],
    category: pick(CATEGORY_IDS),
    alsoIn: [],
    serviceDescription: `${brand} propose ${sentence(pick, 14)}.`,
    description: `${sentence(pick, 12)} avec le code de parrainage.`,
    code: `CODE${n}`,
    link: `https://marque-${n}.example/`,
    featured: false,
    copyable: true,
    advantages: [sentence(pick, 5), sentence(pick, 4), sentence(pick, 5)],
    kind: "non-precise",
    conditions: [],
  };
}

/** CPU time (user and system) this process has used, in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function heapUsedMb(): number | undefined {
  if (!global.gc) return undefined;
  global.gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number;
}

const rows: string[] = [];
for (const extra of SIZES) {
  const offers = mergeOffers(
    Array.from({ length: extra }, (_, n) => syntheticOffer(n)),
    TODAY,
  );
  const heapBefore = heapUsedMb();
  const [wallStart, cpuStart] = [performance.now(), cpuMs()];
  const index = buildSearchIndex(offers, TODAY);
  const [buildWallMs, buildCpuMs] = [performance.now() - wallStart, cpuMs() - cpuStart];
  const heapAfter = heapUsedMb();

  const times: number[] = [];
  // Round -1 warms the code up, as a running server is, and is not counted.
  for (let round = -1; round < ROUNDS; round++) {
    for (const query of QUERIES) {
      const queryStart = cpuMs();
      if (searchOffers(index, query, round % 2 ? "all" : "finance").match === "none") suggestOffers(index, query);
      if (round >= 0) times.push(cpuMs() - queryStart);
    }
  }
  times.sort((a, b) => a - b);
  const heap = heapBefore === undefined || heapAfter === undefined ? "n/a" : (heapAfter - heapBefore).toFixed(1);
  rows.push(
    `| ${offers.length} | ${buildCpuMs.toFixed(0)} (${buildWallMs.toFixed(0)}) | ${heap} | ${percentile(times, 0.5).toFixed(2)} | ` +
      `${percentile(times, 0.99).toFixed(2)} |`,
  );
  // Keeps the index alive until its heap was measured.
  if (index.offers.length !== offers.length) throw new Error("index lost offers");
}

console.log(
  `Search over ${BUNDLED_OFFERS.length} bundled offers plus synthetic ones, ${QUERIES.length} queries × ${ROUNDS}`,
);
console.log("| offers | build CPU (wall), ms | index heap (MB) | query median CPU (ms) | query p99 CPU (ms) |");
console.log("|---|---|---|---|---|");
for (const row of rows) console.log(row);
