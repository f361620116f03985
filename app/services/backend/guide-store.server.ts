/**
 * The owner's guides in the database (20250224000000_guides.sql): what visitors read (the published ones and the
 * addresses they had), and the back office's desk, which calls the migration's functions as the service role, in SQL
 * or as RPCs of hosted Supabase (FunctionCalls).
 */
import { importRefusal, toBackendError } from "./errors.server";
import type {
  GuideDesk,
  GuideFields,
  GuideSaveOutcome,
  WritingShelf,
  GuideStatus,
  GuideVersionSummary,
  OwnerGuide,
  OwnerGuideSummary,
  PublishedGuide,
} from "./guide-types.server";
import type { FunctionCalls } from "./visitor-alert-store.server";
import type { SupabaseClient } from "@supabase/supabase-js";

export type * from "./guide-types.server";

/** `desk` (a guide's or the texts'), calling `saved` after each save written. */
export function savesTold<Desk extends { save(...args: never[]): Promise<{ ok: boolean }> }>(
  desk: Desk,
  saved: () => void,
): Desk {
  const told = Object.create(desk) as Desk;
  told.save = async (...args) => {
    const outcome = await desk.save(...args);
    if (outcome.ok) saved();
    return outcome as Awaited<ReturnType<Desk["save"]>>;
  };
  return told;
}

/** A row of public.edited_site_texts. */
export interface EditedTextRow {
  key: string;
  value: unknown;
}

/** A row of public.published_guides, as both backends read it (JSON). */
export interface PublishedGuideRow {
  id: number | string;
  slug: string;
  title: string;
  summary: string;
  category: string | null;
  body: string;
  published_at: string;
  updated_at: string;
  version: number;
}

export const toPublishedGuide = (row: PublishedGuideRow): PublishedGuide => ({
  id: Number(row.id),
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  category: row.category,
  body: row.body,
  publishedAt: row.published_at,
  updatedAt: row.updated_at,
  version: row.version,
});

/** The shelf from the rows of the three views, newest publication first. */
export function toWritingShelf(
  rows: PublishedGuideRow[],
  moves: { old_slug: string; slug: string }[],
  texts: EditedTextRow[],
): WritingShelf {
  const guides = rows.map(toPublishedGuide).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id);
  return {
    guides,
    moves: new Map(moves.map((move) => [move.old_slug, move.slug])),
    texts: new Map(texts.map((text) => [text.key, text.value])),
  };
}

/** The shelf through hosted Supabase's REST API, with the public key (the views show published writing only). */
export async function supabaseWritingShelf(client: SupabaseClient, signal?: AbortSignal): Promise<WritingShelf> {
  const read = async <T>(view: string, columns: string): Promise<T[]> => {
    // 1 000 rows, the API's most per request: far more guides than a site like this one publishes.
    const query = client.from(view).select(columns).range(0, 999).retry(false);
    const { data, error } = await (signal ? query.abortSignal(signal) : query);
    if (error) throw toBackendError(error);
    return (data ?? []) as T[];
  };
  const [guides, moves, texts] = await Promise.all([
    read<PublishedGuideRow>(
      "published_guides",
      "id, slug, title, summary, category, body, published_at, updated_at, version",
    ),
    read<{ old_slug: string; slug: string }>("published_guide_moves", "old_slug, slug"),
    read<EditedTextRow>("edited_site_texts", "key, value"),
  ]);
  return toWritingShelf(guides, moves, texts);
}

const isoOf = (value: string | Date | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

/** The desk through the migration's functions. */
export class FunctionGuideDesk implements GuideDesk {
  constructor(private readonly calls: FunctionCalls) {}

  async list(): Promise<OwnerGuideSummary[]> {
    const rows = await this.calls.rows<{
      id: number | string;
      slug: string;
      title: string;
      status: GuideStatus;
      published_at: string | null;
      updated_at: string;
    }>("owner_guides", {});
    return rows.map((row) => ({
      id: Number(row.id),
      slug: row.slug,
      title: row.title,
      status: row.status,
      publishedAt: isoOf(row.published_at),
      updatedAt: isoOf(row.updated_at) as string,
    }));
  }

  async guide(id: number, version: number | null): Promise<OwnerGuide | null> {
    const [row] = await this.calls.rows<{
      id: number | string;
      slug: string;
      title: string;
      summary: string;
      category: string | null;
      body: string;
      status: GuideStatus;
      published_at: string | null;
      updated_at: string;
      version: number;
      shown_version: number;
      saved_at: string;
    }>("owner_guide", { p_id: id, p_version: version });
    if (!row) return null;
    return {
      id: Number(row.id),
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      category: row.category,
      body: row.body,
      status: row.status,
      publishedAt: isoOf(row.published_at),
      updatedAt: isoOf(row.updated_at) as string,
      version: row.version,
      shownVersion: row.shown_version,
      savedAt: isoOf(row.saved_at) as string,
    };
  }

  async versions(id: number): Promise<GuideVersionSummary[]> {
    const rows = await this.calls.rows<{ version: number; saved_at: string; title: string; status: GuideStatus }>(
      "owner_guide_versions",
      { p_id: id },
    );
    return rows.map(({ version, saved_at, title, status }) => ({
      version,
      savedAt: isoOf(saved_at) as string,
      title,
      status,
    }));
  }

  async save(
    id: number | null,
    version: number | null,
    fields: GuideFields,
    status: GuideStatus,
  ): Promise<GuideSaveOutcome> {
    try {
      const [row] = await this.calls.rows<{ id: number | string; slug: string; version: number }>("save_guide", {
        p_id: id,
        p_version: version,
        p_slug: fields.slug,
        p_title: fields.title,
        p_summary: fields.summary,
        p_category: fields.category,
        p_body: fields.body,
        p_status: status,
      });
      if (!row) return { ok: false, reason: "gone" };
      return { ok: true, id: Number(row.id), slug: row.slug, version: row.version };
    } catch (error) {
      const refusal = importRefusal(error);
      if (refusal) return refusal;
      throw error;
    }
  }
}
