import { readResponseJson } from "../readResponseJson.js";

export type UnregisterListenEndpointParameters = {
  /** Base URL of the devnet. */
  devnet: URL;
  /** The endpoint's id, as registering answered it. */
  endpointId: string;
};

/**
 * Removes the endpoint `webhooks listen` registered from the devnet
 * (`DELETE /devnet/webhooks/endpoints/{id}`), so the devnet stops posting to a port nobody listens
 * on, and stops the retries it had queued for it.
 *
 * @param parameters - {@link UnregisterListenEndpointParameters}
 * @returns Null once removed, else why not in words (the devnet's own reason: an endpoint another
 * listener replaced is not removed); rejects when the devnet does not answer.
 * @example
 * const refusal = await unregisterListenEndpoint({ devnet, endpointId })
 */
export async function unregisterListenEndpoint({
  devnet,
  endpointId,
}: UnregisterListenEndpointParameters): Promise<string | null> {
  const response = await fetch(
    new URL(`/devnet/webhooks/endpoints/${encodeURIComponent(endpointId)}`, devnet),
    {
      method: "DELETE",
      signal: AbortSignal.timeout(5_000),
    },
  );
  const body = (await readResponseJson(response).catch(() => ({}))) as { message?: string };
  if (response.ok) return null;
  return body.message ?? `HTTP ${response.status}`;
}
