import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { DeliveryError, RateLimitedError, type DeliveryResult, type MessagesGateway, type OutgoingMessage } from "./messages.server";
import { createSupabaseClient } from "./supabase-client.server";

/** Hands messages to the send-contact-email function of hosted Supabase. */
export class SupabaseMessagesGateway implements MessagesGateway {
  private readonly client: SupabaseClient;

  constructor(
    url: string,
    anonKey: string,
    private readonly options: { defaultRetryAfterSeconds: number; clientKeySecret?: string },
    fetchImpl?: typeof fetch,
  ) {
    this.client = createSupabaseClient(url, anonKey, fetchImpl);
  }

  async send({ payload, clientKey }: OutgoingMessage): Promise<DeliveryResult> {
    const { data, error } = await this.client.functions.invoke<{ ok?: boolean; status?: string }>("send-contact-email", {
      body: payload,
      headers: {
        "x-client-key": clientKey,
        ...(this.options.clientKeySecret ? { "x-client-key-secret": this.options.clientKeySecret } : {}),
      },
      timeout: 10_000,
    });
    if (error) {
      if (error instanceof FunctionsHttpError && error.context instanceof Response && error.context.status === 429) {
        const retryAfter = Number(error.context.headers.get("Retry-After"));
        throw new RateLimitedError(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : this.options.defaultRetryAfterSeconds);
      }
      throw new DeliveryError(`send-contact-email a échoué : ${error.message}`);
    }
    if (data?.status === "duplicate") return "duplicate";
    if (data?.ok) return "stored";
    throw new DeliveryError("send-contact-email a répondu sans confirmer l'envoi.");
  }
}
