import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/services/log.server";
import { MailOutbox, type OutboxStore } from "~/services/mail/outbox.server";
import { parseJournal, SentJournal } from "~/services/mail/sent-journal.server";
import { makeTempDir } from "../support/temp-dir";

const folders: Array<{ cleanup: () => void }> = [];
function folder(): string {
  const made = makeTempDir("journal-des-envois");
  folders.push(made);
  return made.dir;
}
afterEach(() => {
  vi.restoreAllMocks();
  for (const made of folders.splice(0)) made.cleanup();
});

/** The error lines logged while `run` runs. */
async function errorLines(run: () => unknown): Promise<string[]> {
  const lines: string[] = [];
  vi.spyOn(logger, "error").mockImplementation(((first: unknown, second?: unknown) => {
    lines.push(String(typeof first === "string" ? first : second));
  }) as never);
  await run();
  return lines;
}

const valid = { queue: "alerts", id: 7, attempts: 1, claimer: "instance-partie" };
const gone = async () => true;

describe("the sent-e-mail journal's files", () => {
  it("keeps only entries of a known queue with integer id and attempts and a claimer", () => {
    expect(parseJournal(JSON.stringify([valid]))).toEqual({ entries: [valid], unreadable: false });
    for (const odd of [{}, null, { ...valid, queue: "spam" }, { ...valid, id: "7" }, { ...valid, attempts: 1.5 }]) {
      expect(parseJournal(JSON.stringify([valid, odd]))).toEqual({ entries: [valid], unreadable: true });
    }
    expect(parseJournal('[{"queue":"alerts","id":7')).toEqual({ entries: [], unreadable: true });
    expect(parseJournal('{"queue":"alerts"}')).toEqual({ entries: [], unreadable: true });
  });

  it.each([
    ["[{}]", "an entry without a queue"],
    ["[null]", "a null entry"],
    ['[{"queue":"alerts","id":7,"att', "a truncated file"],
  ])("sets aside a left journal holding %s (%s), naming it in an error line, and adopts nothing", async (text) => {
    const dir = folder();
    const left = path.join(dir, "envois-a-noter-instance-partie.json");
    writeFileSync(left, text);
    const journal = new SentJournal(dir, "instance-nouvelle");
    const lines = await errorLines(() => journal.adoptLeftovers(gone));
    expect(journal.size).toBe(0);
    expect(existsSync(left)).toBe(false);
    const aside = readdirSync(dir).filter((name) => name.includes(".illisible-"));
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(dir, aside[0]!), "utf8")).toBe(text);
    expect(lines.join("\n")).toContain(aside[0]);
    // A later start reads it no more.
    const later = new SentJournal(dir, "instance-suivante");
    expect(await errorLines(() => later.adoptLeftovers(gone))).toEqual([]);
    expect(later.size).toBe(0);
  });

  it("keeps the valid entries of a file it sets aside, its own included", async () => {
    const dir = folder();
    writeFileSync(path.join(dir, "envois-a-noter-instance.json"), JSON.stringify([valid, {}]));
    let journal: SentJournal | undefined;
    const lines = await errorLines(() => (journal = new SentJournal(dir, "instance")));
    expect(journal!.pending()).toEqual([valid]);
    expect(lines.join("\n")).toMatch(/mis de côté sous .*envois-a-noter-instance\.json\.illisible-\d+/);
  });

  it("adopts nothing while an instance that wrote an entry still runs", async () => {
    const dir = folder();
    writeFileSync(path.join(dir, "envois-a-noter-autre.json"), JSON.stringify([valid]));
    const journal = new SentJournal(dir, "instance");
    await journal.adoptLeftovers(async (claimer) => claimer !== "instance-partie");
    expect(journal.size).toBe(0);
    await journal.adoptLeftovers(gone);
    expect(journal.pending()).toEqual([valid]);
  });

  it("never throws when asking whether an instance is gone fails: the file stays for a later start", async () => {
    const dir = folder();
    writeFileSync(path.join(dir, "envois-a-noter-autre.json"), JSON.stringify([valid]));
    const journal = new SentJournal(dir, "instance");
    const lines = await errorLines(() =>
      journal.adoptLeftovers(() => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432"))),
    );
    expect(journal.size).toBe(0);
    expect(existsSync(path.join(dir, "envois-a-noter-autre.json"))).toBe(true);
    expect(lines.join("\n")).toContain("laissé tel quel");
  });
});

describe("an e-mail sent while the database is away", () => {
  const sendingStore = (markSent: () => Promise<void>) =>
    ({
      closed: false,
      claimer: "instance",
      markSent,
      stillHolds: async () => true,
      dueMessages: async () => [],
      dueAlerts: async () => [{ id: 3, attempts: 0, queued_at: new Date().toISOString(), subject: "s", body: "b" }],
      dueAuthorMails: async () => [],
      untilNextDue: async () => null,
    }) as unknown as OutboxStore;

  it("on a full disk: logs that it might go twice and keeps the database's error", async () => {
    const dir = folder();
    // A file where the journal's folder should be: every write of the journal fails.
    const notAFolder = path.join(dir, "plein");
    writeFileSync(notAFolder, "");
    const journal = new SentJournal(notAFolder, "instance");
    const store = sendingStore(() => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")));
    const outbox = new MailOutbox(
      store,
      { sendMail: vi.fn(async () => ({}) as never), close: vi.fn() },
      {
        from: "site@exemple.fr",
        to: "proprio@exemple.fr",
      } as never,
      journal,
    );
    const lines = await errorLines(() => outbox.lookedAgain());
    await outbox.stop();
    const text = lines.join("\n");
    expect(text).toContain("l'e-mail alerts 3 pourrait partir deux fois");
    expect(text).toContain("Envoi des e-mails interrompu");
    expect(journal.pending()).toEqual([{ queue: "alerts", id: 3, attempts: 1, claimer: "instance" }]);
  });

  it("drops, with a line, an entry the database refuses to settle, and keeps one it could not reach", async () => {
    const refused = Object.assign(new Error("settle_outbox_row: unknown queue"), { code: "P0001" });
    const away = new Error("connect ECONNREFUSED 127.0.0.1:5432");
    const answers = [refused, away];
    const store = {
      ...sendingStore(() => Promise.reject(answers.shift())),
      dueAlerts: async () => [],
    } as unknown as OutboxStore;
    const journal = new SentJournal();
    journal.add({ queue: "alerts", id: 1, attempts: 1, claimer: "instance" });
    journal.add({ queue: "messages", id: 2, attempts: 1, claimer: "instance" });
    const outbox = new MailOutbox(store, { sendMail: vi.fn(), close: vi.fn() }, {} as never, journal);
    const lines = await errorLines(() => outbox.lookedAgain());
    await outbox.stop();
    expect(lines.join("\n")).toContain("Alerte 1 du journal des envois impossible à noter, oublié");
    expect(journal.pending()).toEqual([{ queue: "messages", id: 2, attempts: 1, claimer: "instance" }]);
  });
});
