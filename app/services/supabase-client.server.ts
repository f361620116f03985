import { createClient, type SupabaseClient } from "@supabase/supabase-js";

/**
 * The site never subscribes to realtime changes; this transport stands in for the WebSocket that Node 20
 * lacks so that creating the client does not fail. It would throw only if realtime were ever used.
 */
class RealtimeUnused {
  constructor() {
    throw new Error("Le temps réel de Supabase n'est pas utilisé par ce site.");
  }
}

export function createSupabaseClient(url: string, anonKey: string, fetchImpl: typeof fetch = fetch): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: RealtimeUnused as unknown as typeof WebSocket },
    global: { fetch: fetchImpl },
  });
}
