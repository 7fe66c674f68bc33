import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test, vi } from "vitest";
import { signWebhook } from "../../../attestkit/src/webhooks/signWebhook.js";
import { verifyWebhook } from "../../../attestkit/src/webhooks/verifyWebhook.js";
import { createWebhookOutbox, type WebhookDelivery } from "./createWebhookOutbox.js";

type Hit = { id: string; attempt: string; body: string; status: number; at: number };
const servers: { close: () => void }[] = [];
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) server.close();
});

/** Resolves with the first delivery `persist` is called with that `accept`s. */
function persisted(accept: (delivery: WebhookDelivery) => boolean) {
  let found!: (delivery: WebhookDelivery) => void;
  const seen = new Promise<WebhookDelivery>((resolve) => {
    found = resolve;
  });
  return {
    seen,
    persist: (delivery: WebhookDelivery) => {
      if (accept(delivery)) found(delivery);
    },
  };
}

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
  expect(delivery).toMatchObject({
    state: "delivered",
    attempts: 1,
    lastResult: `HTTP 200 from ${new URL(url).host}`,
  });
  expect(delivery?.lastError).toBeUndefined();
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
  // The retry waits on a fake clock (`setTimeout` and `Date`; sockets stay real) and without jitter
  // (the middle of its ±20 %): the test moves the clock by exactly each wait, once the outbox waits.
  vi.spyOn(Math, "random").mockReturnValue(0.5);
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  const attempts: number[] = [];
  let attempted = () => {};
  const outbox = createWebhookOutbox({
    endpoints: new Map([["key", url]]),
    sign,
    baseDelayMs: 1_000,
    maxDelayMs: 60_000,
    persist: (delivery) => {
      if (delivery.lastResult === undefined || attempts.includes(delivery.attempts)) return;
      attempts.push(delivery.attempts);
      attempted();
    },
  });
  const afterAttempt = async (count: number) => {
    while (!attempts.includes(count)) await new Promise<void>((resolve) => (attempted = resolve));
    // The failed attempt is stored; a turn of the event loop later its retry wait has started.
    await new Promise((resolve) => setImmediate(resolve));
  };
  const delivery = outbox.enqueue({ apiKey: "key", requestId: "r1", payload: payload("success") });
  for (let retry = 1; retry <= 9; retry++) {
    await afterAttempt(retry);
    expect(delivery?.attempts).toBe(retry);
    await vi.advanceTimersByTimeAsync(1_000 * 2 ** (retry - 1));
  }
  await outbox.idle();
  expect(delivery).toMatchObject({ state: "delivered", attempts: 10 });
  expect(hits.map((hit) => hit.attempt)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
  // Delay n is 1 s * 2^(n-1): each attempt came exactly when its wait ended, never before.
  const delays = hits.slice(1).map((hit, i) => hit.at - (hits[i] as Hit).at);
  expect(delays).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256].map((seconds) => seconds * 1_000));
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
  expect(first).toMatchObject({
    state: "failed",
    attempts: 11,
    lastResult: `HTTP 503 from ${new URL(url).host}`,
  });
  expect(second).toMatchObject({ state: "delivered", attempts: 1 });
  expect(outbox.deliveries()).toEqual([first, second]);
  expect(hits.at(-1)?.id).toBe(second?.id);
  expect(log).toHaveLength(1);
});

