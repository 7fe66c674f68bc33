import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { createStatusStream } from "../stream/createStatusStream.js";
import type { DevnetResources } from "./stopDevnet.js";

export type StartDevnetServerParameters = {
  /** Answers every HTTP request (the devnet's app, built once the URL is known). */
  fetch: (request: Request) => Response | Promise<Response>;
  /** 0 picks a free port. */
  port: number;
  host: string;
  log: (message: string) => void;
};

/**
 * Starts the devnet's HTTP server and listens (first: the URL goes into the chains' RPC URLs and the
 * logo links), then attaches the status stream (websockets) to it. Both go into `resources` as soon
 * as they exist, so that `stopDevnet` closes them whatever fails next.
 *
 * @param resources - What the devnet started so far. {@link DevnetResources}
 * @param parameters - {@link StartDevnetServerParameters}
 * @returns The server's URL, `http://127.0.0.1:<port>`.
 * @example
 * const url = await startDevnetServer(resources, { fetch: (request) => app.fetch(request), port: 0, host: "127.0.0.1", log })
 */
export async function startDevnetServer(
  resources: DevnetResources,
  { fetch, port, host, log }: StartDevnetServerParameters,
): Promise<string> {
  const server = createAdaptorServer({ fetch }) as Server;
  resources.server = server;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  resources.stream = createStatusStream({ server, log });
  return url;
}
