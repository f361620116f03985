/**
 * The server's logger: levels (LOG_LEVEL: debug, info, warn, error; info unless told), one JSON object a line,
 * written to stdout by this thread (no worker thread: docs/decisions/2026-11-27-one-v8-worker-thread.md).
 */
import pino from "pino";

export const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? "info",
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  pino.destination({ dest: 1, sync: true }),
);

/**
 * Notes the end of one pass of a background worker (`worker`: "outbox", "visitor-alerts", "owner-alerts") at debug
 * level: when it started and what it did. Whoever waits for a worker to have looked (an operator, a test proving
 * that something is not sent) counts these lines rather than guessing a duration.
 */
export function passDone(worker: string, startedAt: number, done: Record<string, number> = {}): void {
  logger.debug({ worker, startedAt, ...done }, "passe terminée");
}

/**
 * Notes, at debug level, that a pass of `worker` was asked for, with the number of asks so far: the pass that ends
 * with `covers` at or past that number has looked at everything done before the ask.
 */
export function passAsked(worker: string, asked: number): void {
  logger.debug({ worker, asked }, "passe demandée");
}
