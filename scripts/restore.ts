/**
 * Puts a backup back in place of the embedded database, on a stopped site: `npm run restore FILE`. The backup is
 * unpacked into a new folder and opened to check it, then takes the place of DATA_DIR/pgdata; the database it
 * replaces is kept beside it (pgdata.avant-restauration-…) until the owner removes it. At the next start the site
 * applies the migrations the backup may predate.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrate } from "../app/services/backend/embedded-db.server";
import { reapplyErasures } from "../app/services/backend/erasures.server";
import {
  databaseDir,
  DataDirLockedError,
  lockDataDir,
  secureDataDir,
  unlockDataDir,
} from "../app/services/data-dir.server";

const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
const file = process.argv[2];

if (!file) {
  console.error("Indiquez la sauvegarde à restaurer : npm run restore -- .data/backups/codeparrain-….tar.gz");
  process.exit(1);
}
if (!existsSync(file)) {
  console.error(`Sauvegarde introuvable : ${path.resolve(file)}`);
  process.exit(1);
}
try {
  lockDataDir(dataDir);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(
    `Le site tourne encore (processus ${error.holderPid}, qui tient ${error.lockPath}) : arrêtez-le, puis relancez ` +
      "npm run restore. Une restauration remplace toute la base : elle ne se fait jamais sous un site en marche.",
  );
  process.exit(1);
}

const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = databaseDir(dataDir);
const unpacked = `${target}.restauration-${stamp}`;
try {
  mkdirSync(unpacked, { mode: 0o700 });
  let counts: { messages: number; votes: number; brands: number };
  let erasedAgain = 0;
  try {
    const db = await PGlite.create(unpacked, { loadDataDir: new Blob([readFileSync(file)]) });
    try {
      // Brought up to this version, then made safe to put back: every session and device cookie given since the
      // backup opens nothing (a new owner generation), and messages erased since are erased again.
      await migrate(db);
      await db.query("update public.owner_state set generation = gen_random_uuid()::text");
      erasedAgain = await reapplyErasures(db, dataDir);
      const { rows } = await db.query<typeof counts>(
        `select (select count(*)::int from public.contact_messages) as messages,
                (select count(*)::int from public.brands) as brands,
                (select count(*)::int from public.code_feedback) as votes`,
      );
      counts = rows[0]!;
    } finally {
      await db.close();
    }
  } catch (error) {
    rmSync(unpacked, { recursive: true, force: true });
    console.error(`${path.resolve(file)} n'est pas une sauvegarde de la base lisible : ${(error as Error).message}`);
    process.exit(1);
  }
  const previous = existsSync(target) ? `${target}.avant-restauration-${stamp}` : undefined;
  if (previous) renameSync(target, previous);
  renameSync(unpacked, target);
  secureDataDir(dataDir);
  console.log(
    `Base restaurée depuis ${path.resolve(file)} : ${counts.messages} message(s), ${counts.votes} avis, ` +
      `${counts.brands} marque(s). Sessions de la gestion fermées ; ${erasedAgain} message(s) effacé(s) depuis ` +
      "la sauvegarde de nouveau effacé(s).",
  );
  if (previous) {
    console.log(`L'ancienne base est gardée dans ${previous} : supprimez-la une fois le site vérifié.`);
  }
} finally {
  unlockDataDir(dataDir);
}
