/**
 * The e-mails the mail server took whose rows could not be marked sent (the database was lost just then): kept until
 * their rows are marked, so that the outbox never sends them again, and written to a file of the data folder so
 * that a restart keeps them too. A journal left by an instance that is gone is taken over by the next one to start
 * on that folder.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { OutboxQueue } from "./outbox.server";

/** One e-mail sent whose row still says pending, claimed under `claimer`. */
export interface SentEntry {
  queue: OutboxQueue;
  id: number;
  attempts: number;
  claimer: string;
}

const PREFIX = "envois-a-noter-";
const fileOf = (folder: string, claimer: string) =>
  path.join(folder, `${PREFIX}${claimer.replace(/[^\w-]/g, "_")}.json`);

function readEntries(file: string): SentEntry[] {
  try {
    const entries: unknown = JSON.parse(readFileSync(file, "utf8"));
    return Array.isArray(entries) ? (entries as SentEntry[]) : [];
  } catch {
    return [];
  }
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

  add(entry: SentEntry): void {
    this.entries.push(entry);
    this.save();
  }

  /** `entry`'s row is now marked (or another instance holds it): forgotten. */
  settled(entry: SentEntry): void {
    const index = this.entries.indexOf(entry);
    if (index >= 0) this.entries.splice(index, 1);
    this.save();
  }

  /**
   * Takes over the journals other instances left in the folder, those whose instance `isGone`: their entries join
   * this one's, their files are removed.
   */
  async adoptLeftovers(isGone: (claimer: string) => Promise<boolean>): Promise<void> {
    if (!this.folder || !existsSync(this.folder)) return;
    const own = fileOf(this.folder, this.claimer);
    for (const name of readdirSync(this.folder)) {
      const file = path.join(this.folder, name);
      if (!name.startsWith(PREFIX) || file === own) continue;
      const entries = readEntries(file);
      if (entries.length > 0 && !(await isGone(entries[0]!.claimer))) continue;
      this.entries.push(...entries);
      this.save();
      unlinkSync(file);
    }
  }

  /** Writes the journal whole (a new file renamed over the old one); an empty one has no file. */
  private save(): void {
    if (!this.folder) return;
    const file = fileOf(this.folder, this.claimer);
    if (this.entries.length === 0) {
      if (existsSync(file)) unlinkSync(file);
      return;
    }
    mkdirSync(this.folder, { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(this.entries));
    renameSync(`${file}.tmp`, file);
  }
}
