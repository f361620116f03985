import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { seedSql } from "../../scripts/seed-sql";

describe("seed.sql", () => {
  it("is the one generated from the catalogue (run npm run seed:generate after editing data.ts)", () => {
    expect(readFileSync(new URL("../../supabase/seed.sql", import.meta.url), "utf8")).toBe(seedSql());
  });
});
