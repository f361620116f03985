import { createHash } from "node:crypto";
import { findOfferBySlug } from "~/catalogue/offers";
import { newRowColumns } from "~/forms/offer-columns";
import { IMPORT_LIMITS, type ImportRow } from "~/forms/offer-import";
import type { OfferImportWrite } from "../backend/types.server";
import type { BrandRow, ReferralOffer } from "~/catalogue/types";

/**
 * The largest import form: the file, or, on confirmation, its text sent back, whose line breaks a browser may turn
 * into CRLF (twice the bytes at worst), with the other fields.
 */
export const IMPORT_FORM_BYTES = 2 * IMPORT_LIMITS.bytes + 64 * 1024;

/**
 * A fingerprint of what a preview showed: the confirmation writes only when the file, read again against the offers
 * as they are then, still gives the same preview.
 */
export const previewDigest = (rows: readonly ImportRow[]): string =>
  createHash("sha256").update(JSON.stringify(rows)).digest("base64url");

/**
 * The rows an import writes: a changed offer's cells on the row it was read from, while that row is still at the
 * version exported, or, for an offer of the bundle without a row, on a new row under its name (the columns left
 * empty fall back to the bundle, as in the back office; a row created since makes the name taken); an added offer
 * as a new row.
 */
export function importWrites(
  rows: readonly ImportRow[],
  brandRows: readonly BrandRow[],
  offers: readonly ReferralOffer[],
): OfferImportWrite[] {
  const rowIds = new Set(brandRows.map((row) => String(row.id)));
  return rows.flatMap((row): OfferImportWrite[] => {
    if (row.outcome === "added") return [{ id: null, columns: row.write }];
    if (row.outcome !== "changed") return [];
    if (rowIds.has(row.offerId)) return [{ id: row.offerId, version: row.version, columns: row.write }];
    const offer = findOfferBySlug(offers, row.slug);
    if (!offer) return [];
    return [{ id: null, columns: newRowColumns(offer, row.write) }];
  });
}
