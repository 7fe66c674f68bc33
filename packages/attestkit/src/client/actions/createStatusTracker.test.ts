import { randomUUID } from "node:crypto";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from "vitest";
import { type WebSocket, WebSocketServer, WebSocket as WsWebSocket } from "ws";
import { createFakeClock, type FakeClock } from "../../../../../test/support/createFakeClock.js";
import { requestId } from "../../../../../test/support/fixtures.js";
import { createTestServer, type TestServer } from "../../../../../test/support/testServer.js";
import { InvalidRequestError } from "../../schemas/errors.js";
import { createBaseClient } from "../createBaseClient.js";
import { AbortError, ApiError } from "../errors/request.js";
import { RequestNotFoundError, UnknownStatusError, WaitForStatusTimeoutError } from "../errors/status.js";
import {
  type CreateStatusTrackerParameters,
  createStatusTracker,
  type StatusTracker,
  type WebSocketConstructor,
} from "./createStatusTracker.js";
import { trackRequest } from "./trackRequest.js";

const otherId = `0x${"77".repeat(32)}`;

/** The status the HTTP endpoint answers (per request id), with an increasing updatedAt. */
let http: TestServer;
const current = new Map<string, string>();
let clock = 1;
const body = (id: string, status: string) => ({
  status,
  requestId: id,
  inTxHashes: [],
  txHashes: [],
  updatedAt: clock++,
  originChainId: 1,
  destinationChainId: 2,
  failReason: status === "failure" ? "UNKNOWN" : "N/A",
  refundFailReason: "N/A",
});

/** A websocket server speaking the live protocol, driven by the test. */
type Stream = {
  url: string;
  sockets: WebSocket[];
  subscribed: string[];
  /** Sends an event to every open socket. */
  push: (id: string, status: string) => void;
  /** Do not send the ready message on new connections. */
  silent: boolean;
  /** Say ready, but never acknowledge a subscription. */
  ackless: boolean;
  close: () => Promise<void>;
};
let stream: Stream;

