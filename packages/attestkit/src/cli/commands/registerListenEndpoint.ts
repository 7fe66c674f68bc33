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
 * Registers the local URL as the webhook endpoint of the API key with the devnet
 * (`POST /devnet/webhooks/endpoints`).
 *
 * @param parameters - {@link RegisterListenEndpointParameters}
 * @returns Null once registered, else the devnet's reason for refusing it; rejects when the devnet
 * does not answer.
 * @example
 * const refusal = await registerListenEndpoint({ devnet, apiKey, url })
 */
export async function registerListenEndpoint({
  devnet,
  apiKey,
  url,
}: RegisterListenEndpointParameters): Promise<string | null> {
  const response = await fetch(new URL("/devnet/webhooks/endpoints", devnet), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ apiKey, url }),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status === 201) return null;
  const body = (await readResponseJson(response).catch(() => ({}))) as { message?: string };
  return body.message ?? `HTTP ${response.status}`;
}
