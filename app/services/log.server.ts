/**
 * The server's logger: levels (LOG_LEVEL: debug, info, warn, error; info until the configuration is read, which
 * refuses any other value in French), written to stdout by this thread (no worker thread:
 * docs/decisions/2026-11-27-one-v8-worker-thread.md). On a terminal one readable line each, through the formatter
 * below; otherwise (a service manager, a log service, a test reading the lines) one JSON object a line. No line names
 * a visitor's address, e-mail or link.
 */
import { randomBytes } from "node:crypto";
import pino from "pino";

type Level = "debug" | "info" | "warn" | "error";

/** A readable line for each JSON line: the time, the level, the message, then what goes with it. */
const readable = {
  write(line: string): void {
    const { time, level, msg, err, ...rest } = JSON.parse(line) as Record<string, unknown>;
    const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : "";
    const failure = err ? `\n${(err as { stack?: string; message?: string }).stack ?? String(err)}` : "";
    const clock = typeof time === "string" ? time.slice(11, 19) : "";
    process.stdout.write(`${clock} ${String(level).toUpperCase()} ${String(msg)}${extra}${failure}\n`);
  },
};

export const logger = pino(
  {
    level: "info",
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  process.stdout.isTTY ? readable : pino.destination({ dest: 1, sync: true }),
);

/** Sets the least serious level written: LOG_LEVEL, once the configuration has checked it. */
export function setLogLevel(level: Level): void {
  logger.level = level;
}

/**
 * One line at `level`: `message` in French (a trailing colon dropped), and what goes with it: an error (its stack
 * under `err`), or an object of fields.
 */
function write(level: Level, message: string, detail?: unknown): void {
  const text = message.replace(/\s*:\s*$/, "");
  if (detail === undefined) logger[level](text);
  else if (detail instanceof Error) logger[level]({ err: detail }, text);
  else if (typeof detail === "object" && detail !== null) logger[level](detail as Record<string, unknown>, text);
  else logger[level]({ detail: String(detail) }, text);
}

/** The site's log: `log.error("Lecture impossible :", error)`, `log.info("Site en ligne", { port })`. */
export const log: Record<Level, (message: string, detail?: unknown) => void> = {
  debug: (message, detail) => write("debug", message, detail),
  info: (message, detail) => write("info", message, detail),
  warn: (message, detail) => write("warn", message, detail),
  error: (message, detail) => write("error", message, detail),
};

/** The header that carries a request's id from the pipeline to the application, for the lines it logs. */
export const REQUEST_ID_HEADER = "x-codeparrain-request";

/** A new request id: short, random, enough to find one request's lines among a day's. */
export const newRequestId = (): string => randomBytes(6).toString("hex");

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
