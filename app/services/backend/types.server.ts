import type { SendContactEmailPayload } from "@contract/contact-contract";
import type { BrandRow } from "~/catalogue/types";

export type DeliveryResult = "stored" | "duplicate";

export interface OutgoingMessage {
  payload: SendContactEmailPayload;
  /** Opaque key of the sender (hash of the network address), for rate limiting. */
  clientKey: string;
}

/**
 * What the site asks of its data: the embedded database (embedded.server.ts) and hosted Supabase
 * (supabase.server.ts) each implement it, and index.server.ts picks one from the configuration. A new operation is
 * added here, in both implementations, and in CachedBackend (brands-cache.server.ts), which the site goes through.
 */
export interface Backend {
  /** Gets ready to answer (opens, and on first start creates, the embedded database); not bound by any timeout. */
  warmUp(): Promise<void>;
  /** All brands ordered by name; rejects with a BackendError. `signal` abandons the read where the backend can. */
  listBrands(signal?: AbortSignal): Promise<BrandRow[]>;
  /** Stores or forwards a visitor's message; rejects with RateLimitedError or DeliveryError. */
  sendMessage(message: OutgoingMessage): Promise<DeliveryResult>;
}
