/**
 * Waiting in tests. A test waits for the event it expects (`until`), never for a duration that only hopes the event
 * is over; `sleep` is for the waits that prove a time rule (a form's speed bump, a cache dropped at most every 5 s).
 */
import { POLL_MS } from "./timeouts";

/** Resolves after `ms`: only where the time itself is what the test is about. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads `read()` every `intervalMs` until `done` holds for what it gave, and gives that. After `timeoutMs` it throws,
 * naming `what` and the last value read, so that the test fails on what it waited for.
 */
export async function until<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = POLL_MS, intervalMs = 100, what = "la condition attendue" } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`${what} : toujours pas au bout de ${timeoutMs} ms (dernière valeur : ${describe(value)})`);
    }
    await sleep(intervalMs);
  }
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 300) ?? String(value);
  } catch {
    return String(value);
  }
}
