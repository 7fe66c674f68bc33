import { randomBytes } from "node:crypto";
import type { WebSocket } from "ws";
import { handleStreamMessage } from "./handleStreamMessage.js";
import { sendStreamError } from "./sendStreamError.js";
import { sendToConnection } from "./sendToConnection.js";
import type { StreamConnection, StreamState } from "./types.js";
import { unfollowRequest } from "./unfollowRequest.js";

/**
 * Takes a new websocket into the stream: gives it an id, reads its text messages
 * (`handleStreamMessage`; a binary one is answered with an error), marks it alive on every pong,
 * forgets it and what it followed when it closes, and greets it with
 * `{type:"connection",status:"ready",data:{id}}` as the live service does.
 *
 * @param state - The stream's state; its `connections` grow. {@link StreamState}
 * @param socket - The upgraded websocket.
 * @returns The connection. {@link StreamConnection}
 * @example
 * wss.on("connection", (socket) => acceptStreamConnection(state, socket))
 */
export function acceptStreamConnection(
  state: Pick<StreamState, "connections" | "followers" | "maxSubscriptions" | "log">,
  socket: WebSocket,
): StreamConnection {
  const connection: StreamConnection = {
    socket,
    id: randomBytes(6).toString("hex"),
    ids: new Set(),
    alive: true,
  };
  state.connections.add(connection);
  socket.on("message", (data, isBinary) => {
    if (isBinary) return sendStreamError(connection, "Messages are JSON text.");
    handleStreamMessage(state, connection, data.toString());
  });
  socket.on("pong", () => {
    connection.alive = true;
  });
  socket.on("error", (cause) => state.log(`stream connection ${connection.id}: ${cause.message}`));
  socket.on("close", () => {
    state.connections.delete(connection);
    for (const id of [...connection.ids]) unfollowRequest(state, connection, id);
  });
  sendToConnection(connection, { type: "connection", status: "ready", data: { id: connection.id } });
  return connection;
}
