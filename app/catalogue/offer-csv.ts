import { csvCell } from "./audience";
import { termsFormValues } from "./terms";
import type { ReferralOffer } from "./types";

/**
 * The offers as a spreadsheet: what the owner exports (the merged values a visitor sees) and imports back. One
 * column per field the back office edits, named in French; an offer is found by its address (`adresse`). Lists go in
 * one cell, one item a line, as the back office's text areas take them.
 */
export const OFFER_CSV_COLUMNS = [
  "adresse",
  "marque",
  "categorie",
  "description",
  "code",
  "lien",
  "offre",
  "avantages",
  "montant",
  "unite",
  "plafond",
  "nature",
  "conditions",
  "parrain",
  "debut",
  "fin",
] as const;

export type OfferCsvColumn = (typeof OFFER_CSV_COLUMNS)[number];

/** An offer's cells, as the back office's forms hold them (see termsFormValues). */
export function offerCells(offer: ReferralOffer): Record<OfferCsvColumn, string> {
  const terms = termsFormValues(offer);
  return {
    adresse: offer.slug,
    marque: offer.brand,
    categorie: offer.category ?? "",
    description: offer.serviceDescription,
    code: offer.code,
    lien: offer.link,
    offre: offer.description,
    avantages: offer.advantages.join("\n"),
    montant: terms.bonus_amount,
    unite: offer.bonus ? terms.bonus_unit : "",
    plafond: terms.bonus_up_to ? "oui" : "non",
    nature: terms.bonus_kind,
    conditions: terms.conditions,
    parrain: terms.referrer_reward,
    debut: terms.starts_on,
    fin: offer.validUntil ?? "",
  };
}

/** The offers as CSV: a header, then one line per offer, every cell quoted and any formula neutralised. */
export function offersCsv(offers: readonly ReferralOffer[]): string {
  const lines = [OFFER_CSV_COLUMNS.map(csvCell).join(",")];
  for (const offer of offers) {
    const cells = offerCells(offer);
    lines.push(OFFER_CSV_COLUMNS.map((column) => csvCell(cells[column])).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** A cell as exported: the apostrophe that neutralised a formula-like text is taken off again. */
export const importedCell = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
