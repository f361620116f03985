/** Calling, as the service role, the SQL functions that store what visitors send, and reading their one-word answer. */
import { openDatabase, type DatabasePlace } from "./database.server";
import { DeliveryError } from "./errors.server";
import { asRole } from "./sql-roles.server";
import type { SqlRunner } from "./sql-session.server";

/**
 * Calls one of the SQL functions that store what visitors send, as the service role (as the edge functions do on
 * Supabase), and gives its one-word answer; any failure to get it is a DeliveryError starting with `failure`.
 */
export async function callAsServiceRole(
  place: DatabasePlace,
  sql: string,
  params: unknown[],
  failure: string,
  /** More work in the same transaction, given the answer. */
  then?: (tx: SqlRunner, result: string | undefined) => Promise<void>,
): Promise<string | undefined> {
  try {
    const db = await openDatabase(place);
    return await asRole(db, "service_role", async (tx) => {
      const result = (await tx.query<{ result: string }>(sql, params)).rows[0]?.result;
      await then?.(tx, result);
      return result;
    });
  } catch (error) {
    throw new DeliveryError(`${failure} : ${(error as Error).message}`);
  }
}
