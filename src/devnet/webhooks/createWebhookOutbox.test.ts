import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";
import { signWebhook } from "../../webhooks/signWebhook.js";
import { verifyWebhook } from "../../webhooks/verifyWebhook.js";
import { createWebhookOutbox } from "./createWebhookOutbox.js";

type Hit = { id: string; attempt: string; body: string; status: number; at: number };
const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A receiver whose answer per hit is chosen by `answer` (status code, or a delay before 200). */
async function receiver(answer: (hit: Omit<Hit, "status">, count: number) => number | Promise<number>) {
  const hits: Hit[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", async () => {
      verifyWebhook({ body, headers: request.headers as Record<string, string>, secret: "key" });
      const hit = {
        id: String(request.headers["x-event-id"]),
        attempt: String(request.headers["x-event-attempt"]),
        body,
        at: Date.now(),
      };
      const status = await answer(hit, hits.length);
      hits.push({ ...hit, status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push({ close: () => server.close() });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, hits };
}

const sign = ({ body, secret }: { body: string; secret: string }) => signWebhook({ body, secret });
const payload = (status: string, requestId = "r1") => ({
  event: "request.status.updated",
  timestamp: 1,
  data: {
    status,
    requestId,
    inTxHashes: [],
    txHashes: [],
    updatedAt: 1,
    failReason: "N/A",
    refundFailReason: "N/A",
  },
});

test("default: delivered signed, with the event id in the header and the body", async () => {
  const { url, hits } = await receiver(() => 200);
  const outbox = createWebhookOutbox({ endpoints: new Map([["key", url]]), sign });
  const delivery = outbox.enqueue({ apiKey: "key", requestId: "r1", payload: payload("pending") });
  await outbox.idle();
  expect(delivery).toMatchObject({ state: "delivered", attempts: 1, lastResult: "HTTP 200" });
  expect(hits).toHaveLength(1);
  expect(hits[0]?.id).toBe(delivery?.id);
  expect(JSON.parse(hits[0]?.body as string)).toMatchObject({
    id: delivery?.id,
    event: "request.status.updated",
    data: { status: "pending" },
  });
  // Keys without an endpoint (and anonymous requests) post nothing.
  expect(outbox.enqueue({ apiKey: "other", requestId: "r1", payload: payload("pending") })).toBeUndefined();
  expect(outbox.enqueue({ apiKey: undefined, requestId: "r1", payload: payload("pending") })).toBeUndefined();
});

test("failing 9 times then 200: delivered on the 10th attempt, with growing delays", async () => {
  const { url, hits } = await receiver((_, count) => (count < 9 ? 500 : 200));
  const outbox = createWebhookOutbox({
    endpoints: new Map([["key", url]]),
    sign,
    baseDelayMs: 2,
    maxDelayMs: 1_000,
  });
  const delivery = outbox.enqueue({ apiKey: "key", requestId: "r1", payload: payload("success") });
  await outbox.idle();
  expect(delivery).toMatchObject({ state: "delivered", attempts: 10 });
  expect(hits.map((hit) => hit.attempt)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
  // The 9th delay (~2 * 2^8 = 512 ms, ±20 %) is the longest.
  expect((hits[9]?.at as number) - (hits[8]?.at as number)).toBeGreaterThanOrEqual(400);
});

test("after 1 + 10 failed attempts the event is kept as failed, and the next event of the request still goes", async () => {
  const { url, hits } = await receiver((hit) => (JSON.parse(hit.body).data.status === "pending" ? 503 : 200));
  const log: string[] = [];
  const outbox = createWebhookOutbox({
    endpoints: new Map([["key", url]]),
    sign,
    baseDelayMs: 1,
    maxDelayMs: 4,
    log: (line) => log.push(line),
  });
  const first = outbox.enqueue({ apiKey: "key", requestId: "r1", payload: payload("pending") });
  const second = outbox.enqueue({ apiKey: "key", requestId: "r1", payload: payload("success") });
  await outbox.idle();
  expect(first).toMatchObject({ state: "failed", attempts: 11, lastResult: "HTTP 503" });
  expect(second).toMatchObject({ state: "delivered", attempts: 1 });
  expect(outbox.deliveries()).toEqual([first, second]);
  expect(hits.at(-1)?.id).toBe(second?.id);
  expect(log).toHaveLength(1);
});

test("events of one request arrive in order even when the first is slow; other requests are not held up", async () => {
  const { url, hits } = await receiver(async (hit) => {
    if (JSON.parse(hit.body).data.status === "pending" && JSON.parse(hit.body).data.requestId === "a")
      await new Promise((resolve) => setTimeout(resolve, 150));
    return 200;
  });
  const outbox = createWebhookOutbox({ endpoints: new Map([["key", url]]), sign });
  outbox.enqueue({ apiKey: "key", requestId: "a", payload: payload("pending", "a") });
  outbox.enqueue({ apiKey: "key", requestId: "a", payload: payload("submitted", "a") });
  outbox.enqueue({ apiKey: "key", requestId: "b", payload: payload("pending", "b") });
  await outbox.idle();
  const order = hits.map(
    (hit) => `${JSON.parse(hit.body).data.requestId}:${JSON.parse(hit.body).data.status}`,
  );
  expect(order).toEqual(["b:pending", "a:pending", "a:submitted"]);
});

test("an unreachable endpoint is retried; stop() ends the waiting", async () => {
  const outbox = createWebhookOutbox({
    endpoints: new Map([["key", "http://127.0.0.1:9/"]]),
    sign,
    baseDelayMs: 60_000,
  });
  const delivery = outbox.enqueue({ apiKey: "key", requestId: "r1", payload: payload("pending") });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(delivery).toMatchObject({ state: "queued", attempts: 1 });
  expect(delivery?.lastResult).toMatch(/TypeError|fetch failed/);
  outbox.stop();
  await outbox.idle();
  expect(delivery?.state).toBe("queued");
});
