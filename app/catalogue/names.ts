/** Lower-case, accent-free text, for comparisons that ignore case and accents. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
}

/** The key two brand names share when they name the same brand: "Crypto.com" and "crypto com" give "cryptocom". */
export function brandKey(name: string): string {
  return foldText(name).replace(/[^a-z0-9]/g, "");
}

/** Names the backend may use for a brand, by key, with the name the site displays. */
const DISPLAY_NAMES: Record<string, string> = {
  boursoramabanque: "BoursoBank",
  boursorama: "BoursoBank",
  boursobank: "BoursoBank",
  cryptocom: "Crypto.com",
  hellobank: "Hello Bank",
  ubereats: "Uber Eats",
  igraal: "iGraal",
  ebuyclub: "eBuyClub",
  weward: "WeWard",
  lapremierebrique: "La Première Brique",
  traderepublic: "Trade Republic",
  feelmining: "Feel Mining",
};

/** The brand name as the site shows it: trimmed, single-spaced, with known aliases resolved. */
export function displayBrandName(name: string): string {
  const tidy = name.trim().replace(/\s+/g, " ");
  return DISPLAY_NAMES[brandKey(tidy)] ?? tidy;
}
