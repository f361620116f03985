/** The site's texts as the back office's desk gives them (site-text-store.server.ts reads and writes them). */

/** A text saved at least once, in the back office's list. */
export interface SiteTextSummary {
  key: string;
  /** False when its last save went back to the bundled text. */
  edited: boolean;
  updatedAt: string;
}

/** A text as its form shows it: its value now or at a kept version (null: the bundled text). */
export interface OwnerSiteText {
  value: Record<string, unknown> | null;
  /** The version a save must name: 0 for a text never saved. */
  version: number;
  shownVersion: number;
  savedAt: string | null;
}

export interface SiteTextVersion {
  version: number;
  savedAt: string;
  /** This version went back to the bundled text. */
  original: boolean;
}

export type SiteTextSaveOutcome = { ok: true; version: number } | { ok: false; reason: "changed" };

/** The back office's operations on the site's texts; each rejects with a BackendError when the backend fails. */
export interface SiteTextDesk {
  list(): Promise<SiteTextSummary[]>;
  /** The text now (`version` null) or at a kept version; null for a version not kept. */
  text(key: string, version: number | null): Promise<OwnerSiteText | null>;
  versions(key: string): Promise<SiteTextVersion[]>;
  /** Saves `value` (null: back to the bundled text), only while the text is still at `version`. */
  save(key: string, version: number, value: Record<string, unknown> | null): Promise<SiteTextSaveOutcome>;
}
