import { brandKey, displayBrandName, foldText } from "./names";

/** Explicit slugs for names that the general rule would not turn into the wanted address. */
const EXPLICIT_SLUGS: Record<string, string> = {
  boursobank: "boursobank",
  boursoramabanque: "boursobank",
  ubereats: "uber-eats",
  traderepublic: "trade-republic",
  cryptocom: "crypto-com",
  hellobank: "hello-bank",
  feelmining: "feel-mining",
  lapremierebrique: "la-premiere-brique",
  igraal: "igraal",
  ebuyclub: "ebuyclub",
  weward: "weward",
};

/** Old or alternative slugs that answer with a permanent redirect to the canonical one. */
export const SLUG_ALIASES: Record<string, string> = {
  cryptocom: "crypto-com",
};

/** The brands with an offer page of their own (SPEC section 2). */
export const BRAND_PAGE_SLUGS = [
  "binance", "bitget", "bitrefill", "bitstack", "boursobank", "bricks", "coinbase", "crypto-com",
  "deblock", "deliveroo", "ebuyclub", "feel-mining", "fortuneo", "hello-bank", "hostinger", "igraal",
  "joko", "kucoin", "la-premiere-brique", "lime", "lovable", "mexc", "n26", "naomi", "okx", "pmu",
  "poulpeo", "revolut", "shopmium", "sorare", "totalenergies", "trade-republic", "uber-eats", "unibet",
  "vexub", "vivid", "wanteeed", "weward", "widilo", "wise",
] as const;

/** The lower-case brand name with spaces turned into hyphens, or its explicit slug. */
export function slugForBrand(name: string): string {
  const explicit = EXPLICIT_SLUGS[brandKey(name)];
  if (explicit) return explicit;
  return foldText(displayBrandName(name))
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "-");
}

/** The canonical slug a requested slug stands for, if it is an alias. */
export function canonicalSlug(slug: string): string {
  return SLUG_ALIASES[slug] ?? slug;
}
