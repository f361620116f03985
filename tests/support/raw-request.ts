import { request, type Agent } from "node:http";
import { connect } from "node:net";
import { expect } from "vitest";
import { RAW_REQUEST_MS } from "./timeouts";
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
    outgoing.setTimeout(RAW_REQUEST_MS, () =>
      outgoing.destroy(new Error(`Pas de réponse en ${RAW_REQUEST_MS / 1000} s (RAW_REQUEST_MS) à ${method} ${path}`)),
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

export interface RawHead {
  status: number;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
}

/**
 * Sends `bytes` over a new TCP connection exactly as written (no client library adds, fixes or refuses anything) and
 * reads the answer's status line and headers. The connection is closed once they have arrived.
 */
export function rawBytes(site: RunningSite, bytes: string): Promise<RawHead> {
  const { hostname, port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(
          `Pas d'en-têtes de réponse en ${RAW_REQUEST_MS / 1000} s (RAW_REQUEST_MS) à ${JSON.stringify(bytes.slice(0, 80))}`,
        ),
      );
    }, RAW_REQUEST_MS);
    const finish = () => {
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return false;
      clearTimeout(timer);
      socket.destroy();
      const [statusLine = "", ...lines] = received.subarray(0, end).toString("latin1").split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
      }
      resolve({ status: Number(statusLine.split(" ")[1] ?? 0), headers });
      return true;
    };
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      finish();
    });
    socket.on("end", () => {
      if (!finish()) {
        clearTimeout(timer);
        reject(new Error(`Connexion fermée sans réponse à ${JSON.stringify(bytes.slice(0, 80))}`));
      }
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.write(bytes, "latin1");
  });
}
