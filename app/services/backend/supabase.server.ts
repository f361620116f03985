import { createClient, FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { BackendError, DeliveryError, RateLimitedError, toBackendError } from "./errors.server";
import type { Backend, DeliveryResult, OutgoingMessage } from "./types.server";
import type { BrandRow } from "~/catalogue/types";

/**
 * The site never subscribes to realtime changes; this transport stands in for the WebSocket that Node 20
 * lacks so that creating the client does not fail. It would throw only if realtime were ever used.
 */
class RealtimeUnused {
  constructor() {
    throw new Error("Le temps réel de Supabase n'est pas utilisé par ce site.");
  }
}

export interface SupabaseBackendOptions {
  url: string;
  /** The public anonymous key: what it may read and call is what row-level security and the grants allow. */
  anonKey: string;
  /** Retry-After of a rate-limited message when the function's answer has none. */
  defaultRetryAfterSeconds: number;
  /** Shared with send-contact-email so that it trusts the sender key the site forwards. */
  clientKeySecret?: string;
}

/** Hosted Supabase: brands read through its REST API, messages handed to its send-contact-email function. */
export class SupabaseBackend implements Backend {
  private readonly client: SupabaseClient;

  constructor(private readonly options: SupabaseBackendOptions) {
    this.client = createClient(options.url, options.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: RealtimeUnused as unknown as typeof WebSocket },
    });
  }

  /** Nothing to prepare: each call is an HTTP request. */
  async warmUp(): Promise<void> {}

  async listBrands(signal?: AbortSignal): Promise<BrandRow[]> {
    const query = this.client
      .from("brands")
      .select("*")
      .order("name")
      // The site's cache retries on its own schedule; a visitor must not wait for the library's backoff.
      .retry(false);
    const { data, error } = await (signal ? query.abortSignal(signal) : query);
    if (error) throw toBackendError(error);
    if (data != null && !Array.isArray(data)) {
      throw new BackendError({ message: "Réponse inattendue du serveur pour la liste des marques." });
    }
    return (data ?? []) as BrandRow[];
  }

  async sendMessage({ payload, clientKey }: OutgoingMessage): Promise<DeliveryResult> {
    const { data, error } = await this.client.functions.invoke<{ ok?: boolean; status?: string }>(
      "send-contact-email",
      {
        body: payload,
        headers: {
          "x-client-key": clientKey,
          ...(this.options.clientKeySecret ? { "x-client-key-secret": this.options.clientKeySecret } : {}),
        },
        timeout: 10_000,
      },
    );
    if (error) {
      if (error instanceof FunctionsHttpError && error.context instanceof Response && error.context.status === 429) {
        const retryAfter = Number(error.context.headers.get("Retry-After"));
        throw new RateLimitedError(
          Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : this.options.defaultRetryAfterSeconds,
        );
      }
      throw new DeliveryError(`send-contact-email a échoué : ${error.message}`);
    }
    if (data?.status === "duplicate") return "duplicate";
    if (data?.ok) return "stored";
    throw new DeliveryError("send-contact-email a répondu sans confirmer l'envoi.");
  }
}