async function createStream(): Promise<Stream> {
  // A path of its own: a client elsewhere still reconnecting to this port's previous server (in this
  // or another test process) is refused, so it never counts as one of this test's sockets.
  const path = `/stream-${randomUUID()}`;
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", path });
  await new Promise((resolve) => wss.once("listening", resolve));
  const result: Stream = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}${path}`,
    sockets: [],
    subscribed: [],
    silent: false,
    ackless: false,
    push(id, status) {
      for (const socket of result.sockets)
        if (socket.readyState === socket.OPEN)
          socket.send(
            JSON.stringify({ event: "request.status.updated", data: body(id, status), publishedAt: 1 }),
          );
    },
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const socket of wss.clients) socket.terminate();
        wss.close(() => resolve());
      }),
  };
  let closing = false;
  wss.on("connection", (socket) => {
    if (closing) return socket.terminate();
    result.sockets.push(socket);
    socket.on("message", (data) => {
      const message = JSON.parse(data.toString());
      if (message.type !== "subscribe") return;
      result.subscribed.push(message.filters.id);
      if (result.ackless) return;
      socket.send(
        JSON.stringify({
          type: "subscribe",
          status: "success",
          data: { event: message.event, filters: message.filters },
        }),
      );
    });
    if (!result.silent)
      socket.send(JSON.stringify({ type: "connection", status: "ready", data: { id: "t" } }));
  });
  return result;
}

beforeAll(async () => {
  http = await createTestServer();
});
afterAll(() => http.close());
beforeEach(async () => {
  time = createFakeClock();
  http.reset();
  current.clear();
  http.on("GET", "/intents/status/v3", (request) => {
    const id = request.query.requestId as string;
    const status = current.get(id);
    return status
      ? { body: body(id, status) }
      : { status: 404, body: { message: "not found", code: "REQUEST_NOT_FOUND" } };
  });
  stream = await createStream();
});
afterEach(async () => {
  cleanup.abort();
  cleanup = new AbortController();
  for (const created of trackers.splice(0)) created.close();
  await stream.close();
});

/**
 * The trackers' clock (polls, windows, reconnections, timeouts): its time moves only when a test
 * moves it, so what a test sees never depends on how fast the machine is.
 */
let time: FakeClock;

const client = () => createBaseClient({ network: { baseUrl: http.url }, retry: false });
// Every tracker and track of a test ends with it, even a failed one (no reconnects left running).
let cleanup = new AbortController();
const trackers: StatusTracker[] = [];
const trackerOf = (parameters: CreateStatusTrackerParameters) => {
  const created = createStatusTracker(client(), parameters);
  trackers.push(created);
  return created;
};
const track = (parameters: Parameters<typeof trackRequest>[1]) =>
  trackRequest(client(), {
    ...parameters,
    signal: parameters.signal ? AbortSignal.any([parameters.signal, cleanup.signal]) : cleanup.signal,
  });
const fast = () => ({
  webSocketUrl: stream.url,
  pollIntervalMs: 20,
  reconnect: { baseDelayMs: 10, maxDelayMs: 40 },
  clock: time,
});
// Waits for a condition that, once true, stays true (a count reached, a subscription made). Between
// checks one turn of the event loop lets sockets and HTTP answers in, and the trackers' clock moves
// `msPerTurn`: 0 (the default) runs only the timers already due, so no poll interval, window or
// backoff passes unless the test asks for it.
const until = async (predicate: () => boolean, { msPerTurn = 0 } = {}) => {
  while (!predicate()) await time.advance(msPerTurn);
};
// Waits for a track (or any promise) to settle while the trackers' clock moves `msPerTurn` a turn
// (default 1), and answers what it answers.
const settle = async <value>(promise: Promise<value>, { msPerTurn = 1 } = {}): Promise<value> => {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await until(() => settled, { msPerTurn });
  return promise;
};
const polls = () => http.requestsTo("GET", "/intents/status/v3").length;

test("default: subscribes with the live message, follows pushed events to success, then disconnects", async () => {
  current.set(requestId, "waiting");
  const seen: string[] = [];
  const tracker = trackerOf({
    ...fast(),
    apiKey: "k 1",
    connectedPollIntervalMs: 60_000,
  });
  const done = tracker.track({ requestId, onUpdate: (status) => seen.push(status.status) });
  await until(() => stream.subscribed.includes(requestId) && seen.length === 1);
  expect(tracker.state()).toBe("connected");
  stream.push(requestId, "pending");
  stream.push(requestId, "submitted");
  stream.push(otherId, "refund"); // another request: ignored
  stream.push(requestId, "success");
  expect(await done).toMatchObject({ status: "success", requestId });
  expect(seen).toEqual(["waiting", "pending", "submitted", "success"]);
  // Pushed, not polled: the first answer and the catch-up after subscribing (skipped when the
  // first is still in flight, and it may land after the pushes) are the only polls; one per
  // event would make five.
  expect(polls()).toBeLessThanOrEqual(2);
  expect(tracker.state()).toBe("idle");
  await until(() => stream.sockets[0]?.readyState === stream.sockets[0]?.CLOSED);
  expect(stream.sockets).toHaveLength(1);
});

test("the stream restarts: reconnects with backoff, subscribes again, catches up by a poll", async () => {
  current.set(requestId, "pending");
  const tracker = trackerOf(fast());
  const done = tracker.track({ requestId });
  await until(() => stream.subscribed.length === 1);
  for (const socket of stream.sockets) socket.close(1012, "service restart");
  // While it is away the request moves on: the catch-up poll after resubscribing sees it.
  current.set(requestId, "submitted");
  await until(() => stream.subscribed.length === 2, { msPerTurn: 1 });
  expect(stream.sockets).toHaveLength(2);
  await until(() => tracker.state() === "connected");
  current.set(requestId, "success");
  stream.push(requestId, "success");
  expect(await done).toMatchObject({ status: "success" });
});

test("no stream at all: polls until final, and keeps trying to connect", async () => {
  current.set(requestId, "pending");
  // No websocket there: the HTTP test server's port (held for the whole file, so no other server can
  // take it) answers the upgrade with a 404, and records each attempt.
  const tracker = trackerOf({ ...fast(), webSocketUrl: `${http.url.replace("http:", "ws:")}/no-stream` });
  const done = tracker.track({ requestId });
  await until(() => polls() >= 3 && http.requestsTo("GET", "/no-stream").length >= 2, { msPerTurn: 1 });
  expect(tracker.state()).not.toBe("connected");
  current.set(requestId, "refund");
  expect(await settle(done)).toMatchObject({ status: "refund" });
});

test("a connection that never says ready is dropped after connectTimeoutMs and retried", async () => {
  stream.silent = true;
  current.set(requestId, "pending");
  const tracker = trackerOf({ ...fast(), connectTimeoutMs: 200 });
  const done = tracker.track({ requestId });
  await until(() => stream.sockets.length >= 2, { msPerTurn: 1 });
  stream.silent = false;
  await until(() => tracker.state() === "connected", { msPerTurn: 1 });
  // Pushed once the request is subscribed on the new connection (an event before it is not
  // delivered); the status endpoint says the same, so a poll may end the wait first.
  await until(() => stream.subscribed.includes(requestId));
  current.set(requestId, "success");
  stream.push(requestId, "success");
  expect(await settle(done)).toMatchObject({ status: "success" });
});

test("failure is not final: a later status wins; a failure that stands the grace period ends the wait", async () => {
  current.set(requestId, "pending");
  const seen: string[] = [];
  const first = track({
    ...fast(),
    requestId,
    failureGraceMs: 5_000,
    onUpdate: (status) => seen.push(status.status),
  });
  await until(() => stream.subscribed.length === 1);
  stream.push(requestId, "failure");
  stream.push(requestId, "pending");
  current.set(requestId, "refund");
  stream.push(requestId, "refund");
  expect(await first).toMatchObject({ status: "refund" });
  expect(seen).toEqual(["pending", "failure", "pending", "refund"]);

  current.set(otherId, "pending");
  const second = track({ ...fast(), requestId: otherId, failureGraceMs: 60 });
  await until(() => stream.subscribed.includes(otherId));
  current.set(otherId, "failure");
  stream.push(otherId, "failure");
  const started = time.now();
  expect(await settle(second)).toMatchObject({ status: "failure", failReason: "UNKNOWN" });
  expect(time.now() - started).toBeGreaterThanOrEqual(50);
});

test("one connection for many requests", async () => {
  current.set(requestId, "pending");
  current.set(otherId, "pending");
  const tracker = trackerOf(fast());
  const both = Promise.all([tracker.track({ requestId }), tracker.track({ requestId: otherId })]);
  await until(() => stream.subscribed.length === 2);
  stream.push(requestId, "success");
  stream.push(otherId, "refund");
  expect((await both).map((status) => status.status)).toEqual(["success", "refund"]);
  expect(stream.sockets).toHaveLength(1);
  await expect(tracker.track({ requestId: "0x12" })).rejects.toBeInstanceOf(InvalidRequestError);
});

test("bounded: timeout, abort, close, and an error that is not transient", async () => {
  current.set(requestId, "pending");
  const timedOut = await settle(track({ ...fast(), requestId, timeoutMs: 1000 })).catch((e: unknown) => e);
  expect(timedOut).toBeInstanceOf(WaitForStatusTimeoutError);
  expect(timedOut).toMatchObject({ lastStatus: { status: "pending" } });

  const controller = new AbortController();
  const aborted = track({ ...fast(), requestId, signal: controller.signal });
  time.setTimeout(() => controller.abort(), 30);
  await expect(settle(aborted)).rejects.toBeInstanceOf(AbortError);
  await expect(track({ ...fast(), requestId, signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
    AbortError,
  );

  const tracker = trackerOf(fast());
  const closed = tracker.track({ requestId });
  time.setTimeout(() => tracker.close(), 30);
  await expect(settle(closed)).rejects.toBeInstanceOf(AbortError);
  await expect(tracker.track({ requestId })).rejects.toBeInstanceOf(AbortError);

  http.on("GET", "/intents/status/v3", { status: 400, body: { message: "bad", code: "INVALID_REQUEST_ID" } });
  const refused = await settle(track({ ...fast(), requestId })).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(ApiError);
  expect(refused).toMatchObject({ status: 400 });
});

test("a request unknown at first (404) is waited out; a stale poll never moves the status back", async () => {
  const seen: string[] = [];
  const done = track({
    ...fast(),
    connectedPollIntervalMs: 20,
    requestId,
    onUpdate: (s) => seen.push(s.status),
  });
  await until(() => polls() >= 2 && stream.subscribed.length === 1, { msPerTurn: 1 });
  stream.push(requestId, "submitted");
  await until(() => seen.length === 1);
  // The HTTP answer lags behind (an older updatedAt than the event's): ignored.
  clock -= 100;
  current.set(requestId, "pending");
  const before = polls();
  await until(() => polls() >= before + 3, { msPerTurn: 1 });
  clock += 200;
  stream.push(requestId, "success");
  expect(await done).toMatchObject({ status: "success" });
  expect(seen).toEqual(["submitted", "success"]);
});

test("the ws package works as the WebSocket implementation", async () => {
  current.set(requestId, "pending");
  const done = track({
    ...fast(),
    requestId,
    WebSocket: WsWebSocket as unknown as WebSocketConstructor,
  });
  await until(() => stream.subscribed.length === 1);
  stream.push(requestId, "success");
  expect(await done).toMatchObject({ status: "success" });
});

test("as waitForStatus: 404 past the not-found window, an unknown status, and malformed answers waited out", async () => {
  // Never known: a RequestNotFoundError once the window has passed.
  const notFound = await settle(track({ ...fast(), requestId, notFoundWindowMs: 60 })).catch(
    (e: unknown) => e,
  );
  expect(notFound).toBeInstanceOf(RequestNotFoundError);

  current.set(requestId, "exploded");
  const unknown = await settle(track({ ...fast(), requestId })).catch((e: unknown) => e);
  expect(unknown).toBeInstanceOf(UnknownStatusError);
  expect(unknown).toMatchObject({ status: "exploded" });

  // A proxy's HTML page twice, then the status: waited out.
  http.on(
    "GET",
    "/intents/status/v3",
    { status: 502, raw: "<html>bad gateway</html>" },
    { raw: "<html>not json</html>" },
    { body: body(requestId, "success") },
  );
  expect(await settle(track({ ...fast(), requestId }))).toMatchObject({ status: "success" });
});

/** The part of Node's WebSocket a test overrides (a method, so that a subclass may override it). */
interface NativeSocket {
  close(code?: number, reason?: string): void;
}

/** A TCP server that accepts connections and never answers: a websocket handshake that hangs. */
async function createMuteServer() {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    sockets,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

test("a handshake never answered (Node's WebSocket): polling takes over after the ready window, every time", async () => {
  const mute = await createMuteServer();
  try {
    current.set(requestId, "pending");
    // Node's own WebSocket (the default), not the ws package.
    expect(typeof (globalThis as { WebSocket?: unknown }).WebSocket).toBe("function");
    const tracker = trackerOf({ ...fast(), webSocketUrl: mute.url, connectTimeoutMs: 50 });
    const done = tracker.track({ requestId, timeoutMs: 600_000 });
    done.catch(() => {}); // Settled by the tracker's cleanup if a check below fails.
    // Each attempt is dropped when its window ends (down, then retried); the tracker polls meanwhile.
    await until(() => mute.sockets.length >= 3 && polls() >= 3, { msPerTurn: 1 });
    current.set(requestId, "success");
    expect(await settle(done)).toMatchObject({ status: "success" });
    expect(tracker.state()).toBe("idle");
  } finally {
    await mute.close();
  }
});

test("close() is safe while a handshake hangs: each socket is closed once, the track ends with AbortError", async () => {
  const mute = await createMuteServer();
  try {
    current.set(requestId, "pending");
    // Node's WebSocket, counting close(): closing it while it connects fires `error` inside close().
    const Native = (globalThis as unknown as { WebSocket: new (url: string) => NativeSocket }).WebSocket;
    const closes: number[] = [];
    let secondAttempt!: () => void;
    const connectingAgain = new Promise<void>((resolve) => {
      secondAttempt = resolve;
    });
    class Counted extends Native {
      readonly index = closes.push(0) - 1;
      constructor(url: string) {
        super(url);
        if (this.index === 1) secondAttempt();
      }
      override close(code?: number, reason?: string) {
        closes[this.index] = (closes[this.index] ?? 0) + 1;
        // A runaway recursion is stopped here rather than by a stack overflow.
        if ((closes[this.index] ?? 0) > 10) throw new Error("close() re-entered");
        super.close(code, reason);
      }
    }
    const tracker = trackerOf({
      ...fast(),
      webSocketUrl: mute.url,
      connectTimeoutMs: 50,
      WebSocket: Counted as unknown as WebSocketConstructor,
    });
    const done = tracker.track({ requestId }).catch((e: unknown) => e);
    // The first attempt timed out (the server never answers its handshake); the tracker has just
    // made its second socket. A turn later (no timer can fire before it) it is still connecting:
    // close it from the tracker then.
    await settle(connectingAgain);
    await new Promise((resolve) => setImmediate(resolve));
    expect(tracker.state()).toBe("connecting");
    tracker.close();
    expect(await done).toBeInstanceOf(AbortError);
    tracker.close();
    expect(closes.length).toBeGreaterThanOrEqual(2);
    expect(closes.every((count) => count === 1)).toBe(true);
  } finally {
    await mute.close();
  }
});

test("an unknown status on the stream is judged by a poll: it ends the wait only if the endpoint says it too", async () => {
  current.set(requestId, "pending");
  const seen: string[] = [];
  const done = track({
    ...fast(),
    connectedPollIntervalMs: 60_000,
    requestId,
    onUpdate: (status) => seen.push(status.status),
  });
  await until(() => stream.subscribed.includes(requestId) && seen.length === 1);
  const before = polls();
  stream.push(requestId, "exploded");
  await until(() => polls() > before);
  current.set(requestId, "success");
  stream.push(requestId, "success");
  expect(await done).toMatchObject({ status: "success" });
  expect(seen).toEqual(["pending", "success"]);

  // The endpoint says it too: as waitForStatus, an UnknownStatusError.
  current.set(otherId, "pending");
  const other = track({ ...fast(), connectedPollIntervalMs: 60_000, requestId: otherId }).catch(
    (e: unknown) => e,
  );
  await until(() => stream.subscribed.includes(otherId));
  current.set(otherId, "exploded");
  stream.push(otherId, "exploded");
  expect(await settle(other)).toBeInstanceOf(UnknownStatusError);
});

test("a stream that says ready but never acknowledges the subscription: polling takes over within the ready window", async () => {
  stream.ackless = true;
  current.set(requestId, "pending");
  const tracker = trackerOf({ ...fast(), connectTimeoutMs: 50, connectedPollIntervalMs: 600_000 });
  const done = tracker.track({ requestId, timeoutMs: 600_000 });
  done.catch(() => {}); // Settled by the tracker's cleanup if a check below fails.
  await until(() => stream.subscribed.includes(requestId));
  // Not the safety interval: the poll interval, and the unanswered connection is dropped and retried.
  const before = polls();
  await until(() => polls() >= before + 3 && stream.sockets.length >= 2, { msPerTurn: 1 });
  current.set(requestId, "success");
  expect(await settle(done)).toMatchObject({ status: "success" });
});
