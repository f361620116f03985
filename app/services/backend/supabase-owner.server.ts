import { editableColumns } from "~/forms/offer-columns";
import { importRefusal, toBackendError, UNIQUE_VIOLATION } from "./errors.server";
import { toMessagePage, type MessageRow } from "./owner-message-row.server";
import { toOwnerTestimonialPage, type OwnerTestimonialRow } from "./testimonial-row.server";
import type * as types from "./types.server";
import type { SupabaseClient } from "@supabase/supabase-js";

/**
 * The back office on hosted Supabase, through its REST API with the service role's key (SUPABASE_SERVICE_ROLE_KEY),
 * which only this server holds. Messages are e-mailed by send-contact-email: their delivery is not tracked here.
 */
export class SupabaseOwnerStore implements types.OwnerStore {
  /** `client`: made with the service role's key. */
  constructor(private readonly client: SupabaseClient) {}

  async listMessages({ query, offset, limit }: types.MessagePageRequest): Promise<types.MessagePage> {
    const { data, error } = await this.client.rpc("owner_messages_page", {
      p_query: query,
      p_offset: offset,
      p_limit: limit,
    });
    if (error) throw toBackendError(error);
    return toMessagePage((data ?? []) as MessageRow[]);
  }

  async setHandled(id: number, handled: boolean): Promise<boolean> {
    const { data, error } = await this.client
      .from("contact_messages")
      .update({ handled_at: handled ? new Date().toISOString() : null })
      .eq("id", id)
      .select("id");
    if (error) throw toBackendError(error);
    return (data ?? []).length > 0;
  }

  async deleteMessage(id: number): Promise<boolean> {
    const { data, error } = await this.client.from("contact_messages").delete().eq("id", id).select("id");
    if (error) throw toBackendError(error);
    return (data ?? []).length > 0;
  }

  async listTestimonials({ offset, limit }: { offset: number; limit: number }) {
    const { data, error } = await this.client.rpc("owner_testimonials_page", { p_offset: offset, p_limit: limit });
    if (error) throw toBackendError(error);
    return toOwnerTestimonialPage((data ?? []) as OwnerTestimonialRow[]);
  }

  async moderateTestimonial({ id, action, reason, mail }: types.TestimonialDecision): Promise<string | null> {
    const { data, error } = await this.client.rpc("moderate_testimonial", {
      p_id: id,
      p_action: action,
      p_reason: reason,
      p_mail_subject: mail?.subject ?? null,
      p_mail_body: mail?.body ?? null,
    });
    if (error) throw toBackendError(error);
    return typeof data === "string" ? data : null;
  }

  async deleteTestimonial(id: number): Promise<types.ErasedTestimonial | null> {
    const { data, error } = await this.client
      .from("testimonials")
      .delete()
      .eq("id", id)
      .select("offer_slug, created_at, status");
    if (error) throw toBackendError(error);
    const row = (data ?? [])[0] as { offer_slug: string; created_at: string; status: string } | undefined;
    return row
      ? { id, offerSlug: row.offer_slug, createdAt: row.created_at, wasPublic: row.status === "published" }
      : null;
  }

  async offerCountsSince(day: string): Promise<types.OfferDayCount[]> {
    const { data, error } = await this.client.rpc("offer_counts_since", { p_since: day });
    if (error) throw toBackendError(error);
    return ((data ?? []) as { day: string; offer_slug: string; views: number; copies: number; follows: number }[]).map(
      (row) => ({
        day: row.day,
        offerSlug: row.offer_slug,
        views: row.views,
        copies: row.copies,
        follows: row.follows,
      }),
    );
  }

  async updateBrand(id: string, changes: Partial<types.BrandColumns>): Promise<boolean> {
    const { data, error } = await this.client
      .from("brands")
      .update(Object.fromEntries(editableColumns(changes)))
      .eq("id", id)
      .select("id");
    if (error) throw toBackendError(error);
    return (data ?? []).length > 0;
  }

  async upsertBrand(row: Partial<types.BrandColumns> & Pick<types.BrandColumns, "name" | "slug">): Promise<void> {
    const { error } = await this.client
      .from("brands")
      .upsert(Object.fromEntries(editableColumns(row)), { onConflict: "name" });
    if (error) throw toBackendError(error);
  }

  async createBrand(
    row: Partial<types.BrandColumns> & Pick<types.BrandColumns, "name" | "slug">,
  ): Promise<"created" | "exists"> {
    const { error } = await this.client.from("brands").insert(Object.fromEntries(editableColumns(row)));
    if (error?.code === UNIQUE_VIOLATION) return "exists";
    if (error) throw toBackendError(error);
    return "created";
  }

  async importOffers(rows: readonly types.OfferImportWrite[]): Promise<types.OfferImportOutcome> {
    const { data, error } = await this.client.rpc("import_offers", { p_rows: rows });
    if (error) return importRefusal(error) ?? Promise.reject(toBackendError(error));
    return { ok: true, written: Number(data ?? 0) };
  }

  async recordSignOut(sessionHash: string, expiresAt: Date): Promise<void> {
    const expired = await this.client
      .from("owner_signed_out_sessions")
      .delete()
      .lte("expires_at", new Date().toISOString());
    if (expired.error) throw toBackendError(expired.error);
    const { error } = await this.client
      .from("owner_signed_out_sessions")
      .insert({ session_hash: sessionHash, expires_at: expiresAt.toISOString() });
    // Signed out twice: already remembered.
    if (error && error.code !== UNIQUE_VIOLATION) throw toBackendError(error);
  }

  async sessionGeneration(): Promise<string> {
    const { data, error } = await this.client.from("owner_state").select("generation").limit(1);
    if (error) throw toBackendError(error);
    return ((data ?? []) as { generation: string }[])[0]?.generation ?? "";
  }

  signInLock(visitor: types.SignInVisitor): Promise<number> {
    return this.seconds("owner_sign_in_lock", visitor);
  }

  signInAttempt(visitor: types.SignInVisitor): Promise<number> {
    return this.seconds("owner_sign_in_attempt", visitor);
  }

  async signedIn({ deviceKey, networkKey }: types.SignInVisitor): Promise<void> {
    const { error } = await this.client.rpc("owner_signed_in", { p_device_key: deviceKey, p_network_key: networkKey });
    if (error) throw toBackendError(error);
  }

  private async seconds(name: string, { deviceKey, networkKey }: types.SignInVisitor): Promise<number> {
    const { data, error } = await this.client.rpc(name, { p_device_key: deviceKey, p_network_key: networkKey });
    if (error) throw toBackendError(error);
    return Number(data ?? 0);
  }

  async isSignedOut(sessionHash: string): Promise<boolean> {
    const { data, error } = await this.client
      .from("owner_signed_out_sessions")
      .select("session_hash")
      .eq("session_hash", sessionHash);
    if (error) throw toBackendError(error);
    return (data ?? []).length > 0;
  }
}
