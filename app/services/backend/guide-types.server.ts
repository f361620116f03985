/** The owner's guides as the backends give them (guide-store.server.ts reads and writes them). */

/** A published guide, as anyone may read it (public.published_guides). Dates are ISO strings. */
export interface PublishedGuide {
  id: number;
  slug: string;
  title: string;
  summary: string;
  /** A category of the site, or null. */
  category: string | null;
  /** Markdown, as the owner wrote it. */
  body: string;
  publishedAt: string;
  updatedAt: string;
  version: number;
}

/**
 * The owner's writing as visitors read it: the published guides, the addresses some had before (old → today's), and
 * the site's texts the owner edited (key → value as saved; app/content/site-texts.ts reads them).
 */
export interface WritingShelf {
  guides: PublishedGuide[];
  moves: Map<string, string>;
  texts: Map<string, unknown>;
}

/** What the writing form sends. */
export interface GuideFields {
  slug: string;
  title: string;
  summary: string;
  category: string | null;
  body: string;
}

export type GuideStatus = "draft" | "published";

/** A guide in the back office's list. */
export interface OwnerGuideSummary {
  id: number;
  slug: string;
  title: string;
  status: GuideStatus;
  publishedAt: string | null;
  updatedAt: string;
}

/** A guide as the writing form shows it: as it is, or one of its kept versions (`shownVersion`). */
export interface OwnerGuide extends GuideFields {
  id: number;
  status: GuideStatus;
  publishedAt: string | null;
  updatedAt: string;
  /** The guide's version now, which a save must name. */
  version: number;
  shownVersion: number;
  savedAt: string;
}

export interface GuideVersionSummary {
  version: number;
  savedAt: string;
  title: string;
  status: GuideStatus;
}

/** A save written, or why not: the guide changed since the form was drawn, is gone, or its address is taken. */
export type GuideSaveOutcome =
  { ok: true; id: number; slug: string; version: number } | { ok: false; reason: "changed" | "gone" | "taken" };

/** The back office's operations on guides; each rejects with a BackendError when the backend fails. */
export interface GuideDesk {
  list(): Promise<OwnerGuideSummary[]>;
  /** The guide as it is (`version` null) or as it was at a kept version; null when there is none. */
  guide(id: number, version: number | null): Promise<OwnerGuide | null>;
  versions(id: number): Promise<GuideVersionSummary[]>;
  /** Creates (`id` null) or saves a guide, only while it is still at `version` when one is given. */
  save(id: number | null, version: number | null, fields: GuideFields, status: GuideStatus): Promise<GuideSaveOutcome>;
}
