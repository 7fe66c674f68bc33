import type { Server } from "node:http";
import type { Io } from "../io.js";
import { closeListenServer } from "./closeListenServer.js";
import { unregisterListenEndpoint } from "./unregisterListenEndpoint.js";

export type StopListeningParameters = {
  io: Io;
  /** Print a JSON line rather than text. */
  json: boolean | undefined;
  /** Base URL of the devnet. */
  devnet: URL;
  /** The endpoint's id, as registering answered it; null from a devnet that gave none. */
  endpointId: string | null;
  /** The local server the deliveries arrive on. */
  server: Server;
};

/**
 * Ends `webhooks listen`, on Ctrl+C, SIGTERM or its output closed alike: first removes its endpoint
 * from the devnet (`unregisterListenEndpoint`), so the devnet sends nothing more and retries nothing
 * to the port about to close, then closes the local server, and says what became of the endpoint:
 * `Stopped: ...removed...`, or with `--json` `{stopped: true, endpointRemoved, reason?}`. When the
 * devnet cannot remove it (it stopped first, another listener took the key, an older devnet gave no
 * id) the text says why on stderr; the stop is clean all the same.
 *
 * @param parameters - {@link StopListeningParameters}
 * @returns Once the endpoint is removed (or could not be) and the server closed.
 * @example
 * await stopListening({ io, json: options.json, devnet, endpointId, server })
 */
export async function stopListening({
  io,
  json,
  devnet,
  endpointId,
  server,
}: StopListeningParameters): Promise<void> {
  const reason =
    endpointId === null
      ? "the devnet gave the endpoint no id to remove it by (an older devnet)"
      : await unregisterListenEndpoint({ devnet, endpointId }).catch(
          () => "the devnet did not answer (it may have stopped already)",
        );
  await closeListenServer(server);
  if (json)
    io.out(
      JSON.stringify({ stopped: true, endpointRemoved: reason === null, ...(reason ? { reason } : {}) }),
    );
  else if (reason === null)
    io.out(
      `Stopped: the endpoint is removed from the devnet at ${devnet.origin}, which posts nothing more to it.`,
    );
  else
    io.err(
      `warning: stopped, but the endpoint may still be registered with the devnet at ${devnet.origin}: ${reason}`,
    );
}
