import { expect } from "vitest";
import { asRole } from "~/services/backend/sql-roles.server";
import type { PGlite } from "@electric-sql/pglite";

/** A statement, alone or with its parameters. */
export type Statement = string | [sql: string, params: unknown[]];

/**
 * Runs each statement as a visitor (the anon role, what the public key gives) and expects PostgreSQL to refuse it
 * for want of a privilege; a statement that runs fails the test with its text.
 */
export async function expectRefusedToVisitors(db: PGlite, statements: Statement[]): Promise<void> {
  for (const statement of statements) {
    const [sql, params] = typeof statement === "string" ? [statement, []] : statement;
    await expect(
      asRole(db, "anon", (tx) => tx.query(sql, params)),
      sql,
    ).rejects.toThrow(/permission denied/);
  }
}
