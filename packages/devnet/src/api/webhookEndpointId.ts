import { createHash } from "node:crypto";

/**
 * The id of a webhook endpoint set at run time: `whe_` and 24 hex digits of the SHA-256 of its API key
 * and URL. The same pair always has the same id (a restart with `--state` keeps it, nothing is stored
 * for it), another URL for the key another id, and the id does not give the key away.
 * `DELETE /devnet/webhooks/endpoints/{id}` removes the endpoint only while its key still posts to that URL.
 *
 * @param parameters - The API key and the endpoint's URL.
 * @returns The id.
 * @example
 * webhookEndpointId({ apiKey: "my-key", url: "http://127.0.0.1:4000/hooks" }) // "whe_…"
 */
export function webhookEndpointId({ apiKey, url }: { apiKey: string; url: string }): string {
  return `whe_${createHash("sha256").update(`${apiKey}\n${url}`).digest("hex").slice(0, 24)}`;
}
