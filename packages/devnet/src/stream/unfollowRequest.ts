import type { StreamConnection, StreamState } from "./types.js";

/**
 * Stops a connection following a request id; the id leaves `followers` once nobody follows it, so
 * the map never grows with ids no connection wants.
 *
 * @param state - The stream's state; its `followers` shrink. {@link StreamState}
 * @param connection - The connection. {@link StreamConnection}
 * @param id - The request id, lowercase.
 * @example
 * for (const id of [...connection.ids]) unfollowRequest(state, connection, id)
 */
export function unfollowRequest(
  state: Pick<StreamState, "followers">,
  connection: StreamConnection,
  id: string,
): void {
  connection.ids.delete(id);
  const set = state.followers.get(id);
  set?.delete(connection);
  if (set?.size === 0) state.followers.delete(id);
}
