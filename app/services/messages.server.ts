import type { SendContactEmailPayload } from "../../supabase/functions/_shared/contact-contract";
import { getConfig, type Backend } from "./env.server";

export type DeliveryResult = "stored" | "duplicate";

/** The sender went over the per-sender limit; `retryAfterSeconds` says when to try again. */
export class RateLimitedError extends Error {
  override name = "RateLimitedError";
  constructor(readonly retryAfterSeconds: number) {
    super("Trop de messages envoyés. Veuillez réessayer dans quelques minutes.");
  }
}

/** The message could not be handed over (backend down, function error). */
export class DeliveryError extends Error {
  override name = "DeliveryError";
}

export interface OutgoingMessage {
  payload: SendContactEmailPayload;
  /** Opaque key of the sender (hash of the network address), for rate limiting. */
  clientKey: string;
}

/** Where messages go: the send-contact-email function of hosted Supabase, or the embedded database. */
export interface MessagesGateway {
  send(message: OutgoingMessage): Promise<DeliveryResult>;
}

let gateway: Promise<MessagesGateway> | undefined;

export async function createMessagesGateway(backend: Backend): Promise<MessagesGateway> {
  const { contactRateLimit, contactClientKeySecret } = getConfig();
  if (backend.kind === "supabase") {
    const { SupabaseMessagesGateway } = await import("./messages-supabase.server");
    return new SupabaseMessagesGateway(backend.url, backend.anonKey, {
      defaultRetryAfterSeconds: contactRateLimit.windowSeconds,
      clientKeySecret: contactClientKeySecret,
    });
  }
  const { EmbeddedMessagesGateway } = await import("./messages-embedded.server");
  return new EmbeddedMessagesGateway(backend.dataDir, contactRateLimit);
}

export function getMessagesGateway(): Promise<MessagesGateway> {
  gateway ??= createMessagesGateway(getConfig().backend);
  return gateway;
}
