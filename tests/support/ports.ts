/**
 * Loopback ports for the servers tests start. A port picked by listening on port 0 and closing is handed back to
 * the system, which may give it to another worker's process before the server that was meant to take it starts.
 * Each worker of Vitest or Playwright hands out ports from a range of its own instead, below Linux's ephemeral
 * range (32768 and up, where outgoing connections get theirs), never the same one twice within a run of the range.
 */
import { createServer } from "node:net";

const FIRST_PORT = 20_000;
const PORTS_PER_WORKER = 1_000;
/** Ten ranges: the main processes (0), then Vitest's pool ids (1…) or Playwright's parallel indexes (1…). */
const WORKERS = 10;

function workerSlot(): number {
  const vitest = Number(process.env.VITEST_POOL_ID);
  if (Number.isInteger(vitest) && vitest > 0) return vitest % WORKERS;
  const playwright = Number(process.env.TEST_PARALLEL_INDEX);
  if (Number.isInteger(playwright) && playwright >= 0) return (playwright + 1) % WORKERS;
  return 0;
}

const rangeStart = FIRST_PORT + workerSlot() * PORTS_PER_WORKER;
let next = 0;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** A loopback port no other worker hands out, free now (some other program may hold one of the range). */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORTS_PER_WORKER; tries += 1) {
    const port = rangeStart + (next % PORTS_PER_WORKER);
    next += 1;
    if (await canListen(port)) return port;
  }
  throw new Error(`Aucun port libre entre ${rangeStart} et ${rangeStart + PORTS_PER_WORKER - 1}.`);
}
