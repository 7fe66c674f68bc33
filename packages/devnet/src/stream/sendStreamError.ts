import { sendToConnection } from "./sendToConnection.js";
import type { StreamConnection } from "./types.js";

/**
 * Answers a message the stream cannot take with `{type:"error",status:"error",data:{message}}`, as
 * the live service does; the connection stays open.
 *
 * @param connection - The connection that sent it. {@link StreamConnection}
 * @param message - What was wrong, in one sentence.
 * @example
 * sendStreamError(connection, "The message is not JSON.")
 */
export function sendStreamError(connection: StreamConnection, message: string): void {
  sendToConnection(connection, { type: "error", status: "error", data: { message } });
}
