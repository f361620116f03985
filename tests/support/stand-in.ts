import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A loopback HTTP server playing a service the code under test calls (hosted Supabase, a static page server). */
export interface StandIn {
  /** `http://127.0.0.1:<port>`, with no trailing slash. */
  url: string;
  port: number;
  server: Server;
  /** Drops every connection, answered or still waiting, and stops listening. */
  close: () => Promise<void>;
}

/** Starts `handler` on 127.0.0.1, on a free port unless one is given (to bring a stand-in back where it was). */
export async function startStandIn(handler: RequestListener, { port = 0 }: { port?: number } = {}): Promise<StandIn> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
