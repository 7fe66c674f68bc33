import { describe, expect, test } from "vitest";
import {
  createFakeHistory,
  type FakeHistoryFault,
  type FakeHistoryRequest,
  fakeHistoryFetch,
  fakeRequestId,
  startFakeHistoryServer,
} from "../../../../test/support/fakeHistory.js";
import { startFlakyProxy } from "../../../../test/support/flakyProxy.js";
import { createVirtualTime } from "../../../../test/support/virtualTime.js";
import { createBaseClient } from "../client/createBaseClient.js";
import { AbortError } from "../client/errors/request.js";
import { type CollectAttestationsParameters, collectAttestations } from "./collectAttestations.js";
import { CollectAttemptsExhaustedError, InvalidCollectOptionError } from "./errors.js";
import type { CollectAttestationsItem, CollectProgress } from "./types.js";

const baseUrl = "http://127.0.0.1:1";

/** A collection of a fake history on a virtual clock: the items, every request with its start time, the progress. */
async function collect({
  count = 120,
  apiKey = "key",
  latencyMs = 0,
  fault,
  withoutAttestation,
  ...parameters
}: Partial<CollectAttestationsParameters> & {
  count?: number;
  /** "" for none. */
  apiKey?: string;
  latencyMs?: number;
  fault?: (request: FakeHistoryRequest) => FakeHistoryFault | undefined;
  withoutAttestation?: string[];
} = {}) {
  const time = createVirtualTime();
  const history = createFakeHistory({ count });
  const requests: (FakeHistoryRequest & { at: number })[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const inner = fakeHistoryFetch(history, {
    fault,
    withoutAttestation,
    onRequest: (request) => requests.push({ ...request, at: time.now() }),
  });
  const client = createBaseClient({
    network: { baseUrl },
    ...(apiKey ? { apiKey } : {}),
    fetch: async (input, init) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        if (latencyMs > 0) await time.sleep({ ms: latencyMs });
        return await inner(input, init);
      } finally {
        inFlight--;
      }
    },
  });
  const progress: CollectProgress[] = [];
  const items: CollectAttestationsItem[] = [];
  const run = async () => {
    for await (const item of collectAttestations(client, {
      ratePerSecond: 50,
      now: time.now,
      sleep: time.sleep,
      random: () => 0.5,
      onProgress: (p) => progress.push(p),
      ...parameters,
    }))
      items.push(item);
  };
  const error = await time.run(run()).then(
    () => undefined,
    (e: unknown) => e,
  );
  const signatures = requests.filter((request) => request.path.includes("/signature"));
  const pages = requests.filter((request) => request.path.startsWith("/requests/v"));
  return { items, requests, signatures, pages, progress, error, history, mostInFlight, time };
}

/** The ids of the items, sorted (they come as their fetches end). */
const idsOf = (items: CollectAttestationsItem[]) =>
  items.map((item) => (item.type === "attestation" ? item.attestation.requestId : item.requestId)).sort();
/** The ids of the history's first `count` requests, sorted. */
const historyIds = (count: number) =>
  createFakeHistory({ count })
    .map((entry) => entry.requestId)
    .sort();

test("default: every listed request's attestation, once, pages followed to the end", async () => {
  const { items, pages, progress, error, history } = await collect({ count: 120 });
  expect(error).toBeUndefined();
  expect(items).toHaveLength(120);
  expect(items).toContainEqual({
    type: "attestation",
    attestation: {
      requestId: fakeRequestId(0),
      requestData: history[0]?.requestData,
      signature: history[0]?.signature,
    },
  });
  expect(idsOf(items)).toEqual(historyIds(120));
  // v3 (the client has a key), 50 a page, the total asked for on the first page only.
  expect(pages.map((page) => page.path.replace(/continuation=[^&]+/, "continuation=C"))).toEqual([
    "/requests/v3?limit=50&includeTotal=true",
    "/requests/v3?limit=50&continuation=C",
    "/requests/v3?limit=50&continuation=C",
  ]);
  expect(progress.at(-1)).toEqual({
    listed: 120,
    total: 120,
    listingDone: true,
    pages: 3,
    skipped: 0,
    collected: 120,
    unavailable: 0,
    retries: 0,
    rateLimited: 0,
    requests: 123,
  });
});

