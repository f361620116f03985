import type { BrandRow } from "~/catalogue/types";
import { getConfig, type Backend } from "./env.server";

/** Where the site reads its brands from: hosted Supabase or the embedded database. */
export interface BrandsSource {
  readonly kind: Backend["kind"];
  /** All brands ordered by name; rejects with a BackendError. */
  listBrands(): Promise<BrandRow[]>;
}

let source: Promise<BrandsSource> | undefined;

export async function createBrandsSource(backend: Backend): Promise<BrandsSource> {
  if (backend.kind === "supabase") {
    const { SupabaseBrandsSource } = await import("./brands-supabase.server");
    return new SupabaseBrandsSource(backend.url, backend.anonKey);
  }
  const { EmbeddedBrandsSource } = await import("./brands-embedded.server");
  return new EmbeddedBrandsSource(backend.dataDir);
}

/** The brands source chosen by the configuration, created once per process. */
export function getBrandsSource(): Promise<BrandsSource> {
  source ??= createBrandsSource(getConfig().backend);
  return source;
}
