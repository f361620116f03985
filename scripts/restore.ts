/**
 * Puts a backup back in place of the embedded database, on a stopped site: `npm run restore FILE`. The backup is
 * unpacked into a new folder and opened to check it, then takes the place of DATA_DIR/pgdata; the database it
 * replaces is kept beside it (pgdata.avant-restauration-…) until the owner removes it. At the next start the site
 * applies the migrations the backup may predate. With DATABASE_URL, `pg_restore` puts a dump of `npm run backup`
 * back into the server, with the instances stopped (scripts/lib/postgres-backup.ts).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import {
  journalErasures,
  ledgerErasures,
  reapplyErasures,
  type Erasure,
} from "../app/services/backend/erasures.server";
import { migrate } from "../app/services/backend/migrations.server";
import {
  databaseDir,
  DataDirLockedError,
  lockDataDir,
  secureDataDir,
  unlockDataDir,
} from "../app/services/storage/data-dir.server";
import { describeWriteFailure, diskFullMessage } from "../app/services/storage/disk-space.server";

const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
const file = process.argv[2];

if (!file) {
  console.error(
    "Indiquez la sauvegarde à restaurer : npm run restore -- .data/backups/codeparrain-….tar.gz (ou ….dump avec " +
      "DATABASE_URL)",
  );
  process.exit(1);
}
if (!existsSync(file)) {
  console.error(`Sauvegarde introuvable : ${path.resolve(file)}`);
  process.exit(1);
}
if (process.env.DATABASE_URL) {
  const { restorePostgres } = await import("./lib/postgres-backup");
  try {
    const restored = await restorePostgres(process.env.DATABASE_URL, file);
    console.log(
      `Base restaurée depuis ${path.resolve(file)} : ${restored.messages} message(s), ${restored.votes} avis, ` +
        `${restored.brands} marque(s). Sessions de la gestion fermées ; ${restored.erasedAgain} message(s) effacé(s) ` +
        "depuis la sauvegarde de nouveau effacé(s).",
    );
    process.exit(0);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
const fullBefore = diskFullMessage(dataDir);
if (fullBefore) {
  console.error(`Restauration impossible : ${fullBefore}`);
  process.exit(1);
}
try {
  lockDataDir(dataDir);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(
    `Le site tourne encore (processus ${error.holderPid}, qui tient ${error.lockPath}) : arrêtez-le, puis relancez ` +
      "npm run restore. Une restauration remplace toute la base : elle ne se fait jamais sous un site en marche.",
  );
  process.exit(1);
}

/**
 * What was erased before this restore: the ledger of the database being replaced (noted with each delete, so it holds
 * even the erasures a full disk kept out of the data folder's list), and that list. A database that cannot be opened
 * (the reason for a restore, often) leaves the list alone, which the log says.
 */
async function erasuresBefore(target: string): Promise<Erasure[]> {
  const listed = journalErasures(dataDir);
  if (!existsSync(target)) return listed;
  try {
    const current = await PGlite.create(target);
    try {
      return [...(await ledgerErasures(current)), ...listed];
    } finally {
      await current.close();
    }
  } catch (error) {
    console.warn(
      `La base remplacée (${target}) ne s'ouvre pas : seuls les effacements notés dans le dossier de données sont ` +
        `refaits (${(error as Error).message}).`,
    );
    return listed;
  }
}

const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = databaseDir(dataDir);
const unpacked = `${target}.restauration-${stamp}`;
try {
  const erasures = await erasuresBefore(target);
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
      erasedAgain = await reapplyErasures(db, erasures);
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
    const full = diskFullMessage(dataDir);
    console.error(
      full
        ? `Restauration impossible : ${full}`
        : `${path.resolve(file)} n'est pas une sauvegarde de la base lisible : ${describeWriteFailure(error, dataDir)}`,
    );
    process.exit(1);
  }
  const previous = existsSync(target) ? `${target}.avant-restauration-${stamp}` : undefined;
  if (previous) renameSync(target, previous);
  renameSync(unpacked, target);
  secureDataDir(dataDir);
  console.log(
    `Base restaurée depuis ${path.resolve(file)} : ${counts.messages} message(s), ${counts.votes} avis, ` +
      `${counts.brands} marque(s). Sessions de la gestion fermées ; ${erasedAgain} message(s) effacé(s) depuis ` +
      "la sauvegarde de nouveau effacé(s).",
  );
  if (previous) {
    console.log(`L'ancienne base est gardée dans ${previous} : supprimez-la une fois le site vérifié.`);
  }
} finally {
  unlockDataDir(dataDir);
}
