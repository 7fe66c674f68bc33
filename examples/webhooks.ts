/**
 * Webhooks: a server that verifies every delivery (HMAC-SHA256 of `timestamp.body`, with your API key
 * as the secret) and runs `onEvent` once per event, with the ids kept in a store shared by every
 * process (here a Redis-like client: `SET key 1 NX PX ttl`).
 *
 *   npx attestkit devnet --port 8787 --webhook-url http://127.0.0.1:8080/webhooks --api-key KEY &
 *   API_KEY=KEY npx tsx examples/webhooks.ts
 *
 * An ES module: run it with `npx tsx`, or from a project with "type": "module", after
 * `npm install attestkit viem` (viem is attestkit's peer), and `npm install --save-dev @attestkit/devnet`
 * (Node.js >= 22.13) for the devnet. Run this way it keeps the ids in memory (no Redis) and listens
 * on 127.0.0.1.
 *
 * Environment (read when run, not when imported):
 *   API_KEY   the API key the deliveries are signed with: the devnet's `--api-key`, or your key
 *             with the live service (required, no default)
 *   PORT      the port the server listens on (default 8080)
 * Files: none.
 */

import { createServer } from "node:http";
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

// Runs when started (npx tsx examples/webhooks.ts); stays quiet when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main({
    apiKey: process.env.API_KEY ?? "",
    port: Number(process.env.PORT ?? 8080),
    onEvent: (event) => console.log(event.event, event.data.status),
  });
