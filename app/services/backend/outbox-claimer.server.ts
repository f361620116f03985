/**
 * This instance's name on the outbox rows it claims, kept alive in the database for as long as the instance runs: a
 * session advisory lock keyed by the name (migration 20250214000000_outbox_claims_end_with_their_instance.sql).
 * Another instance ends the claims of a name whose lock nobody holds, instead of waiting for their lease to run out.
 */
import { randomUUID } from "node:crypto";
import { log } from "../log.server";
import { ownConnection } from "./own-connection.server";
import { asRole } from "./sql-roles.server";
import type { DatabasePlace } from "./database.server";
import type { SqlSession } from "./sql-session.server";
import type pg from "pg";

/** Waits between two attempts to take the lock again after its connection was lost: doubled from 0.5 s to 10 s. */
const RETAKE_FIRST_MS = 500;
const RETAKE_MAX_MS = 10_000;

export interface OutboxClaimer {
  /** The name this instance claims rows under. */
  readonly name: string;
  /** Lets the lock go (the server stopping). */
  release(): void;
}

/**
 * Takes the lock of a new claimer name: on the embedded database, on its one connection, which lives as long as the
 * process; on a Postgres server, on a connection of its own, taken again whenever that connection is lost. Resolves
 * once the lock is first held.
 */
export async function holdOutboxClaimer(place: DatabasePlace, db: SqlSession): Promise<OutboxClaimer> {
  const name = `session:${randomUUID()}`;
  if (place.kind !== "postgres") {
    await asRole(db, "service_role", (tx) => tx.query("select public.hold_outbox_claims($1)", [name]));
    return { name, release: () => undefined };
  }
  return holdOnOwnConnection(place.url, name);
}

async function holdOnOwnConnection(url: string, name: string): Promise<OutboxClaimer> {
  let released = false;
  let client: pg.Client | undefined;
  let wait = RETAKE_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;

  const take = async () => {
    const current = ownConnection(url, "codeparrain-outbox");
    client = current;
    current.on("error", () => undefined);
    let held = false;
    current.on("end", () => {
      if (client !== current || released || !held) return;
      client = undefined;
      log.error("Verrou des envois perdu avec sa connexion : nouvel essai.");
      retake();
    });
    await current.connect();
    await current.query("begin; set local role service_role");
    await current.query("select public.hold_outbox_claims($1)", [name]);
    await current.query("commit");
    held = true;
    wait = RETAKE_FIRST_MS;
    if (released) await current.end().catch(() => undefined);
  };

  const retake = () => {
    if (released) return;
    retry = setTimeout(() => {
      take().catch(() => {
        void client?.end().catch(() => undefined);
        client = undefined;
        wait = Math.min(wait * 2, RETAKE_MAX_MS);
        retake();
      });
    }, wait);
    retry.unref();
  };

  await take().catch(async (error: unknown) => {
    await client?.end().catch(() => undefined);
    throw error;
  });
  return {
    name,
    release() {
      released = true;
      clearTimeout(retry);
      void client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