test("every request, pages included, starts on a turn of the pacer: never faster than the rate", async () => {
  const { requests, error } = await collect({ count: 200, ratePerSecond: 20, concurrency: 8, latencyMs: 7 });
  expect(error).toBeUndefined();
  expect(requests).toHaveLength(200 + 4);
  // At most 20 in any second.
  const starts = requests.map((request) => request.at);
  for (let i = 20; i < starts.length; i++)
    expect((starts[i] as number) - (starts[i - 20] as number)).toBeGreaterThanOrEqual(1000);
  // And as many as that, from the first second (paced evenly, one every 50 ms): 204 requests in
  // 10.2 s, and a few ms the answers took.
  expect(starts.at(-1)).toBeLessThan(10_250);
});

test("at most `concurrency` requests in flight, listing pages included", async () => {
  const { mostInFlight, items } = await collect({
    count: 100,
    ratePerSecond: 1000,
    concurrency: 3,
    latencyMs: 40,
  });
  expect(items).toHaveLength(100);
  expect(mostInFlight).toBe(3);
});

test("v2: the public listing without a key, /signature/v2, and no total", async () => {
  const { items, pages, progress } = await collect({ count: 30, apiKey: "", version: "v2", pageSize: 20 });
  expect(pages.map((page) => page.path.split("&")[0])).toEqual([
    "/requests/v2?limit=20",
    "/requests/v2?limit=20",
  ]);
  expect(items).toHaveLength(30);
  const first = items.find((item) => item.type === "attestation") as Extract<
    CollectAttestationsItem,
    { type: "attestation" }
  >;
  expect(first.attestation.requestData).toHaveProperty("destinationCurrency");
  expect(first.attestation.requestData).not.toHaveProperty("originAmount");
  expect(progress.at(-1)?.total).toBeUndefined();
});

test("the filters go to the listing as its parameters", async () => {
  const { pages } = await collect({
    count: 3,
    filters: { user: "0xabc", referrer: "app", apiKey: "key", startTimestamp: 100, endTimestamp: 200 },
  });
  expect(Object.fromEntries(new URL(pages[0]?.path ?? "", baseUrl).searchParams)).toEqual({
    user: "0xabc",
    referrer: "app",
    apiKey: "key",
    startTimestamp: "100",
    endTimestamp: "200",
    limit: "50",
    includeTotal: "true",
  });
});

test("have: what was collected before is skipped, not fetched", async () => {
  const had = new Set([0, 1, 2, 50, 119].map(fakeRequestId));
  const { items, signatures, progress } = await collect({ count: 120, have: (id) => had.has(id) });
  expect(items).toHaveLength(115);
  expect(idsOf(items).some((id) => had.has(id))).toBe(false);
  expect(signatures).toHaveLength(115);
  expect(progress.at(-1)).toMatchObject({ listed: 120, skipped: 5, collected: 115 });
});

test("a request without an attestation (404) is an unavailable item; the collection goes on", async () => {
  const missing = fakeRequestId(3);
  const { items, error, progress } = await collect({ count: 10, withoutAttestation: [missing] });
  expect(error).toBeUndefined();
  expect(items).toHaveLength(10);
  expect(items.filter((item) => item.type === "unavailable")).toMatchObject([
    { type: "unavailable", requestId: missing, error: { status: 404 } },
  ]);
  expect(progress.at(-1)).toMatchObject({ collected: 9, unavailable: 1 });
});

describe("429 and dropped connections", () => {
  test("a 429's Retry-After holds every request for that long; each request is still collected once", async () => {
    const { items, requests, progress } = await collect({
      count: 60,
      concurrency: 4,
      latencyMs: 5,
      fault: ({ n }) => (n === 10 ? { status: 429, headers: { "retry-after": "3" } } : undefined),
    });
    expect(idsOf(items)).toEqual(historyIds(60));
    const limited = requests.find((request) => request.n === 10)?.at as number;
    // Answered after its 5 ms; nothing started in the 3 s after that.
    const during = requests.filter((request) => request.at > limited && request.at < limited + 5 + 3000);
    expect(during).toEqual([]);
    expect(progress.at(-1)).toMatchObject({ retries: 1, rateLimited: 1, collected: 60 });
  });

  test("dropped connections are retried with backoff", async () => {
    const { items, progress } = await collect({
      count: 40,
      fault: ({ n }) => (n % 4 === 0 ? "drop" : n % 9 === 0 ? { status: 503 } : undefined),
    });
    expect(idsOf(items)).toEqual(historyIds(40));
    expect(progress.at(-1)?.retries).toBeGreaterThan(10);
  });

  test("a request that keeps failing ends the collection after maxAttempts: CollectAttemptsExhaustedError", async () => {
    const doomed = fakeRequestId(2);
    const { items, error, signatures } = await collect({
      count: 10,
      maxAttempts: 3,
      fault: ({ path }) => (path.includes(doomed) ? "drop" : undefined),
    });
    expect(error).toBeInstanceOf(CollectAttemptsExhaustedError);
    expect((error as CollectAttemptsExhaustedError).request).toBe(`GET /requests/${doomed}/signature`);
    expect(signatures.filter((request) => request.path.includes(doomed))).toHaveLength(3);
    // What came in before it gave up was yielded; it never was.
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(idsOf(items)).not.toContain(doomed);
  });
});

