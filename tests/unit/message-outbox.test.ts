import { describe, expect, it } from "vitest";
import { GIVE_UP_AFTER_MS, retryDelayMs } from "~/services/mail/outbox.server";

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
