import type { WebSocketConstructor } from "./statusTrackerTypes.js";

/**
 * The WebSocket implementation a tracker connects with: the one given, else the global one
 * (browsers, Node 22+), else the `ws` package (an optional peer of attestkit), loaded only then.
 * When none is there the caller (`connectStream`) drops the connection and the tracker polls.
 *
 * @param given - The implementation the caller passed, if any.
 * @returns The implementation.
 * @throws What importing `ws` throws when there is no global WebSocket and the package is missing.
 * @example
 * const Implementation = await resolveWebSocket(undefined)
 */
export async function resolveWebSocket(
  given: WebSocketConstructor | undefined,
): Promise<WebSocketConstructor> {
  if (given) return given;
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (global) return global;
  const { WebSocket } = (await import("ws")) as unknown as { WebSocket: WebSocketConstructor };
  return WebSocket;
}
