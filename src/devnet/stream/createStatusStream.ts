import { randomBytes } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { checkLocalRequest } from "../api/checkLocalRequest.js";
import type { StatusBody } from "../state/types.js";

/** The one event of the stream, as the live service names it. */
export const statusEvent = "request.status.updated";

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

type Connection = { socket: WebSocket; id: string; ids: Set<string>; alive: boolean };

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
  const wss = new WebSocketServer({ noServer: true, maxPayload });
  const connections = new Set<Connection>();
  // Request id (lowercase) -> the connections following it.
  const followers = new Map<string, Set<Connection>>();
  let stopped = false;

  const send = (connection: Connection, message: object) => {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(message));
  };
  const unfollow = (connection: Connection, id: string) => {
    connection.ids.delete(id);
    const set = followers.get(id);
    set?.delete(connection);
    if (set?.size === 0) followers.delete(id);
  };
  const error = (connection: Connection, message: string) =>
    send(connection, { type: "error", status: "error", data: { message } });

  const onMessage = (connection: Connection, raw: string) => {
    let message: { type?: unknown; event?: unknown; filters?: { id?: unknown } | null };
    try {
      message = JSON.parse(raw);
    } catch {
      return error(connection, "The message is not JSON.");
    }
    if (message === null || typeof message !== "object")
      return error(connection, "The message is not an object.");
    const { type, event, filters } = message;
    if (type !== "subscribe" && type !== "unsubscribe")
      return error(connection, 'type must be "subscribe" or "unsubscribe".');
    if (event !== statusEvent) return error(connection, `event must be "${statusEvent}".`);
    const id = filters?.id;
    if (type === "unsubscribe") {
      if (typeof id === "string") unfollow(connection, id.toLowerCase());
      else for (const followed of [...connection.ids]) unfollow(connection, followed);
      return send(connection, { type: "unsubscribe", status: "success", data: { event } });
    }
    if (typeof id !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(id))
      return error(connection, "filters.id must be a request id: 0x and 64 hex digits.");
    const key = id.toLowerCase();
    if (!connection.ids.has(key)) {
      if (connection.ids.size >= maxSubscriptions)
        return error(connection, `At most ${maxSubscriptions} subscriptions per connection.`);
      connection.ids.add(key);
      const set = followers.get(key) ?? new Set<Connection>();
      followers.set(key, set);
      set.add(connection);
    }
    send(connection, { type: "subscribe", status: "success", data: { event, filters: { id } } });
  };

  wss.on("connection", (socket: WebSocket) => {
    const connection: Connection = {
      socket,
      id: randomBytes(6).toString("hex"),
      ids: new Set(),
      alive: true,
    };
    connections.add(connection);
    socket.on("message", (data, isBinary) => {
      if (isBinary) return error(connection, "Messages are JSON text.");
      onMessage(connection, data.toString());
    });
    socket.on("pong", () => {
      connection.alive = true;
    });
    socket.on("error", (cause) => log(`stream connection ${connection.id}: ${cause.message}`));
    socket.on("close", () => {
      connections.delete(connection);
      for (const id of [...connection.ids]) unfollow(connection, id);
    });
    send(connection, { type: "connection", status: "ready", data: { id: connection.id } });
  });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? "/", "http://devnet").pathname;
    const refuse = (status: string) => {
      socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      socket.destroy();
    };
    if (stopped) return refuse("503 Service Unavailable");
    // Another site's page may open a websocket to any address: refused like its HTTP requests.
    const foreign = checkLocalRequest({
      method: "GET",
      path,
      host: request.headers.host,
      origin: request.headers.origin,
      contentType: undefined,
      hasBody: false,
    });
    if (foreign) return refuse("403 Forbidden");
    if (path !== "/") return refuse("404 Not Found");
    if (connections.size >= maxConnections) return refuse("503 Service Unavailable");
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
  };
  server.on("upgrade", onUpgrade);

  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    publish(status) {
      const set = followers.get(status.requestId.toLowerCase());
      if (!set) return;
      const message = JSON.stringify({ event: statusEvent, data: status, publishedAt: now() });
      for (const connection of set)
        if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(message);
    },
    connections: () => connections.size,
    restart() {
      for (const connection of connections) connection.socket.close(1012, "service restart");
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(heartbeat);
      server.off("upgrade", onUpgrade);
      for (const connection of connections) connection.socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
