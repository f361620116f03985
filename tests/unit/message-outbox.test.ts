import { afterEach, describe, expect, it, vi } from "vitest";
import {
  failedPassRetryMs,
  GIVE_UP_AFTER_MS,
  MailOutbox,
  retryDelayMs,
  type OutboxStore,
} from "~/services/mail/outbox.server";
import { SentJournal } from "~/services/mail/sent-journal.server";

describe("the e-mail outbox's retries", () => {
  it("tries again within 30 s after a first failure, then waits longer each time, one hour at most", () => {
    const delays = Array.from({ length: 12 }, (_, index) => retryDelayMs(index + 1));
    expect(delays[0]).toBeLessThanOrEqual(30_000);
    for (let index = 1; index < delays.length; index += 1) {
      expect(delays[index]).toBeGreaterThanOrEqual(delays[index - 1]!);
    }
    expect(delays[1]).toBeGreaterThan(delays[0]!);
    expect(Math.max(...delays)).toBe(60 * 60 * 1000);
  });

  it("keeps trying for the whole 24 hours: a few dozen tries, not thousands", () => {
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < GIVE_UP_AFTER_MS) {
      attempts += 1;
      elapsed += retryDelayMs(attempts);
    }
    expect(GIVE_UP_AFTER_MS).toBe(24 * 60 * 60 * 1000);
    expect(attempts).toBeGreaterThan(20);
    expect(attempts).toBeLessThan(40);
  });
});

describe("the outbox's passes while the database is away", () => {
  it("retry soon when sent e-mails wait to be marked so, then back off to one a minute", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((failed) => failedPassRetryMs(failed, true))).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it("cost about one try, and one log line, a minute through an hour's outage", () => {
    let elapsed = 0;
    let passes = 0;
    while (elapsed < 60 * 60 * 1000) {
      passes += 1;
      elapsed += failedPassRetryMs(passes, true);
    }
    expect(passes).toBeGreaterThan(55);
    expect(passes).toBeLessThan(70);
  });

  it("wait the idle minute when nothing waits in the journal", () => {
    expect(failedPassRetryMs(1, false)).toBe(60_000);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("are what the worker waits: 14 tries in ten minutes away, then the e-mail marked sent within a minute", async () => {
    vi.useFakeTimers();
    let away = true;
    const marked: number[] = [];
    const store = {
      closed: false,
      claimer: "instance",
      markSent: async (_queue: string, id: number) => {
        if (away) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
        marked.push(id);
      },
      dueMessages: async () => [],
      dueAlerts: async () => [],
      dueAuthorMails: async () => [],
      untilNextDue: async () => null,
    } as unknown as OutboxStore;
    const journal = new SentJournal();
    journal.add({ queue: "alerts", id: 7, attempts: 1, claimer: "instance" });
    const tries = vi.spyOn(store, "markSent");
    const outbox = new MailOutbox(store, { sendMail: vi.fn(), close: vi.fn() }, {} as never, journal);
    outbox.wake();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    // At 0, 2, 6, 14, 30 and 62 s, then each minute until 542 s: a try every 2 s would have made 301.
    expect(tries).toHaveBeenCalledTimes(14);

    away = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(marked).toEqual([7]);
    expect(journal.size).toBe(0);
    await outbox.stop();
  });
});