test("streams: a page is read only when the window has room, whatever the history's length", async () => {
  const time = createVirtualTime();
  const history = createFakeHistory({ count: 5000 });
  const paths: string[] = [];
  const client = createBaseClient({
    network: { baseUrl },
    apiKey: "key",
    fetch: fakeHistoryFetch(history, { onRequest: ({ path }) => paths.push(path) }),
  });
  const taken: string[] = [];
  await time.run(
    (async () => {
      for await (const item of collectAttestations(client, {
        pageSize: 10,
        concurrency: 2,
        ratePerSecond: 1000,
        now: time.now,
        sleep: time.sleep,
      })) {
        if (item.type === "attestation") taken.push(item.attestation.requestId);
        // The caller leaves the loop: nothing more is asked for.
        if (taken.length === 25) break;
      }
    })(),
  );
  const pages = paths.filter((path) => path.startsWith("/requests/v3")).length;
  const signatures = paths.filter((path) => path.includes("/signature")).length;
  // 25 taken and a window of 2 × 2 listed ahead: 3 or 4 pages of 10, not 500.
  expect(pages).toBeLessThanOrEqual(4);
  expect(signatures).toBeLessThanOrEqual(25 + 4);
});

test("an abort stops the collection with an AbortError", async () => {
  const time = createVirtualTime();
  const controller = new AbortController();
  const client = createBaseClient({
    network: { baseUrl },
    apiKey: "key",
    fetch: fakeHistoryFetch(createFakeHistory({ count: 100 })),
  });
  let taken = 0;
  const run = (async () => {
    for await (const _ of collectAttestations(client, {
      signal: controller.signal,
      now: time.now,
      sleep: time.sleep,
    }))
      if (++taken === 5) controller.abort();
  })();
  await expect(time.run(run)).rejects.toBeInstanceOf(AbortError);
  expect(taken).toBe(5);
});

test("options out of range are InvalidCollectOptionErrors", async () => {
  const client = createBaseClient({ network: { baseUrl } });
  for (const parameters of [
    { concurrency: 0 },
    { concurrency: 65 },
    { pageSize: 51 },
    { maxAttempts: 0 },
    { ratePerSecond: 0 },
    { retryDelayMs: -1 },
    { listing: "v1" as "v2" },
    { version: "v3" as "v2" },
  ])
    await expect(collectAttestations(client, parameters).next()).rejects.toBeInstanceOf(
      InvalidCollectOptionError,
    );
});

describe("through a loopback proxy that answers 429 and drops connections", () => {
  test("every attestation once, the failures retried", async () => {
    const history = createFakeHistory({ count: 300 });
    const service = await startFakeHistoryServer(history);
    const proxy = await startFlakyProxy(service.url);
    // At most the first two tries of a request fail, so no request runs out of attempts.
    proxy.plan = ({ n, seen }) =>
      seen > 2
        ? "forward"
        : n % 5 === 0
          ? { status: 429, headers: { "retry-after": "0" } }
          : n % 7 === 0
            ? "drop"
            : n % 11 === 0
              ? "drop-mid-body"
              : "forward";
    try {
      const client = createBaseClient({ network: { baseUrl: proxy.url }, apiKey: "key" });
      const items: CollectAttestationsItem[] = [];
      let last: CollectProgress | undefined;
      for await (const item of collectAttestations(client, {
        ratePerSecond: 5000,
        concurrency: 8,
        retryDelayMs: 1,
        onProgress: (progress) => (last = progress),
      }))
        items.push(item);
      expect(idsOf(items)).toEqual(historyIds(300));
      expect(items.every((item) => item.type === "attestation")).toBe(true);
      expect(proxy.counts.answered).toBeGreaterThan(10);
      expect(proxy.counts.dropped).toBeGreaterThan(10);
      expect(last).toMatchObject({ collected: 300, rateLimited: proxy.counts.answered });
      expect(last?.retries).toBe(proxy.counts.answered + proxy.counts.dropped);
      // Every request the proxy received is counted.
      expect(last?.requests).toBe(proxy.counts.received);
    } finally {
      await proxy.close();
      await service.close();
    }
  });
});
