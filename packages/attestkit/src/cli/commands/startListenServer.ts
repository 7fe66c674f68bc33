import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ListenAnswer } from "./handleListenDelivery.js";

export type StartListenServerParameters = {
  /** The port on 127.0.0.1; 0 picks a free one. */
  port: number;
  /** Answers one delivery. */
  handle: (request: IncomingMessage) => Promise<ListenAnswer>;
};

/**
 * Starts the local HTTP server deliveries arrive on, on 127.0.0.1 only: each request is answered
 * with `handle`'s status and JSON body, or 500 when `handle` fails.
 *
 * @param parameters - {@link StartListenServerParameters}
 * @returns The server and its URL; rejects when the port cannot be listened on.
 * @example
 * const { server, url } = await startListenServer({ port: 0, handle: (request) => handleListenDelivery(request, context) })
 */
export async function startListenServer({
  port,
  handle,
}: StartListenServerParameters): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    void handle(request).then(
      ({ status, body }) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      },
      () => {
        response.writeHead(500);
        response.end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}
