import { openEmbeddedDatabase } from "./embedded-db.server";
import type { SqlSession } from "./sql-session.server";
import type { BackendChoice } from "../config/env.server";

/** A Postgres database the site reaches itself: embedded in the process, or a server (DATABASE_URL). */
export type DatabasePlace = Extract<BackendChoice, { kind: "embedded" | "postgres" }>;

/** The database of `place`, opened (on first use created or migrated) once per process. */
export async function openDatabase(place: DatabasePlace): Promise<SqlSession> {
  if (place.kind === "embedded") return openEmbeddedDatabase(place.dataDir);
  const { openPostgresDatabase } = await import("./postgres-db.server");
  return openPostgresDatabase(place.url, place.poolSize);
}

/** Where a data folder comes from when an embedded database is a default and not a place: tests and scripts. */
export const embeddedAt = (dataDir: string): DatabasePlace => ({ kind: "embedded", dataDir });
