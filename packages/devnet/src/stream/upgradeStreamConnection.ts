import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { checkLocalRequest } from "../api/checkLocalRequest.js";
import type { StreamState } from "./types.js";

export type UpgradeStreamConnectionParameters = {
  /** The HTTP request asking for the upgrade. */
  request: IncomingMessage;
  /** Its socket: answered and destroyed when the upgrade is refused. */
  socket: Duplex;
  /** The first bytes of the upgraded stream. */
  head: Buffer;
};

/**
 * Answers a websocket handshake on the devnet's server. Refused, in this order: 503 once the stream
 * is stopped; 403 for a page of another origin or a foreign `Host` (`checkLocalRequest`, the rule
 * of the devnet's HTTP requests: any site's page may open a websocket to any address); 404 for a
 * path other than `/`; 503 with `maxConnections` open. Otherwise the socket becomes a connection
 * (`wss` emits `connection`).
 *
 * @param state - The stream's state. {@link StreamState}
 * @param parameters - {@link UpgradeStreamConnectionParameters}
 * @example
 * server.on("upgrade", (request, socket, head) => upgradeStreamConnection(state, { request, socket, head }))
 */
export function upgradeStreamConnection(
  state: Pick<StreamState, "wss" | "stopped" | "connections" | "maxConnections">,
  { request, socket, head }: UpgradeStreamConnectionParameters,
) {
  const path = new URL(request.url ?? "/", "http://devnet").pathname;
  const refuse = (status: string) => {
    socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  };
  if (state.stopped) return refuse("503 Service Unavailable");
  const foreign = checkLocalRequest({
    method: "GET",
    path,
    host: request.headers.host,
    origin: request.headers.origin,
    contentType: undefined,
    hasBody: false,
  });
  if (foreign) return refuse("403 Forbidden");
  // JSON-RPC over websockets (`createRpcSocketServer`) answers these on the same server.
  if (/^\/rpc\/[0-9]+$/.test(path)) return;
  if (path !== "/") return refuse("404 Not Found");
  if (state.connections.size >= state.maxConnections) return refuse("503 Service Unavailable");
  state.wss.handleUpgrade(request, socket, head, (ws) => state.wss.emit("connection", ws, request));
}
