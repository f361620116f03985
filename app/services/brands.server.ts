import type { BrandRow } from "~/catalogue/types";
import { CachedBrandsSource } from "./brands-cache.server";
import { getConfig, type Backend } from "./env.server";

/** Where the site reads its brands from: hosted Supabase or the embedded database. */
export interface BrandsSource {
  readonly kind: Backend["kind"];
  /** All brands ordered by name; rejects with a BackendError. */
  listBrands(): Promise<BrandRow[]>;
  /** Gets ready to answer (opens, and on first start creates, the embedded database): not bound by the timeout. */
  warmUp?(): Promise<void>;
}

let source: Promise<CachedBrandsSource> | undefined;

export async function createBrandsSource(backend: Backend): Promise<BrandsSource> {
  if (backend.kind === "supabase") {
    const { SupabaseBrandsSource } = await import("./brands-supabase.server");
    // The cache applies the timeout to every source; this one also aborts the HTTP request itself.
    return new SupabaseBrandsSource(backend.url, backend.anonKey, getConfig().brandsCache.timeoutMs);
  }
  const { EmbeddedBrandsSource } = await import("./brands-embedded.server");
  return new EmbeddedBrandsSource(backend.dataDir);
}

/** The brands source chosen by the configuration, behind the in-process cache, created once per process. */
export function getBrandsSource(): Promise<CachedBrandsSource> {
  const { backend, brandsCache } = getConfig();
  source ??= createBrandsSource(backend).then((inner) => new CachedBrandsSource(inner, brandsCache));
  return source;
}
