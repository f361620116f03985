import { toBackendError } from "./errors.server";
import { BRANDS_PER_READ } from "./types.server";
import type { OfferHistoryStore, OfferNews } from "./types.server";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { FeedChange } from "~/catalogue/feed";
import type { OfferChange, OfferHistoryEntry, OfferSnapshot } from "~/catalogue/history";

/**
 * The offers' history on hosted Supabase, through its REST API with the service role's key: its tables are closed to
 * visitors, and the same functions as on Postgres record the changes (record_offer_changes) and read the news
 * (offer_news_since).
 */
export class SupabaseHistoryStore implements OfferHistoryStore {
  constructor(private readonly client: SupabaseClient) {}

  /** A page of BRANDS_PER_READ at a time, as the brands are read: one snapshot per offer. */
  async snapshots(): Promise<Map<string, OfferSnapshot>> {
    const snapshots = new Map<string, OfferSnapshot>();
    for (;;) {
      const { data, error } = await this.client
        .from("offer_snapshots")
        .select("offer_slug, terms")
        .order("offer_slug")
        .range(snapshots.size, snapshots.size + BRANDS_PER_READ - 1);
      if (error) throw toBackendError(error);
      const page = (data ?? []) as { offer_slug: string; terms: OfferSnapshot }[];
      for (const row of page) snapshots.set(row.offer_slug, row.terms);
      if (page.length < BRANDS_PER_READ) return snapshots;
    }
  }

  async record(changes: OfferChange[]): Promise<number> {
    const { data, error } = await this.client.rpc("record_offer_changes", { p_changes: changes });
    if (error) throw toBackendError(error);
    return Number(data ?? 0);
  }

  async entries(slug: string, limit: number): Promise<OfferHistoryEntry[]> {
    const { data, error } = await this.client
      .from("offer_history")
      .select("recorded_at, change, before, after")
      .eq("offer_slug", slug)
      .order("recorded_at", { ascending: false })
      .order("id", { ascending: false })
      .limit(limit);
    if (error) throw toBackendError(error);
    return (
      (data ?? []) as {
        recorded_at: string;
        change: OfferHistoryEntry["change"];
        before: OfferSnapshot | null;
        after: OfferSnapshot;
      }[]
    ).map((row) => ({ recordedAt: row.recorded_at, change: row.change, before: row.before, after: row.after }));
  }

  async newsSince(day: string): Promise<OfferNews[]> {
    const { data, error } = await this.client.rpc("offer_news_since", { p_since: day });
    if (error) throw toBackendError(error);
    return ((data ?? []) as { offer_slug: string; day: string }[]).map((row) => ({
      offerSlug: row.offer_slug,
      day: row.day,
    }));
  }

  async newsEntries(slugs: readonly string[] | null, limit: number): Promise<FeedChange[]> {
    const { data, error } = await this.client.rpc("offer_news_entries", { p_slugs: slugs, p_limit: limit });
    if (error) throw toBackendError(error);
    return (
      (data ?? []) as {
        id: number;
        offer_slug: string;
        recorded_at: string;
        change: FeedChange["change"];
        before: OfferSnapshot | null;
        after: OfferSnapshot;
      }[]
    ).map((row) => ({
      id: Number(row.id),
      slug: row.offer_slug,
      recordedAt: row.recorded_at,
      change: row.change,
      before: row.before,
      after: row.after,
    }));
  }
}
