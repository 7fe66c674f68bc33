import type { StreamConnection } from "./types.js";

/**
 * Pings every connection each `heartbeatMs`; one that did not answer the previous ping (no pong) is
 * terminated, so a client that vanished without closing does not hold a connection. The timer does
 * not keep the process alive.
 *
 * @param connections - The open connections, read at each beat.
 * @param heartbeatMs - Milliseconds between pings.
 * @returns The timer, for `clearInterval`.
 * @example
 * const heartbeat = startStreamHeartbeat(state.connections, 30_000)
 */
export function startStreamHeartbeat(
  connections: ReadonlySet<StreamConnection>,
  heartbeatMs: number,
): NodeJS.Timeout {
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
  return heartbeat;
}
