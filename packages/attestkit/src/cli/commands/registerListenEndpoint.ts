import { readResponseJson } from "../readResponseJson.js";

export type RegisterListenEndpointParameters = {
  /** Base URL of the devnet. */
  devnet: URL;
  /** The API key whose deliveries go to the endpoint. */
  apiKey: string;
  /** The local URL deliveries arrive on. */
  url: string;
};

/**
 * What registering answered: the endpoint's id (what removes it again; null from a devnet that gives
 * none), or the devnet's reason for refusing it.
 */
export type RegisterListenEndpointReturnType = { endpointId: string | null } | { refusal: string };

/**
 * Registers the local URL as the webhook endpoint of the API key with the devnet
 * (`POST /devnet/webhooks/endpoints`).
 *
 * @param parameters - {@link RegisterListenEndpointParameters}
 * @returns The endpoint's id once registered, else the devnet's reason for refusing it
 * ({@link RegisterListenEndpointReturnType}); rejects when the devnet does not answer.
 * @example
 * const registered = await registerListenEndpoint({ devnet, apiKey, url })
 * if ("refusal" in registered) io.err(registered.refusal)
 */
export async function registerListenEndpoint({
  devnet,
  apiKey,
  url,
}: RegisterListenEndpointParameters): Promise<RegisterListenEndpointReturnType> {
  const response = await fetch(new URL("/devnet/webhooks/endpoints", devnet), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ apiKey, url }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await readResponseJson(response).catch(() => ({}))) as {
    message?: string;
    endpoint?: { id?: unknown };
  };
  if (response.status !== 201) return { refusal: body.message ?? `HTTP ${response.status}` };
  const id = body.endpoint?.id;
  return { endpointId: typeof id === "string" ? id : null };
}
