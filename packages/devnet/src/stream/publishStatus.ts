import type { StatusBody } from "../state/types.js";
import { statusEvent } from "./constants.js";
import type { StreamState } from "./types.js";

/**
 * Pushes a status change to every open connection following its request, as the live service does:
 * `{event:"request.status.updated", data: <status object>, publishedAt}`, serialised once.
 *
 * @param state - The stream's state. {@link StreamState}
 * @param status - The status object, with its request id.
 * @param now - The clock (ms) the message is stamped with; read only when someone follows the request.
 * @example
 * publishStatus(state, toStatusBody(request), Date.now)
 */
export function publishStatus(
  state: Pick<StreamState, "followers">,
  status: StatusBody & { requestId: string },
  now: () => number,
): void {
  const set = state.followers.get(status.requestId.toLowerCase());
  if (!set) return;
  const message = JSON.stringify({ event: statusEvent, data: status, publishedAt: now() });
  for (const connection of set)
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(message);
}
