import type { WebSocket, WebSocketServer } from "ws";

/** One open connection of the status stream. */
export type StreamConnection = {
  socket: WebSocket;
  /** Its id, sent in the `ready` message (12 hex digits). */
  id: string;
  /** The request ids it follows, lowercase. */
  ids: Set<string>;
  /** Whether it answered the last ping; one that did not by the next is dropped. */
  alive: boolean;
};

/** What the stream's steps share: the connections, who follows which request, and the bounds. */
export type StreamState = {
  /** The websocket server, without a port of its own (upgrades come from the devnet's server). */
  wss: WebSocketServer;
  /** Open connections. */
  connections: Set<StreamConnection>;
  /** Request id (lowercase) -> the connections following it. */
  followers: Map<string, Set<StreamConnection>>;
  /** Set once by `stop`: handshakes are refused from then on. */
  stopped: boolean;
  /** Most open connections. */
  maxConnections: number;
  /** Most request ids one connection follows. */
  maxSubscriptions: number;
  log: (message: string) => void;
};
