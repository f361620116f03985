import type { SupabaseClient } from "@supabase/supabase-js";
import type { BrandRow } from "~/catalogue/types";
import { BackendError, toBackendError } from "./backend-error";
import type { BrandsSource } from "./brands.server";
import { createSupabaseClient } from "./supabase-client.server";

export class SupabaseBrandsSource implements BrandsSource {
  readonly kind = "supabase" as const;
  private readonly client: SupabaseClient;

  constructor(
    url: string,
    anonKey: string,
    private readonly timeoutMs = 3_000,
    fetchImpl?: typeof fetch,
  ) {
    this.client = createSupabaseClient(url, anonKey, fetchImpl);
  }

  async listBrands(): Promise<BrandRow[]> {
    const { data, error } = await this.client
      .from("brands")
      .select("*")
      .order("name")
      // The site's cache retries on its own schedule; a visitor must not wait for the library's backoff.
      .retry(false)
      .abortSignal(AbortSignal.timeout(this.timeoutMs));
    if (error) throw toBackendError(error);
    if (data != null && !Array.isArray(data)) {
      throw new BackendError({ message: "Réponse inattendue du serveur pour la liste des marques." });
    }
    return (data ?? []) as BrandRow[];
  }
}
