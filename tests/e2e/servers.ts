import path from "node:path";
import { readDatabaseCopy } from "../../scripts/lib/database-copy";

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** The same build served with hosted Supabase configured but unreachable (see scripts/e2e-server.sh). */
export const FAILING_BASE_URL = `http://127.0.0.1:${PORT + 1}`;

/** The same build with some hundred synthetic brands added to the catalogue (see playwright.config.ts). */
export const LARGE_BASE_URL = `http://127.0.0.1:${PORT + 2}`;

/** The same build with thousands of synthetic brands: an initial of the A–Z index is split in parts. */
export const INDEX_BASE_URL = `http://127.0.0.1:${PORT + 3}`;

/** The back office's password on every test server (scripts/e2e-server.sh). */
export const OWNER_PASSWORD = "e2e-gestion-mot-de-passe";

export interface StoredMessage {
  name: string;
  email: string;
  subject: string | null;
  brand_name: string | null;
  message: string;
}

/** The messages the site under test has stored, read from a copy of its embedded database. */
export function storedMessages(): Promise<StoredMessage[]> {
  return readDatabaseCopy(path.resolve(`.cache/e2e-data-${PORT}/pgdata`), "e2e-messages", async (db) => {
    const { rows } = await db.query<StoredMessage>(
      "select name, email, subject, brand_name, message from public.contact_messages order by id",
    );
    return rows;
  });
}
