/**
 * The site's texts the owner edits (20250225000000_site_texts.sql): the back office's desk, which calls the
 * migration's functions as the service role, in SQL or as RPCs of hosted Supabase (FunctionCalls). Visitors read the
 * edited texts with the guides (WritingShelf.texts).
 */
import { importRefusal } from "./errors.server";
import type {
  OwnerSiteText,
  SiteTextDesk,
  SiteTextSaveOutcome,
  SiteTextSummary,
  SiteTextVersion,
} from "./site-text-types.server";
import type { FunctionCalls } from "./visitor-alert-store.server";

const iso = (value: string | Date): string => new Date(value).toISOString();

export class FunctionSiteTextDesk implements SiteTextDesk {
  constructor(private readonly calls: FunctionCalls) {}

  async list(): Promise<SiteTextSummary[]> {
    const rows = await this.calls.rows<{ key: string; edited: boolean; updated_at: string }>("owner_site_texts", {});
    return rows.map((row) => ({ key: row.key, edited: row.edited, updatedAt: iso(row.updated_at) }));
  }

  async text(key: string, version: number | null): Promise<OwnerSiteText | null> {
    const [row] = await this.calls.rows<{
      value: Record<string, unknown> | null;
      version: number;
      shown_version: number;
      saved_at: string;
    }>("owner_site_text", { p_key: key, p_version: version });
    if (!row) return version === null ? { value: null, version: 0, shownVersion: 0, savedAt: null } : null;
    return { value: row.value, version: row.version, shownVersion: row.shown_version, savedAt: iso(row.saved_at) };
  }

  async versions(key: string): Promise<SiteTextVersion[]> {
    const rows = await this.calls.rows<{ version: number; saved_at: string; original: boolean }>(
      "owner_site_text_versions",
      { p_key: key },
    );
    return rows.map((row) => ({ version: row.version, savedAt: iso(row.saved_at), original: row.original }));
  }

  async save(key: string, version: number, value: Record<string, unknown> | null): Promise<SiteTextSaveOutcome> {
    try {
      const [row] = await this.calls.rows<{ version: number }>("save_site_text", {
        p_key: key,
        p_version: version,
        p_value: value,
      });
      return { ok: true, version: (row as { version: number }).version };
    } catch (error) {
      if (importRefusal(error)?.reason === "changed") return { ok: false, reason: "changed" };
      throw error;
    }
  }
}
