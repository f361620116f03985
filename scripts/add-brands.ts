/**
 * `tsx scripts/add-brands.ts DATA_DIR N`: adds N synthetic brands (scripts/lib/synthetic-brands.ts) to the embedded
 * database of DATA_DIR, creating and migrating it as the site does when it is new. For the browser tests of a large
 * catalogue; the site must not be running on that folder.
 */
import { insertBrands, syntheticBrands } from "./lib/synthetic-brands";
import { openEmbeddedDatabase } from "../app/services/backend/embedded-db.server";
import { unlockDataDir } from "../app/services/storage/data-dir.server";

const [dataDir, count] = process.argv.slice(2);
if (!dataDir || !/^\d+$/.test(count ?? "")) {
  console.error("Usage : tsx scripts/add-brands.ts DOSSIER_DE_DONNÉES NOMBRE");
  process.exit(2);
}
const db = await openEmbeddedDatabase(dataDir);
await insertBrands(db, syntheticBrands(Number(count)));
const { n } = (await db.query<{ n: number }>("select count(*)::int as n from public.brands")).rows[0] ?? { n: 0 };
await db.close();
unlockDataDir(dataDir);
console.log(`${n} marques dans ${dataDir}.`);
// The database's daily maintenance timer would keep the process alive.
process.exit(0);
