import { openDatabase, type DatabasePlace } from "./database.server";
import { toBackendError } from "./errors.server";
import { asRole } from "./sql-roles.server";
import type { SqlRunner } from "./sql-session.server";
import type { OfferHistoryStore, OfferNews } from "./types.server";
import type { FeedChange } from "~/catalogue/feed";
import type { OfferChange, OfferHistoryEntry, OfferSnapshot } from "~/catalogue/history";

/** The offers' history on a Postgres database the site reaches itself, as the service role. */
export class SqlHistoryStore implements OfferHistoryStore {
  constructor(private readonly place: DatabasePlace) {}

  private async asServiceRole<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    try {
      return await asRole(await openDatabase(this.place), "service_role", work);
    } catch (error) {
      throw toBackendError(error);
    }
  }

  async snapshots(): Promise<Map<string, OfferSnapshot>> {
    const { rows } = await this.asServiceRole((tx) =>
      tx.query<{ offer_slug: string; terms: OfferSnapshot }>("select offer_slug, terms from public.offer_snapshots"),
    );
    return new Map(rows.map((row) => [row.offer_slug, row.terms]));
  }

  async record(changes: OfferChange[]): Promise<number> {
    const { rows } = await this.asServiceRole((tx) =>
      tx.query<{ recorded: number }>("select public.record_offer_changes($1::jsonb) as recorded", [
        JSON.stringify(changes),
      ]),
    );
    return rows[0]?.recorded ?? 0;
  }

  async entries(slug: string, limit: number): Promise<OfferHistoryEntry[]> {
    const { rows } = await this.asServiceRole((tx) =>
      tx.query<OfferHistoryEntry>(
        `select to_json(recorded_at)#>>'{}' as "recordedAt", change, before, after
           from public.offer_history where offer_slug = $1 order by recorded_at desc, id desc limit $2`,
        [slug, limit],
      ),
    );
    return rows;
  }

  async newsSince(day: string): Promise<OfferNews[]> {
    const { rows } = await this.asServiceRole((tx) =>
      tx.query<OfferNews>(`select offer_slug as "offerSlug", day from public.offer_news_since($1::date)`, [day]),
    );
    return rows;
  }

  async newsEntries(slugs: readonly string[] | null, limit: number): Promise<FeedChange[]> {
    const { rows } = await this.asServiceRole((tx) =>
      tx.query<FeedChange & { id: string }>(
        `select id, offer_slug as slug, to_json(recorded_at)#>>'{}' as "recordedAt", change, before, after
           from public.offer_news_entries($1::text[], $2::integer)`,
        [slugs, limit],
      ),
    );
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }
}
