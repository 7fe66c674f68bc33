import { statusEvent } from "./constants.js";
import { parseStreamMessage } from "./parseStreamMessage.js";
import { sendStreamError } from "./sendStreamError.js";
import { sendToConnection } from "./sendToConnection.js";
import type { StreamConnection, StreamState } from "./types.js";
import { unfollowRequest } from "./unfollowRequest.js";

/**
 * Carries out one text message of a client (`parseStreamMessage`): follows or unfollows request
 * ids and answers `{type, status:"success", data:{event, filters?}}`, or answers the error. A
 * connection follows at most `maxSubscriptions` ids; following an id twice counts once.
 *
 * @param state - The stream's state; its `followers` change. {@link StreamState}
 * @param connection - The connection that sent it. {@link StreamConnection}
 * @param raw - The message's text.
 * @example
 * socket.on("message", (data) => handleStreamMessage(state, connection, data.toString()))
 */
export function handleStreamMessage(
  state: Pick<StreamState, "followers" | "maxSubscriptions">,
  connection: StreamConnection,
  raw: string,
) {
  const message = parseStreamMessage(raw);
  if (message.type === "error") return sendStreamError(connection, message.message);
  if (message.type === "unsubscribe") {
    if (message.id !== undefined) unfollowRequest(state, connection, message.id.toLowerCase());
    else for (const followed of [...connection.ids]) unfollowRequest(state, connection, followed);
    return sendToConnection(connection, {
      type: "unsubscribe",
      status: "success",
      data: { event: statusEvent },
    });
  }
  const key = message.id.toLowerCase();
  if (!connection.ids.has(key)) {
    if (connection.ids.size >= state.maxSubscriptions)
      return sendStreamError(connection, `At most ${state.maxSubscriptions} subscriptions per connection.`);
    connection.ids.add(key);
    const set = state.followers.get(key) ?? new Set<StreamConnection>();
    state.followers.set(key, set);
    set.add(connection);
  }
  sendToConnection(connection, {
    type: "subscribe",
    status: "success",
    data: { event: statusEvent, filters: { id: message.id } },
  });
}
