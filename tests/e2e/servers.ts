import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** The same build served with hosted Supabase configured but unreachable (see scripts/e2e-server.sh). */
export const FAILING_BASE_URL = `http://127.0.0.1:${PORT + 1}`;

/** The messages the site under test has stored, read from a copy of its embedded database. */
export async function storedMessages(): Promise<
  { name: string; email: string; subject: string | null; brand_name: string | null; message: string }[]
> {
  const snapshot = mkdtempSync(path.join(tmpdir(), "e2e-messages-"));
  try {
    cpSync(path.resolve(`.cache/e2e-data-${PORT}/pgdata`), snapshot, { recursive: true });
    const db = await PGlite.create(snapshot);
    const { rows } = await db.query<{
      name: string;
      email: string;
      subject: string | null;
      brand_name: string | null;
      message: string;
    }>("select name, email, subject, brand_name, message from public.contact_messages order by id");
    await db.close();
    return rows;
  } finally {
    rmSync(snapshot, { recursive: true, force: true });
  }
}
