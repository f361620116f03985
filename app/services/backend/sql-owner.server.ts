import { editableColumns } from "~/forms/offer-columns";
import { openDatabase, type DatabasePlace } from "./database.server";
import { recordErasure } from "./erasures.server";
import { importRefusal, toBackendError } from "./errors.server";
import { toMessagePage, type MessageRow } from "./owner-message-row.server";
import { asRole } from "./sql-roles.server";
import { toOwnerTestimonialPage, type OwnerTestimonialRow } from "./testimonial-row.server";
import type { SqlRunner } from "./sql-session.server";
import type * as types from "./types.server";

/** The back office on a Postgres database the site reaches itself, as the service role (as the server stores messages). */
export class SqlOwnerStore implements types.OwnerStore {
  constructor(
    private readonly place: DatabasePlace,
    /** Called when an e-mail to an author was queued. */
    private readonly mailQueued: () => void = () => undefined,
  ) {}

  private async asServiceRole<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    try {
      return await asRole(await openDatabase(this.place), "service_role", work);
    } catch (error) {
      throw toBackendError(error);
    }
  }

  async listMessages({ query, offset, limit }: types.MessagePageRequest): Promise<types.MessagePage> {
    const { rows } = await this.asServiceRole((tx) =>
      tx.query<MessageRow>(
        `select m.*, o.state, o.attempts, o.last_error, o.sent_at
           from public.owner_messages_page($1, $2, $3) m left join public.message_outbox o on o.message_id = m.id
          order by m.created_at desc, m.id desc`,
        [query, offset, limit],
      ),
    );
    return toMessagePage(rows);
  }

  async setHandled(id: number, handled: boolean): Promise<boolean> {
    const result = await this.asServiceRole((tx) =>
      tx.query("update public.contact_messages set handled_at = case when $2 then now() end where id = $1", [
        id,
        handled,
      ]),
    );
    return (result.affectedRows ?? 0) > 0;
  }

  /**
   * The outbox row goes with the message (on delete cascade). The erasure is noted outside the database too
   * (erasures.server.ts), so that a restored backup does not bring the message back.
   */
  async deleteMessage(id: number): Promise<boolean> {
    const { rows } = await this.asServiceRole((tx) =>
      tx.query<{ created_at: string }>(
        "delete from public.contact_messages where id = $1 returning to_json(created_at)#>>'{}' as created_at",
        [id],
      ),
    );
    const erased = rows[0];
    if (erased) recordErasure(this.place, id, erased.created_at);
    return erased !== undefined;
  }

  async listTestimonials({ offset, limit }: { offset: number; limit: number }) {
    const { rows } = await this.asServiceRole((tx) =>
      tx.query<OwnerTestimonialRow>("select * from public.owner_testimonials_page($1, $2)", [offset, limit]),
    );
    return toOwnerTestimonialPage(rows);
  }

  async moderateTestimonial({ id, action, reason, mail }: types.TestimonialDecision): Promise<string | null> {
    const { rows } = await this.asServiceRole((tx) =>
      tx.query<{ slug: string | null }>("select public.moderate_testimonial($1, $2, $3, $4, $5) as slug", [
        id,
        action,
        reason,
        mail?.subject ?? null,
        mail?.body ?? null,
      ]),
    );
    if (mail) this.mailQueued();
    return rows[0]?.slug ?? null;
  }

  /** Its notices go with it (on delete cascade); noted outside the database too, as a message's erasure. */
  async deleteTestimonial(id: number): Promise<types.ErasedTestimonial | null> {
    const { rows } = await this.asServiceRole((tx) =>
      tx.query<{ offer_slug: string; created_at: string; status: string }>(
        `delete from public.testimonials where id = $1
         returning offer_slug, to_json(created_at)#>>'{}' as created_at, status`,
        [id],
      ),
    );
    const erased = rows[0];
    if (!erased) return null;
    recordErasure(this.place, id, erased.created_at, new Date(), "testimonials");
    return { id, offerSlug: erased.offer_slug, createdAt: erased.created_at, wasPublic: erased.status === "published" };
  }

  async offerCountsSince(day: string): Promise<types.OfferDayCount[]> {
    const { rows } = await this.asServiceRole((tx) =>
      tx.query<types.OfferDayCount>(
        `select to_char(day, 'YYYY-MM-DD') as day, offer_slug as "offerSlug", views, copies, follows
           from public.offer_counts_since($1::date)`,
        [day],
      ),
    );
    return rows;
  }

  async updateBrand(id: string, changes: Partial<types.BrandColumns>): Promise<boolean> {
    const columns = editableColumns(changes);
    if (columns.length === 0) return true;
    const assignments = columns.map(([column], index) => `${column} = $${index + 2}`).join(", ");
    const result = await this.asServiceRole((tx) =>
      tx.query(`update public.brands set ${assignments} where id::text = $1`, [
        id,
        ...columns.map(([, value]) => value),
      ]),
    );
    return (result.affectedRows ?? 0) > 0;
  }

  async upsertBrand(row: Partial<types.BrandColumns> & Pick<types.BrandColumns, "name" | "slug">): Promise<void> {
    const columns = editableColumns(row);
    const updates = columns
      .filter(([column]) => column !== "name")
      .map(([column]) => `${column} = excluded.${column}`)
      .join(", ");
    await this.asServiceRole((tx) =>
      tx.query(
        `insert into public.brands (${columns.map(([column]) => column).join(", ")})
         values (${columns.map((_, index) => `$${index + 1}`).join(", ")})
         on conflict (name) do update set ${updates}`,
        columns.map(([, value]) => value),
      ),
    );
  }

  async createBrand(
    row: Partial<types.BrandColumns> & Pick<types.BrandColumns, "name" | "slug">,
  ): Promise<"created" | "exists"> {
    const columns = editableColumns(row);
    const result = await this.asServiceRole((tx) =>
      tx.query(
        `insert into public.brands (${columns.map(([column]) => column).join(", ")})
         values (${columns.map((_, index) => `$${index + 1}`).join(", ")})
         on conflict do nothing`,
        columns.map(([, value]) => value),
      ),
    );
    return (result.affectedRows ?? 0) > 0 ? "created" : "exists";
  }

  async importOffers(rows: readonly types.OfferImportWrite[]): Promise<types.OfferImportOutcome> {
    try {
      const { rows: result } = await this.asServiceRole((tx) =>
        tx.query<{ written: number }>("select public.import_offers($1::jsonb) as written", [JSON.stringify(rows)]),
      );
      return { ok: true, written: result[0]?.written ?? 0 };
    } catch (error) {
      const refusal = importRefusal(error);
      if (refusal) return refusal;
      throw error;
    }
  }

  async recordSignOut(sessionHash: string, expiresAt: Date): Promise<void> {
    await this.asServiceRole(async (tx) => {
      await tx.query("delete from public.owner_signed_out_sessions where expires_at <= now()");
      await tx.query(
        `insert into public.owner_signed_out_sessions (session_hash, expires_at) values ($1, $2)
         on conflict do nothing`,
        [sessionHash, expiresAt.toISOString()],
      );
    });
  }

  async sessionGeneration(): Promise<string> {
    const { rows } = await this.asServiceRole((tx) =>
      tx.query<{ generation: string }>("select generation from public.owner_state"),
    );
    return rows[0]?.generation ?? "";
  }

  async signInLock({ deviceKey, networkKey }: types.SignInVisitor): Promise<number> {
    return this.seconds("select public.owner_sign_in_lock($1, $2) as seconds", [deviceKey, networkKey]);
  }

  async signInAttempt({ deviceKey, networkKey }: types.SignInVisitor): Promise<number> {
    return this.seconds("select public.owner_sign_in_attempt($1, $2) as seconds", [deviceKey, networkKey]);
  }

  async signedIn({ deviceKey, networkKey }: types.SignInVisitor): Promise<void> {
    await this.asServiceRole((tx) => tx.query("select public.owner_signed_in($1, $2)", [deviceKey, networkKey]));
  }

  private async seconds(sql: string, params: unknown[]): Promise<number> {
    const { rows } = await this.asServiceRole((tx) => tx.query<{ seconds: number }>(sql, params));
    return Number(rows[0]?.seconds ?? 0);
  }

  async isSignedOut(sessionHash: string): Promise<boolean> {
    const { rows } = await this.asServiceRole((tx) =>
      tx.query("select 1 from public.owner_signed_out_sessions where session_hash = $1", [sessionHash]),
    );
    return rows.length > 0;
  }
}
