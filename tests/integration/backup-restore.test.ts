import { readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "~/services/backend/migrations.server";
import { BACKUP_INTERVAL_MS, BACKUPS_KEPT, listBackups, scheduleBackups } from "~/services/storage/backup.server";
import { databaseDir } from "~/services/storage/data-dir.server";
import { OWNER_PASSWORD, postForm, signIn } from "../support/back-office";
import { postContactForm } from "../support/contact-form";
import { mainText } from "../support/oversized-forms";
import { runScript } from "../support/run-script";
import { startSite, type RunningSite } from "../support/server";
import { makeTempDir } from "../support/temp-dir";
import { POLL_MS, withSiteStarts, withDatabaseStarts } from "../support/timeouts";
import { sleep } from "../support/wait";

/**
 * `npm run backup` while the site runs (the site writes it) and while it does not (the script does), and
 * `npm run restore` bringing messages, votes and brand edits back onto the stopped site.
 */
const temp = makeTempDir("backup-restore");
const dataDir = temp.dir;
let site: RunningSite | undefined;
afterAll(async () => {
  await site?.stop();
  temp.cleanup();
});

const VISITOR = "e".repeat(64);

/** Opens the database of the stopped site, as the owner, for `work`. */
async function withDatabase<T>(work: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await PGlite.create(databaseDir(dataDir));
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

interface Snapshot {
  messages: string[];
  votes: string[];
  code: string | null;
  extraBrand: number;
  guides: string[];
  texts: string[];
}
const snapshot = () =>
  withDatabase(async (db) => {
    const messages = await db.query<{ message: string }>("select message from public.contact_messages order by id");
    const votes = await db.query<{ offer_slug: string }>("select offer_slug from public.code_feedback order by id");
    const brand = await db.query<{ code: string | null }>("select code from public.brands where slug = 'binance'");
    const extra = await db.query<{ n: number }>("select count(*)::int as n from public.brands where name = 'Ajoutée'");
    const guides = await db.query<{ title: string }>("select title from public.guides order by id");
    const texts = await db.query<{ key: string }>("select key from public.edited_site_texts order by key");
    return {
      messages: messages.rows.map((row) => row.message),
      votes: votes.rows.map((row) => row.offer_slug),
      code: brand.rows[0]?.code ?? null,
      extraBrand: extra.rows[0]?.n ?? 0,
      guides: guides.rows.map((row) => row.title),
      texts: texts.rows.map((row) => row.key),
    } satisfies Snapshot;
  });

const mode = (file: string) => statSync(file).mode & 0o777;

beforeAll(async () => {
  await withDatabase(async (db) => {
    await migrate(db);
    await db.query(
      "insert into public.contact_messages (name, email, subject, message) values ('Anne', 'anne@exemple.fr', 'question', 'Un message d''avant.')",
    );
    await db.query("insert into public.code_feedback (offer_slug, worked, visitor_key) values ('binance', true, $1)", [
      VISITOR,
    ]);
    await db.query("update public.brands set code = 'SAUVE' where slug = 'binance'");
    await db.query(
      "select public.save_guide(null, null, 'guide-sauve', 'Guide sauvé', '', null, 'Texte.', 'published')",
    );
    await db.query(
      `select public.save_site_text('accueil-faq', 0, '{"faq": [["Une question sauvée ?", "Oui."]]}'::jsonb)`,
    );
  });
});

describe("backups of the embedded database", () => {
  let backup = "";

  it(
    "are written by the running site when npm run backup asks, including what it has just stored",
    { timeout: withSiteStarts(1) },
    async () => {
      site = await startSite({ DATA_DIR: dataDir });
      expect(
        site.output().match(/SMTP_URL n'est pas défini\s: les messages des visiteurs sont seulement enregistrés/g),
      ).toHaveLength(1);
      const posted = await postContactForm(site, { message: "Un message envoyé au site en marche." });
      expect(posted.status).toBe(303);

      const run = runScript("scripts/backup.ts", { DATA_DIR: dataDir });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      const made = /Sauvegarde écrite par le site en marche \(processus \d+\)\s: (.+\.tar\.gz)/.exec(run.stdout);
      expect(made, run.stdout).not.toBeNull();
      backup = made![1]!;
      expect(path.dirname(backup)).toBe(path.join(dataDir, "backups"));
      expect(mode(path.dirname(backup))).toBe(0o700);
      expect(mode(backup)).toBe(0o600);
      expect(readdirSync(path.dirname(backup))).toEqual([path.basename(backup)]);
      const logged = `Sauvegarde de la base (demandée par npm run backup) : ${backup}`;
      for (let waited = 0; !site.output().includes(logged) && waited < POLL_MS; waited += 50) {
        await sleep(50);
      }
      expect(site.output()).toContain(logged);
    },
  );

  it("are refused a restore while the site runs, with a French message, leaving the database as it is", () => {
    const withoutFile = runScript("scripts/restore.ts", { DATA_DIR: dataDir });
    expect(withoutFile.status).toBe(1);
    expect(withoutFile.stderr).toContain("Indiquez la sauvegarde à restaurer");
    const refused = runScriptWithFile(backup);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /Le site tourne encore \(processus \d+, .*\)\s: arrêtez-le, puis relancez npm run restore/,
    );
    expect(site?.alive()).toBe(true);
  });

  it("bring messages, votes and brand edits back onto the stopped site", { timeout: withSiteStarts(1) }, async () => {
    await site?.stop();
    site = undefined;
    const saved = await snapshot();
    expect(saved).toEqual({
      messages: ["Un message d'avant.", "Un message envoyé au site en marche."],
      votes: ["binance"],
      code: "SAUVE",
      extraBrand: 0,
      guides: ["Guide sauvé"],
      texts: ["accueil-faq"],
    });
    // What the database then loses (not what is erased: an erasure stays, see below), and what changes in it.
    await withDatabase(async (db) => {
      await db.exec(`
        set session_replication_role = replica;
        delete from public.contact_messages;
        delete from public.code_feedback;
        set session_replication_role = origin;
        update public.brands set code = 'CHANGE' where slug = 'binance';
        insert into public.brands (name, slug) values ('Ajoutée', 'ajoutee');
        delete from public.guides;
        delete from public.site_texts;
      `);
    });
    expect(await snapshot()).toEqual({
      messages: [],
      votes: [],
      code: "CHANGE",
      extraBrand: 1,
      guides: [],
      texts: [],
    });

    const run = runScriptWithFile(backup);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Base restaurée depuis");
    expect(run.stdout).toContain("2 message(s), 1 avis");
    expect(await snapshot()).toEqual(saved);
    const kept = /L'ancienne base est gardée dans (\S+)\s:/.exec(run.stdout)?.[1];
    expect(kept && statSync(kept).isDirectory()).toBe(true);
    expect(mode(databaseDir(dataDir))).toBe(0o700);

    // The site starts on the restored database.
    site = await startSite({ DATA_DIR: dataDir });
    const page = await fetch(`${site.url}/offres/binance`);
    expect(await page.text()).toContain("SAUVE");
    expect(mainText(await (await fetch(`${site.url}/guides/guide-sauve`)).text())).toContain("Guide sauvé");
    expect(mainText(await (await fetch(`${site.url}/`)).text())).toContain("Une question sauvée\u202f?");
  });

  it(
    "close every session and device of the back office, and erase again what was erased since the backup",
    { timeout: withSiteStarts(2) },
    async () => {
      await site?.stop();
      site = await startSite({ DATA_DIR: dataDir, OWNER_PASSWORD });
      const made = runScript("scripts/backup.ts", { DATA_DIR: dataDir });
      expect(made.status).toBe(0);
      const since = /: (\S+\.tar\.gz)$/m.exec(made.stdout)?.[1] ?? "";
      expect(since).not.toBe("");

      // After the backup: a session kept, a session signed out, a message erased at a visitor's request.
      const kept = await signIn(site);
      const signedOut = await signIn(site);
      expect((await postForm(site, "/gestion/deconnexion", {}, { Cookie: signedOut })).status).toBe(303);
      const page = await (await fetch(`${site.url}/gestion`, { headers: { Cookie: kept } })).text();
      // The erase form comes after the message it erases.
      const erased = /Un message d&#x27;avant\.[\s\S]*?name="id" value="(\d+)"/.exec(page);
      expect(erased).not.toBeNull();
      const erasure = await postForm(site, "/gestion", { id: erased![1]!, intent: "delete" }, { Cookie: kept });
      expect(erasure.status).toBe(303);
      await site.stop();
      site = undefined;

      const run = runScriptWithFile(since);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(run.stdout).toContain("Sessions de la gestion fermées ; 1 message(s) effacé(s) depuis la sauvegarde");
      expect((await snapshot()).messages).toEqual(["Un message envoyé au site en marche."]);

      site = await startSite({ DATA_DIR: dataDir, OWNER_PASSWORD });
      for (const cookie of [kept, signedOut]) {
        const answer = await fetch(`${site.url}/gestion`, { headers: { Cookie: cookie }, redirect: "manual" });
        expect(answer.headers.get("location")).toBe("/gestion/connexion");
      }
      await expect(signIn(site)).resolves.toMatch(/^cp_gestion=/);
    },
  );

  it("are written by npm run backup itself when the site is stopped, keeping the last seven", async () => {
    await site?.stop();
    site = undefined;
    const folder = path.join(dataDir, "backups");
    const old = Array.from({ length: BACKUPS_KEPT }, (_, day) => {
      const file = path.join(folder, `codeparrain-2020-01-0${day + 1}_03-00-00.000.tar.gz`);
      writeFileSync(file, "ancienne", { mode: 0o600 });
      return path.basename(file);
    });
    const run = runScript("scripts/backup.ts", { DATA_DIR: dataDir });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const made = /^Sauvegarde écrite\s: (.+\.tar\.gz)$/m.exec(run.stdout)?.[1];
    expect(made).toBeDefined();
    expect(mode(made!)).toBe(0o600);
    const left = readdirSync(folder).sort();
    expect(left).toHaveLength(BACKUPS_KEPT);
    expect(left).not.toContain(old[0]);
    expect(left).not.toContain(old[1]);
    expect(left).toContain(path.basename(made!));
  });

  it("refuse to restore a file that is not a backup, changing nothing", async () => {
    const before = await snapshot();
    const bogus = path.join(dataDir, "pas-une-sauvegarde.tar.gz");
    writeFileSync(bogus, "ceci n'est pas une archive");
    const run = runScriptWithFile(bogus);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("n'est pas une sauvegarde de la base lisible");
    expect(await snapshot()).toEqual(before);
  });
});

function runScriptWithFile(file: string) {
  return runScript("scripts/restore.ts", { DATA_DIR: dataDir }, [file]);
}

describe("the site's daily backup", () => {
  it(
    "is made at start when the last one, or the database if it has none, is more than a day old",
    { timeout: withDatabaseStarts(1) },
    async () => {
      const other = makeTempDir("daily-backup");
      const db = await PGlite.create(databaseDir(other.dir));
      try {
        const young = scheduleBackups(db, other.dir);
        await young.ready;
        await young.stop();
        expect(await listBackups(other.dir)).toEqual([]);

        const twoDaysAgo = new Date(Date.now() - 2 * BACKUP_INTERVAL_MS);
        utimesSync(path.join(databaseDir(other.dir), "PG_VERSION"), twoDaysAgo, twoDaysAgo);
        const old = scheduleBackups(db, other.dir);
        await old.ready;
        await old.stop();
        const backups = await listBackups(other.dir);
        expect(backups).toHaveLength(1);
        expect(mode(backups[0]!)).toBe(0o600);
        expect(mode(path.dirname(backups[0]!))).toBe(0o700);
      } finally {
        await db.close();
        other.cleanup();
      }
    },
  );
});
