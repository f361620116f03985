/**
 * The e-mails the mail server took whose rows could not be marked sent (the database was lost just then): kept until
 * their rows are marked, so that the outbox never sends them again, and written to a file of the data folder so
 * that a restart keeps them too. A journal left by an instance that is gone is taken over by the next one to start
 * on that folder.
 *
 * The files are read as they are: a file that does not parse, or holds an entry that is not one, is set aside under
 * another name (named in an error line) and never stops the site; the entries it held that are valid are kept.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { log } from "../log.server";
import { OUTBOX_QUEUES, type OutboxQueue } from "./outbox-queues.server";

/** One e-mail sent whose row still says pending, claimed under `claimer`. */
export interface SentEntry {
  queue: OutboxQueue;
  id: number;
  attempts: number;
  claimer: string;
}

const PREFIX = "envois-a-noter-";
/** What a file set aside is renamed to end with: never read again as a journal. */
const SET_ASIDE = ".illisible";
const fileOf = (folder: string, claimer: string) =>
  path.join(folder, `${PREFIX}${claimer.replace(/[^\w-]/g, "_")}.json`);
const isJournalFile = (name: string) => name.startsWith(PREFIX) && name.endsWith(".json");

/** Whether `value` is an entry the outbox can settle: a known queue, integer id and attempts, a claimer. */
export function isSentEntry(value: unknown): value is SentEntry {
  if (!value || typeof value !== "object") return false;
  const { queue, id, attempts, claimer } = value as Record<string, unknown>;
  return (
    typeof queue === "string" &&
    (OUTBOX_QUEUES as readonly string[]).includes(queue) &&
    Number.isSafeInteger(id) &&
    (id as number) > 0 &&
    Number.isSafeInteger(attempts) &&
    (attempts as number) >= 0 &&
    typeof claimer === "string" &&
    claimer.length > 0 &&
    claimer.length <= 200
  );
}

/** The valid entries of a journal's text, and whether anything in it was not one. */
export function parseJournal(text: string): { entries: SentEntry[]; unreadable: boolean } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { entries: [], unreadable: true };
  }
  if (!Array.isArray(parsed)) return { entries: [], unreadable: true };
  const entries = parsed.filter(isSentEntry);
  return { entries, unreadable: entries.length !== parsed.length };
}

/**
 * The valid entries of `file` (none when it is gone). A file that was not wholly valid is renamed aside and named in
 * an error line, so that the operator can read it and no later start reads it again.
 */
function readEntries(file: string): SentEntry[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") log.error(`Journal des envois ${file} illisible :`, error);
    return [];
  }
  const { entries, unreadable } = parseJournal(text);
  if (unreadable) {
    const aside = `${file}${SET_ASIDE}-${Date.now()}`;
    try {
      renameSync(file, aside);
      log.error(
        `Journal des envois ${file} illisible ou non conforme : mis de côté sous ${aside}` +
          ` (${entries.length} entrée(s) valide(s) reprise(s)). Les e-mails qu'il nommait pourraient partir deux fois.`,
      );
    } catch (error) {
      log.error(`Journal des envois ${file} illisible, et impossible à mettre de côté :`, error);
    }
  }
  return entries;
}

export class SentJournal {
  private readonly entries: SentEntry[] = [];

  /** `folder`: where the journal is kept across restarts; none keeps it in memory only. */
  constructor(
    private readonly folder?: string,
    private readonly claimer = "",
  ) {
    if (folder) this.entries.push(...readEntries(fileOf(folder, claimer)));
  }

  get size(): number {
    return this.entries.length;
  }

  /** The entries to mark, oldest first. */
  pending(): readonly SentEntry[] {
    return [...this.entries];
  }

  /** Keeps `entry`; never throws: a journal that cannot be written is logged (the e-mail might then go twice). */
  add(entry: SentEntry): void {
    this.entries.push(entry);
    if (!this.save()) {
      log.error(
        `Journal des envois impossible à écrire : si ce serveur s'arrête avant que la base revienne, ` +
          `l'e-mail ${entry.queue} ${entry.id} pourrait partir deux fois.`,
      );
    }
  }

  /** `entry`'s row is now marked (or another instance holds it, or it cannot be marked): forgotten. */
  settled(entry: SentEntry): void {
    const index = this.entries.indexOf(entry);
    if (index >= 0) this.entries.splice(index, 1);
    this.save();
  }

  /**
   * Takes over the journals other instances left in the folder, those whose instance `isGone`: their entries join
   * this one's, their files are removed. Never throws: what it cannot read or ask is logged and left.
   */
  async adoptLeftovers(isGone: (claimer: string) => Promise<boolean>): Promise<void> {
    if (!this.folder) return;
    let names: string[];
    try {
      names = existsSync(this.folder) ? readdirSync(this.folder) : [];
    } catch (error) {
      log.error(`Journaux des envois de ${this.folder} illisibles :`, error);
      return;
    }
    const own = fileOf(this.folder, this.claimer);
    for (const name of names) {
      const file = path.join(this.folder, name);
      if (!isJournalFile(name) || file === own) continue;
      const entries = readEntries(file);
      try {
        const claimers = [...new Set(entries.map((entry) => entry.claimer))];
        const gone = await Promise.all(claimers.map(isGone));
        if (gone.includes(false)) continue;
        this.entries.push(...entries);
        if (entries.length === 0 || this.save()) {
          if (existsSync(file)) unlinkSync(file);
        }
      } catch (error) {
        log.error(`Journal des envois ${file} laissé tel quel, sa reprise a échoué :`, error);
      }
    }
  }

  /** Writes the journal whole (a new file renamed over the old one); an empty one has no file. False if it failed. */
  private save(): boolean {
    if (!this.folder) return true;
    const file = fileOf(this.folder, this.claimer);
    try {
      if (this.entries.length === 0) {
        if (existsSync(file)) unlinkSync(file);
        return true;
      }
      mkdirSync(this.folder, { recursive: true });
      writeFileSync(`${file}.tmp`, JSON.stringify(this.entries));
      renameSync(`${file}.tmp`, file);
      return true;
    } catch (error) {
      log.error(`Journal des envois ${file} impossible à écrire :`, error);
      return false;
    }
  }
}
