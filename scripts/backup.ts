/**
 * Backs up the embedded database now, into DATA_DIR/backups/ (the last seven are kept): `npm run backup`. While the
 * site runs, the site writes the backup itself (asked through a request file in that folder), so that no file it is
 * writing is ever copied; when it does not run, this script opens the database and writes it. With DATABASE_URL,
 * `pg_dump` writes it from the server, site running or not.
 */
import { existsSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import {
  BACKUP_REQUEST_FILE,
  backupsDir,
  ensureBackupsDir,
  listBackups,
  writeBackup,
} from "../app/services/storage/backup.server";
import { databaseDir, DataDirLockedError, lockDataDir, unlockDataDir } from "../app/services/storage/data-dir.server";

const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
/** How long the running site may take to write the backup asked for. */
const ANSWER_TIMEOUT_MS = 120_000;

if (process.env.SUPABASE_URL) {
  console.log(
    "Avec Supabase hébergé, la base n'est pas ici : Supabase la sauvegarde chaque jour (tableau de bord, Database > " +
      "Backups), et `supabase db dump --data-only -f sauvegarde.sql` en fait une copie à la demande (README).",
  );
  process.exit(0);
}
if (process.env.DATABASE_URL) {
  const { dumpPostgres } = await import("./lib/postgres-backup");
  try {
    console.log(`Sauvegarde écrite : ${await dumpPostgres(process.env.DATABASE_URL, dataDir)}`);
    process.exit(0);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
if (!existsSync(path.join(databaseDir(dataDir), "PG_VERSION"))) {
  console.error(`Aucune base embarquée dans ${databaseDir(dataDir)} : rien à sauvegarder.`);
  process.exit(1);
}

try {
  lockDataDir(dataDir);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.log(await askRunningSite(error.holderPid));
  process.exit(0);
}
try {
  const db = await PGlite.create(databaseDir(dataDir));
  try {
    console.log(`Sauvegarde écrite : ${await writeBackup(db, dataDir)}`);
  } finally {
    await db.close();
  }
} finally {
  unlockDataDir(dataDir);
}

/** Asks the site running as process `pid` for a backup, and waits for the file; gives what to print. */
async function askRunningSite(pid: number): Promise<string> {
  const before = new Set(await listBackups(dataDir));
  await ensureBackupsDir(dataDir);
  const request = path.join(backupsDir(dataDir), BACKUP_REQUEST_FILE);
  await writeFile(request, `${process.pid}\n`, { mode: 0o600 });
  const deadline = Date.now() + ANSWER_TIMEOUT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const made = (await listBackups(dataDir)).find((file) => !before.has(file));
    if (made && !existsSync(request)) return `Sauvegarde écrite par le site en marche (processus ${pid}) : ${made}`;
  }
  await rm(request, { force: true });
  console.error(
    `Le processus ${pid}, qui tient le dossier de données, n'a pas écrit la sauvegarde demandée en ` +
      `${Math.round(ANSWER_TIMEOUT_MS / 1000)} s. Voyez le journal du site ; si ce processus n'est pas le site, ` +
      "arrêtez-le puis relancez npm run backup.",
  );
  process.exit(1);
}
