import type { Server } from "node:http";

/**
 * Closes the local server of `webhooks listen`, its open connections (the devnet's keep-alive ones)
 * included, so it does not wait for them.
 *
 * @param server - The server.
 * @returns Once it is closed.
 * @example
 * await closeListenServer(server)
 */
export function closeListenServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
