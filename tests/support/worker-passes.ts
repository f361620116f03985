/**
 * What a site's background workers did, read from its log (LOG_LEVEL=debug): each pass of the outbox, of the
 * visitors' alerts and of the owner's alerts writes one line when it ends (app/services/log.server.ts, passDone).
 * A test that proves something is *not* sent waits for the pass that would have sent it, never for a duration.
 */
import { until } from "./wait";
import type { RunningSite } from "./server";

export type Worker = "outbox" | "visitor-alerts" | "owner-alerts" | "audience";

export interface Pass {
  worker: Worker;
  /** When the pass began, and when it ended (ms since the epoch, the test's clock: same machine). */
  startedAt: number;
  endedAt: number;
  /** What it counted: `due` (outbox), `digests` and `renewals` (visitor alerts), `queued` (owner alerts). */
  counts: Record<string, number>;
}

/** The environment that makes a site log its passes. */
export const LOG_PASSES = { LOG_LEVEL: "debug" } as const;

/** The site's complete log lines that are JSON objects (the logger's). */
function logLines(site: Pick<RunningSite, "output">): Record<string, unknown>[] {
  const lines = site.output().split("\n");
  // What follows the last line break is a line still being written.
  lines.pop();
  return lines.flatMap((line) => {
    if (!line.startsWith("{")) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/** Every pass `worker` finished so far on `site`, in order. */
export function passesOf(site: Pick<RunningSite, "output">, worker: Worker): Pass[] {
  return logLines(site)
    .filter((line) => line.msg === "passe terminée" && line.worker === worker)
    .map(({ worker: _worker, startedAt, time, level: _level, msg: _msg, ...counts }) => ({
      worker,
      startedAt: Number(startedAt),
      endedAt: Date.parse(String(time)),
      counts: counts as Record<string, number>,
    }));
}

/** Waits until `worker` has finished a pass that began at `since` or later, and gives it. */
export async function passSince(site: Pick<RunningSite, "output">, worker: Worker, since: number): Promise<Pass> {
  const passes = await until(
    () => passesOf(site, worker).filter((pass) => pass.startedAt >= since),
    (found) => found.length > 0,
    { what: `une passe de ${worker} commencée après ${new Date(since).toISOString()}` },
  );
  return passes[0]!;
}

/** The asks for a pass of `worker` logged so far: when, and their number. */
function asksOf(site: Pick<RunningSite, "output">, worker: Worker): { at: number; asked: number }[] {
  return logLines(site)
    .filter((line) => line.msg === "passe demandée" && line.worker === worker)
    .map((line) => ({ at: Date.parse(String(line.time)), asked: Number(line.asked) }));
}

/**
 * Waits until `worker` has finished a pass that covers every ask for one made from `since` (taken before the test's
 * requests) to now (after their answers: what a request queues asks for a pass before it is answered), and gives it.
 * Passes of one worker run one after the other: once it has ended, all that was asked is done.
 */
export async function passCovering(site: Pick<RunningSite, "output">, worker: Worker, since: number): Promise<Pass> {
  const answeredAt = Date.now();
  const asks = await until(
    () => asksOf(site, worker).filter((ask) => ask.at >= since && ask.at <= answeredAt),
    (found) => found.length > 0,
    { what: `une passe de ${worker} demandée par les requêtes du test` },
  );
  const needed = Math.max(...asks.map((ask) => ask.asked));
  const passes = await until(
    () => passesOf(site, worker).filter((pass) => (pass.counts.covers ?? 0) >= needed),
    (found) => found.length > 0,
    { what: `une passe de ${worker} couvrant la demande n° ${needed}` },
  );
  return passes[0]!;
}

/**
 * Waits until the owner's alerts were checked for everything done from `since` (every vote or edit asks for a check
 * before it is answered), and, when that check queued e-mails, until the outbox it woke has sent them.
 */
export async function ownerAlertsSettled(site: Pick<RunningSite, "output">, since: number): Promise<void> {
  const check = await passCovering(site, "owner-alerts", since);
  if ((check.counts.queued ?? 0) > 0) await passCovering(site, "outbox", check.startedAt);
}

/**
 * Waits until the visitors' alerts dispatcher has looked for digests due after `since` (news is due `delayMs`
 * after it is recorded), and, when it queued any, until the outbox it woke has sent them.
 */
export async function visitorAlertsSettled(
  site: Pick<RunningSite, "output">,
  since: number,
  delayMs: number,
): Promise<void> {
  const dispatch = await passSince(site, "visitor-alerts", since + delayMs);
  if ((dispatch.counts.digests ?? 0) + (dispatch.counts.renewals ?? 0) > 0) {
    await passCovering(site, "outbox", dispatch.startedAt);
  }
}
