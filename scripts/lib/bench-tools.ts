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
  };
}

/** "362 req/s, p50 27 ms, p99 61 ms", with the failures when there were any. */
export const describeLoad = (figures: Figures) =>
  `${figures.rps} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms${figures.errors || figures.non2xx ? ` (${figures.errors} erreurs, ${figures.non2xx} non-2xx)` : ""}`;

/** The server's resident memory (VmRSS), in megabytes. */
export function residentMemoryMb(site: RunningSite): number {
  const status = readFileSync(`/proc/${site.process.pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

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
