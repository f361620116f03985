/** A Postgres connection outside the pool, for what lives as long as the instance (listening, holding a lock). */
import pg from "pg";

/** Opens nothing yet: `connect()` does. TCP keepalive lets a silently lost network path end it in time. */
export function ownConnection(url: string, applicationName: string): pg.Client {
  return new pg.Client({
    connectionString: url,
    application_name: applicationName,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
}
