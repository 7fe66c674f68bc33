/**
 * Webhooks: a server that verifies every delivery (HMAC-SHA256 of `timestamp.body`, with your API key
 * as the secret) and runs `onEvent` once per event, with the ids kept in a store shared by every
 * process (here a Redis-like client: `SET key 1 NX PX ttl`).
 *
 *   npx attestkit devnet &
 *   npx tsx examples/webhooks.ts     # then quote and pay with the header `x-api-key: attestkit-examples`
 *
 * An ES module: run it with `npx tsx`, or from a project with "type": "module", after
 * `npm install attestkit viem` (viem is attestkit's peer), and `npm install --save-dev @attestkit/devnet`
 * (Node.js >= 22.13) for the devnet. Run this way it keeps the ids in memory (no Redis), listens on
 * 127.0.0.1, sets itself as the webhook endpoint of API_KEY on the devnet at ATTESTKIT_API
 * (`POST /devnet/webhooks/endpoints`; with the live service, your dashboard does this) and removes
 * itself on Ctrl-C (SIGINT) or SIGTERM, then exits 0.
 *
 * Environment (read when run, not when imported):
 *   API_KEY         the API key the deliveries are signed with: your key with the live service
 *                   (default attestkit-examples, a devnet takes any key)
 *   PORT            the port the server listens on (default 8080; 0 for any free port)
 *   ATTESTKIT_API   base URL of the devnet it registers with (default http://127.0.0.1:8787)
 * Files: none.
 */

import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import type { WebhookEvent } from "attestkit/schemas";
import { createWebhookHandler, toNodeListener } from "attestkit/webhooks";

/** The two Redis commands the store needs (node-redis v4 shapes). */
export type RedisLike = {
  set: (key: string, value: string, options: { NX: true; PX: number }) => Promise<string | null>;
  del: (key: string) => Promise<number>;
};

export function main({
  apiKey,
  redis,
  port = 8080,
  onEvent,
}: {
  apiKey: string;
  redis?: RedisLike | undefined;
  port?: number;
  onEvent: (event: WebhookEvent) => void | Promise<void>;
}) {
  // Without `store`, ids are kept in this process's memory (enough for one process).
  const store = redis && {
    claim: async (id: string, ttlMs: number) =>
      (await redis.set(`webhook:${id}`, "1", { NX: true, PX: ttlMs })) === "OK",
    release: async (id: string) => void (await redis.del(`webhook:${id}`)),
  };
  const handler = createWebhookHandler({ secret: apiKey, onEvent, ...(store ? { store } : {}) });
  return createServer(toNodeListener(handler)).listen(port, "127.0.0.1");
}

/** Sets `url` as the webhook endpoint of `apiKey` on the devnet at `api`; answers a function that removes it. */
async function registerWithDevnet({ api, apiKey, url }: { api: string; apiKey: string; url: string }) {
  const response = await fetch(`${api}/devnet/webhooks/endpoints`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ apiKey, url }),
  });
  if (response.status !== 201) throw new Error(`${api} did not take the endpoint (${response.status})`);
  const { endpoint } = (await response.json()) as { endpoint: { id: string } };
  return async () =>
    void (await fetch(`${api}/devnet/webhooks/endpoints/${endpoint.id}`, { method: "DELETE" }));
}

// Runs when started (npx tsx examples/webhooks.ts); stays quiet when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const apiKey = process.env.API_KEY ?? "attestkit-examples";
  const server = main({
    apiKey,
    port: Number(process.env.PORT ?? 8080),
    onEvent: (event) => console.log(event.event, event.data.requestId, event.data.status),
  });
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  const remove = await registerWithDevnet({
    api: process.env.ATTESTKIT_API ?? "http://127.0.0.1:8787",
    apiKey,
    url,
  });
  console.log(`listening on ${url} for the events of API key ${apiKey}`);
  const stop = async () => {
    await remove();
    server.close();
    server.closeAllConnections();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
