import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import type { StatusBody } from "../state/types.js";
import { acceptStreamConnection } from "./acceptStreamConnection.js";
import { publishStatus } from "./publishStatus.js";
import { startStreamHeartbeat } from "./startStreamHeartbeat.js";
import type { StreamState } from "./types.js";
import { upgradeStreamConnection } from "./upgradeStreamConnection.js";

export { statusEvent } from "./constants.js";

export type StatusStream = {
  /** Sends a status change to every connection subscribed to its request id. */
  publish: (status: StatusBody & { requestId: string }) => void;
  /** Open connections. */
  connections: () => number;
  /**
   * Closes every connection (code 1012, "service restart"), as the live service's rolling restarts
   * do; clients reconnect. New connections are still accepted.
   */
  restart: () => void;
  /** Closes every connection and stops accepting new ones. */
  stop: () => Promise<void>;
};

export type CreateStatusStreamParameters = {
  /** The devnet's HTTP server: upgrade requests to `/` become stream connections. */
  server: Server;
  /** Most open connections. Default 1,000. */
  maxConnections?: number | undefined;
  /** Most request ids one connection follows. Default 1,000. */
  maxSubscriptions?: number | undefined;
  /** Largest message accepted from a client, in bytes. Default 16 KiB. */
  maxPayload?: number | undefined;
  /** Ping interval; a connection that did not answer the previous ping is dropped. Default 30 s. */
  heartbeatMs?: number | undefined;
  now?: (() => number) | undefined;
  log?: ((message: string) => void) | undefined;
};

/**
 * Serves the live service's websocket status stream on the devnet's port (`ws://127.0.0.1:<port>/`,
 * an optional `?apiKey=` accepted like the live `wss://ws.relay.link?apiKey=`): on connection the
 * server sends `{type:"connection",status:"ready",data:{id}}`; a client sends
 * `{type:"subscribe",event:"request.status.updated",filters:{id}}` (answered
 * `{type:"subscribe",status:"success",data:{event,filters}}`) and `unsubscribe` alike; every status
 * change of a followed request is pushed as `{event, data, publishedAt}` with the status object as
 * `data`. A malformed message is answered `{type:"error",status:"error",data:{message}}`. Bounded:
 * connections, subscriptions per connection and message size; dead connections are dropped by a
 * ping heartbeat. A handshake from a page of another origin, or under a foreign `Host`, is refused
 * with 403 (`checkLocalRequest`).
 *
 * @param parameters - {@link CreateStatusStreamParameters}
 * @returns The stream. {@link StatusStream}
 * @example
 * const stream = createStatusStream({ server })
 * store.onTransition((request) => stream.publish(toStatusBody(request)))
 */
export function createStatusStream({
  server,
  maxConnections = 1_000,
  maxSubscriptions = 1_000,
  maxPayload = 16 * 1024,
  heartbeatMs = 30_000,
  now = Date.now,
  log = () => {},
}: CreateStatusStreamParameters): StatusStream {
  const state: StreamState = {
    wss: new WebSocketServer({ noServer: true, maxPayload }),
    connections: new Set(),
    followers: new Map(),
    stopped: false,
    maxConnections,
    maxSubscriptions,
    log,
  };
  state.wss.on("connection", (socket: WebSocket) => acceptStreamConnection(state, socket));
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    upgradeStreamConnection(state, { request, socket, head });
  server.on("upgrade", onUpgrade);
  const heartbeat = startStreamHeartbeat(state.connections, heartbeatMs);

  return {
    publish: (status) => publishStatus(state, status, now),
    connections: () => state.connections.size,
    restart() {
      for (const connection of state.connections) connection.socket.close(1012, "service restart");
    },
    async stop() {
      if (state.stopped) return;
      state.stopped = true;
      clearInterval(heartbeat);
      server.off("upgrade", onUpgrade);
      for (const connection of state.connections) connection.socket.terminate();
      await new Promise<void>((resolve) => state.wss.close(() => resolve()));
    },
  };
}