test("events of one request arrive in order even when the first is slow; other requests are not held up", async () => {
  let bArrived!: () => void;
  const b = new Promise<void>((resolve) => {
    bArrived = resolve;
  });
  const { url, hits } = await receiver(async (hit) => {
    const { requestId, status } = JSON.parse(hit.body).data;
    if (requestId === "b") bArrived();
    // The first event of "a" is answered only once "b" has arrived: had the outbox held "b" back
    // behind "a", this would never end.
    if (requestId === "a" && status === "pending") await b;
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
  expect(order.filter((event) => event.startsWith("a:"))).toEqual(["a:pending", "a:submitted"]);
  expect([...order].sort()).toEqual(["a:pending", "a:submitted", "b:pending"]);
});

test("an unreachable endpoint is retried; stop() ends the waiting", async () => {
  const firstAttempt = persisted((delivery) => delivery.lastResult !== undefined);
  const outbox = createWebhookOutbox({
    endpoints: new Map([["key", "http://127.0.0.1:9/"]]),
    sign,
    baseDelayMs: 60_000,
    persist: firstAttempt.persist,
  });
  const delivery = outbox.enqueue({ apiKey: "key", requestId: "r1", payload: payload("pending") });
  // The first attempt has failed: the outbox now waits a minute before the retry.
  await firstAttempt.seen;
  expect(delivery).toMatchObject({ state: "queued", attempts: 1 });
  // In words (port 9 is one fetch refuses to use); the error as thrown is kept beside them.
  expect(delivery?.lastResult).toBe(
    "port 9 is one fetch never connects to (a blocked port): give the endpoint another port",
  );
  expect(delivery?.lastError).toBe("TypeError: fetch failed (cause: Error: bad port)");
  outbox.stop();
  await outbox.idle();
  expect(delivery?.state).toBe("queued");
});

test("a retry whose endpoint was removed meanwhile is not sent: failed at once, saying so", async () => {
  const { url, hits } = await receiver(() => 503);
  const endpoints = new Map([["key", url]]);
  const log: string[] = [];
  const outbox = createWebhookOutbox({
    endpoints,
    sign,
    baseDelayMs: 1,
    // Removed as the first attempt's result is stored, before the retry's wait begins.
    persist: (delivery) => {
      if (delivery.attempts === 1 && delivery.lastResult !== undefined) endpoints.delete("key");
    },
    log: (line) => log.push(line),
  });
  const delivery = outbox.enqueue({ apiKey: "key", requestId: "r1", payload: payload("pending") });
  await outbox.idle();
  expect(delivery).toMatchObject({
    state: "failed",
    attempts: 1,
    lastResult: `its endpoint was removed, so it is not retried (last attempt: HTTP 503 from ${new URL(url).host})`,
  });
  expect(hits).toHaveLength(1);
  expect(log).toEqual([`webhook ${delivery?.id} for r1 failed 1 attempts (${delivery?.lastResult})`]);
});

/** An endpoint that accepts connections and never answers. */
async function hangingEndpoint() {
  const server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push({
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

test("a hanging endpoint holds only its own slots: other endpoints' requests are delivered at once", async () => {
  const dead = await hangingEndpoint();
  const { url, hits } = await receiver(() => 200);
  const delivered = persisted((delivery) => delivery.state === "delivered");
  const outbox = createWebhookOutbox({
    endpoints: new Map([
      ["dead", dead],
      ["key", url],
    ]),
    sign,
    concurrency: 2,
    // The dead endpoint's attempts never time out within the test: were the live event held behind
    // them, it would never be delivered.
    timeoutMs: 3_600_000,
    persist: delivered.persist,
  });
  for (let i = 0; i < 6; i++)
    outbox.enqueue({ apiKey: "dead", requestId: `d${i}`, payload: payload("pending", `d${i}`) });
  const live = outbox.enqueue({ apiKey: "key", requestId: "r1", payload: payload("pending") });
  expect(await delivered.seen).toBe(live);
  expect(hits).toHaveLength(1);
  // The dead endpoint's own events wait for its slots, as they should.
  expect(outbox.deliveries().filter((d) => d.state === "queued")).toHaveLength(6);
  outbox.stop();
});

test("a failed delivery is replayed with the same id and body and a fresh set of retries", async () => {
  const { url, hits } = await receiver((_, count) => (count < 2 ? 500 : 200));
  const outbox = createWebhookOutbox({
    endpoints: new Map([["key", url]]),
    sign,
    retries: 1,
    baseDelayMs: 1,
  });
  const delivery = outbox.enqueue({ apiKey: "key", requestId: "r1", payload: payload("pending") });
  await outbox.idle();
  expect(delivery).toMatchObject({ state: "failed", attempts: 2 });
  expect(outbox.replay("evt_unknown")).toEqual({ error: "not-found" });

  expect(outbox.replay(delivery?.id as string)).toEqual({ delivery });
  await outbox.idle();
  expect(delivery).toMatchObject({
    state: "delivered",
    attempts: 3,
    lastResult: `HTTP 200 from ${new URL(url).host}`,
  });
  expect(new Set(hits.map((hit) => hit.id))).toEqual(new Set([delivery?.id]));
  expect(new Set(hits.map((hit) => hit.body)).size).toBe(1);
  expect(outbox.replay(delivery?.id as string)).toEqual({ error: "not-failed" });
});

test("persist sees every change; restore sends what was queued, in order per request, to the key's endpoint now", async () => {
  const dead = await hangingEndpoint();
  const stored = new Map<string, { delivery: WebhookDelivery; apiKey: string }>();
  const first = createWebhookOutbox({
    endpoints: new Map([["key", dead]]),
    sign,
    persist: (delivery, apiKey) => stored.set(delivery.id, { delivery: structuredClone(delivery), apiKey }),
  });
  first.enqueue({ apiKey: "key", requestId: "r1", payload: payload("pending") });
  first.enqueue({ apiKey: "key", requestId: "r1", payload: payload("success") });
  first.enqueue({ apiKey: "key", requestId: "r2", payload: payload("refund", "r2") });
  first.stop();
  expect([...stored.values()].map(({ delivery }) => delivery.state)).toEqual(["queued", "queued", "queued"]);

  const { url, hits } = await receiver(() => 200);
  const second = createWebhookOutbox({ endpoints: new Map([["key", url]]), sign });
  second.restore([...stored.values()]);
  second.restore([...stored.values()]); // twice: nothing is sent twice
  await second.idle();
  expect(second.deliveries().map((d) => [d.state, d.url])).toEqual([
    ["delivered", url],
    ["delivered", url],
    ["delivered", url],
  ]);
  expect(hits).toHaveLength(3);
  const statuses = (requestId: string) =>
    hits
      .map((hit) => JSON.parse(hit.body) as { data: { status: string; requestId: string } })
      .filter((body) => body.data.requestId === requestId)
      .map((body) => body.data.status);
  expect(statuses("r1")).toEqual(["pending", "success"]);
  expect(hits.map((hit) => hit.id)).toEqual(expect.arrayContaining([...stored.keys()]));
});

test("custom headers per API key go with every attempt; none replaces a header the delivery sets", async () => {
  const seen: { raw: string[]; body: string; headers: Record<string, string> }[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      seen.push({ raw: request.rawHeaders, body, headers: request.headers as Record<string, string> });
      const keyedSoFar = seen.filter((hit) => hit.headers.authorization !== undefined).length;
      // The first attempt of the keyed endpoint fails, so its retry is seen too.
      response.writeHead(request.headers.authorization !== undefined && keyedSoFar === 1 ? 503 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push({ close: () => server.close() });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const outbox = createWebhookOutbox({
    endpoints: new Map([
      ["key", url],
      ["plain", url],
    ]),
    // Given straight to the outbox (createDevnet refuses such names before): dropped, whatever the case.
    headers: new Map([
      [
        "key",
        {
          Authorization: "Bearer gateway",
          "X-Signature-SHA256": "forged",
          "x-event-id": "forged",
          "CONTENT-TYPE": "text/plain",
        },
      ],
    ]),
    sign,
    baseDelayMs: 1,
  });
  outbox.enqueue({ apiKey: "key", requestId: "r1", payload: payload("pending") });
  outbox.enqueue({ apiKey: "plain", requestId: "r2", payload: payload("pending") });
  await outbox.idle();
  const keyed = seen.filter((hit) => hit.headers.authorization !== undefined);
  expect(keyed).toHaveLength(2); // the failed attempt and the retry
  for (const hit of keyed) {
    expect(hit.headers.authorization).toBe("Bearer gateway");
    expect(hit.headers["content-type"]).toBe("application/json");
    expect(hit.headers["x-event-id"]).toMatch(/^evt_/);
    // One signature header, the real one: the delivery verifies.
    expect(hit.raw.filter((name) => name.toLowerCase() === "x-signature-sha256")).toHaveLength(1);
    expect(() => verifyWebhook({ body: hit.body, headers: hit.headers, secret: "key" })).not.toThrow();
  }
  // Another key's endpoint gets none of them.
  const plain = seen.filter((hit) => hit.headers.authorization === undefined);
  expect(plain).toHaveLength(1);
});
