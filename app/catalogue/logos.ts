import { brandKey } from "./names";

/** Logo files in public/logos, by brand key. A brand not listed here has no logo. */
const LOGO_FILES: Record<string, string> = Object.fromEntries(
  [
    ["binance", "binance"], ["bitget", "bitget"], ["bitrefill", "bitrefill"], ["bitstack", "bitstack"],
    ["boursobank", "boursobank"], ["boursoramabanque", "boursobank"], ["bricks", "bricks"],
    ["coinbase", "coinbase"], ["cryptocom", "crypto-com"], ["deblock", "deblock"], ["deliveroo", "deliveroo"],
    ["ebuyclub", "ebuyclub"], ["feelmining", "feel-mining"], ["fortuneo", "fortuneo"], ["hellobank", "hello-bank"],
    ["hostinger", "hostinger"], ["igraal", "igraal"], ["joko", "joko"], ["kucoin", "kucoin"],
    ["lapremierebrique", "la-premiere-brique"], ["lime", "lime"], ["lovable", "lovable"], ["mexc", "mexc"],
    ["n26", "n26"], ["naomi", "naomi"], ["okx", "okx"], ["pmu", "pmu"], ["poulpeo", "poulpeo"],
    ["revolut", "revolut"], ["shopmium", "shopmium"], ["sorare", "sorare"], ["totalenergies", "totalenergies"],
    ["traderepublic", "trade-republic"], ["ubereats", "uber-eats"], ["unibet", "unibet"], ["vexub", "vexub"],
    ["vivid", "vivid"], ["wanteeed", "wanteeed"], ["weward", "weward"], ["widilo", "widilo"], ["wise", "wise"],
  ].map(([key, file]) => [key, `/logos/${file}.svg`]),
);

export function logoForBrand(name: string): string | undefined {
  return LOGO_FILES[brandKey(name)];
}
