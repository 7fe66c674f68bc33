import type { StreamConnection } from "./types.js";

/**
 * Sends one message to a connection as JSON text, if it is still open (one closing or closed drops
 * it: its client reconnects and subscribes again).
 *
 * @param connection - The connection. {@link StreamConnection}
 * @param message - Any JSON-serialisable object.
 * @example
 * sendToConnection(connection, { type: "connection", status: "ready", data: { id: connection.id } })
 */
export function sendToConnection(connection: StreamConnection, message: object): void {
  if (connection.socket.readyState === connection.socket.OPEN)
    connection.socket.send(JSON.stringify(message));
}
