/** What the bench scripts share: a load run with its figures, the server's memory, and the report they print. */
import { readFileSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import type { RunningSite } from "../../tests/support/server";

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Requests answered in the run. */
  total: number;
}

/** Requests `url` with autocannon for `duration` seconds over `connections` connections. */
export async function measureLoad(
  url: string,
  options: Partial<autocannon.Options> & Pick<autocannon.Options, "connections" | "duration">,
): Promise<Figures> {
  const result = await autocannon({ url, ...options });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/** Offers the vote load spreads its votes on (each takes votes in the bundled catalogue). */
const VOTED_OFFERS = ["binance", "boursobank", "fortuneo", "n26", "bitget", "coinbase"];

/**
 * Votes sent without JavaScript, as native forms do, each by a new visitor of a network of its own (the site must
 * trust the loopback proxy: TRUST_PROXY=loopback), over 10 connections: the figures and how many were sent. The
 * visitors go on from one call to the next (65 536 networks), so that a later call votes anew, never replaces.
 */
let visitorsSoFar = 0;
export async function measureVotes(siteUrl: string, duration: number): Promise<Figures & { sent: number }> {
  const first = visitorsSoFar;
  const figures = await measureLoad(`${siteUrl}/offres/binance/avis`, {
    duration,
    connections: 10,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          const visitor = (visitorsSoFar += 1);
          return {
            ...request,
            path: `/offres/${VOTED_OFFERS[visitor % VOTED_OFFERS.length]}/avis`,
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              "X-Forwarded-For": `10.${Math.floor(visitor / 256) % 256}.${visitor % 256}.1`,
            },
            body: visitor % 3 === 0 ? "worked=non&reason=code-refuse" : "worked=oui",
          };
        },
      },
    ],
  });
  return { ...figures, sent: visitorsSoFar - first };
}

/** "362 req/s, p50 27 ms, p99 61 ms", with the failures when there were any. */
export const describeLoad = (figures: Figures) =>
  `${figures.rps} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms${figures.errors || figures.non2xx ? ` (${figures.errors} erreurs, ${figures.non2xx} non-2xx)` : ""}`;

/** The processor time the server has used so far (user and system), in milliseconds. */
export function serverCpuMs(site: RunningSite): number {
  const fields = readFileSync(`/proc/${site.process.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The server's resident memory (VmRSS), in megabytes. */
export function residentMemoryMb(site: RunningSite): number {
  const status = readFileSync(`/proc/${site.process.pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** The middle item of `items` by `by`. */
export const median = <T>(items: readonly T[], by: (item: T) => number) =>
  [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)] as T;

/** Lines printed as they come, then written together to a Markdown file. */
export function createReport() {
  const lines: string[] = [];
  return {
    say(line = "") {
      console.log(line);
      lines.push(line);
    },
    write(file: string) {
      writeFileSync(file, `${lines.join("\n")}\n`);
    },
  };
}
