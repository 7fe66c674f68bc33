import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import type { Hono } from "hono";

/** Serves a Hono app on 127.0.0.1 at a free port; `close` stops it and drops open connections. */
export async function serveApp(app: Hono): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createAdaptorServer({ fetch: (request) => app.fetch(request) }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
