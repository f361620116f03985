import type { BrandRow } from "~/catalogue/types";
import { toBackendError } from "./backend-error";
import type { BrandsSource } from "./brands.server";
import { asRole, openEmbeddedDatabase } from "./embedded-db.server";

export class EmbeddedBrandsSource implements BrandsSource {
  readonly kind = "embedded" as const;

  constructor(private readonly dataDir: string) {}

  async warmUp(): Promise<void> {
    await openEmbeddedDatabase(this.dataDir);
  }

  async listBrands(): Promise<BrandRow[]> {
    try {
      const db = await openEmbeddedDatabase(this.dataDir);
      const result = await asRole(db, "anon", (tx) => tx.query<BrandRow>("select * from public.brands order by name"));
      return result.rows;
    } catch (error) {
      throw toBackendError(error);
    }
  }
}
