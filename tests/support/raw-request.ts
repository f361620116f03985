import { request, type Agent } from "node:http";
import { expect } from "vitest";
import type { RunningSite } from "./server";

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

/** One request sent as written, Host included (fetch would refuse a malformed one), with its whole answer. */
export function raw(
  site: RunningSite,
  path: string,
  {
    method = "GET",
    headers = {},
    body,
    agent,
  }: { method?: string; headers?: Record<string, string>; body?: string; agent?: Agent } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(site.url);
  const hasHost = Object.keys(headers).some((name) => name.toLowerCase() === "host");
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: hostname, port, path, method, headers, setHost: !hasHost, agent: agent ?? false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const answer = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: answer,
            text: answer.toString(),
          });
        });
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/**
 * Sends a form's headers, then its body a byte a second, as a slow-loris client does, and expects the server to
 * cut it off (408, or the connection closed) after 30 s, not after Node's default 300 s.
 */
export async function expectBodyCutOffAfter30s(site: RunningSite, path: string): Promise<void> {
  const { status, elapsedMs } = await trickleBody(site, path);
  expect([0, 408]).toContain(status);
  expect(elapsedMs).toBeGreaterThanOrEqual(29_000);
  expect(elapsedMs).toBeLessThan(40_000);
}

/**
 * Sends a form's headers, then its body a byte a second, until the server answers or closes the connection: what it
 * answered (0 when it closed without answering), and after how long.
 */
function trickleBody(site: RunningSite, path: string): Promise<{ status: number; elapsedMs: number }> {
  const { hostname, port } = new URL(site.url);
  const started = Date.now();
  return new Promise((resolve) => {
    const done = (status: number) => {
      clearInterval(timer);
      resolve({ status, elapsedMs: Date.now() - started });
    };
    const outgoing = request(
      {
        host: hostname,
        port,
        path,
        method: "POST",
        agent: false,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "600" },
      },
      (response) => {
        response.resume();
        done(response.statusCode ?? 0);
      },
    );
    outgoing.on("error", () => done(0));
    outgoing.flushHeaders();
    const timer = setInterval(() => outgoing.write("a"), 1_000);
  });
}
