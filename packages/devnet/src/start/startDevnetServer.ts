import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createStatusStream } from "../stream/createStatusStream.js";
import { limitRequestBodies } from "./limitRequestBodies.js";
import type { DevnetResources } from "./stopDevnet.js";

export type StartDevnetServerParameters = {
  /** Answers every HTTP request (the devnet's app, built once the URL is known). */
  fetch: (request: Request) => Response | Promise<Response>;
  /** 0 picks a free port. */
  port: number;
  host: string;
  /** The largest request body read; a larger one is answered 413, then the connection closed. */
  maxBodyBytes: number;
  log: (message: string) => void;
};

/**
 * Starts the devnet's HTTP server and listens (first: the URL goes into the chains' RPC URLs and the
 * logo links), then attaches the status stream (websockets) to it. Each request's body is read
 * before the app sees it, up to `maxBodyBytes` (`limitRequestBodies`: past it, 413 and then a clean
 * close). Both go into `resources` as soon as they exist, so that `stopDevnet` closes them whatever
 * fails next.
 *
 * @param resources - What the devnet started so far. {@link DevnetResources}
 * @param parameters - {@link StartDevnetServerParameters}
 * @returns The server's URL, `http://127.0.0.1:<port>`.
 * @example
 * const url = await startDevnetServer(resources, { fetch: (request) => app.fetch(request), port: 0, host: "127.0.0.1", maxBodyBytes: 1_048_576, log })
 */
export async function startDevnetServer(
  resources: DevnetResources,
  { fetch, port, host, maxBodyBytes, log }: StartDevnetServerParameters,
): Promise<string> {
  const server = createServer();
  limitRequestBodies(server, { listener: getRequestListener(fetch), maxBodyBytes });
  resources.server = server;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  resources.stream = createStatusStream({ server, log });
  return url;
}
