import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test, vi } from "vitest";
import WebSocket from "ws";
import { pollUntil } from "../../../../test/support/pollUntil.js";
import { createStatusStream, type StatusStream } from "./createStatusStream.js";

const idA = `0x${"aa".repeat(32)}`;
const idB = `0x${"bb".repeat(32)}`;
const opened: { server: Server; stream: StatusStream }[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const { server, stream } of opened.splice(0)) {
    await stream.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function start(options: Partial<Parameters<typeof createStatusStream>[0]> = {}) {
  const server = createServer((_, response) => response.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const stream = createStatusStream({ server, now: () => 1234, ...options });
  opened.push({ server, stream });
  return { stream, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A client that queues every message it receives. */
async function connect(url: string) {
  const socket = new WebSocket(url);
  const messages: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  socket.on("message", (data) => {
    messages.push(JSON.parse(data.toString()));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  /** The next message: waits for it to arrive, however long that takes. */
  const next = async (): Promise<Record<string, unknown>> => {
    while (messages.length === 0) await new Promise<void>((resolve) => waiters.push(resolve));
    return messages.shift() as Record<string, unknown>;
  };
  const send = (message: unknown) =>
    socket.send(typeof message === "string" ? message : JSON.stringify(message));
  return { socket, next, send, messages, closed };
}

const subscribe = (id: string) => ({ type: "subscribe", event: "request.status.updated", filters: { id } });
const status = (requestId: string, value: string) => ({
  status: value,
  inTxHashes: [],
  txHashes: [],
  updatedAt: 1,
  originChainId: 1,
  destinationChainId: 2,
  depositAddress: null,
  requestId,
  referrer: null,
  details: null,
  failReason: "N/A",
  refundFailReason: "N/A",
});

test("default: ready, subscribe, events of the followed request only, unsubscribe", async () => {
  const { stream, url } = await start();
  const a = await connect(`${url}/?apiKey=any`);
  const ready = await a.next();
  expect(ready).toMatchObject({ type: "connection", status: "ready", data: { id: expect.any(String) } });
  a.send(subscribe(idA));
  expect(await a.next()).toEqual({
    type: "subscribe",
    status: "success",
    data: { event: "request.status.updated", filters: { id: idA } },
  });
  stream.publish(status(idB, "pending"));
  stream.publish(status(idA.toUpperCase().replace("0X", "0x"), "pending"));
  expect(await a.next()).toEqual({
    event: "request.status.updated",
    data: status(idA.toUpperCase().replace("0X", "0x"), "pending"),
    publishedAt: 1234,
  });
  a.send({ type: "unsubscribe", event: "request.status.updated", filters: { id: idA } });
  expect(await a.next()).toEqual({
    type: "unsubscribe",
    status: "success",
    data: { event: "request.status.updated" },
  });
  stream.publish(status(idA, "success"));
  // A round trip after the publish: had the event been sent, it would arrive before this answer.
  a.send(subscribe(idB));
  expect(await a.next()).toMatchObject({ type: "subscribe", status: "success" });
  expect(a.messages).toEqual([]);
  a.socket.close();
});

test("malformed messages are answered with an error and the connection stays", async () => {
  const { stream, url } = await start({ maxSubscriptions: 1 });
  const a = await connect(url);
  await a.next();
  for (const [message, text] of [
    ["{not json", "not JSON"],
    ["5", "not an object"],
    [{ type: "listen", event: "request.status.updated" }, "type must be"],
    [{ type: "subscribe", event: "other" }, "event must be"],
    [{ type: "subscribe", event: "request.status.updated" }, "filters.id"],
    [subscribe("0x12"), "filters.id"],
  ] as const) {
    a.send(message);
    const answer = await a.next();
    expect(answer).toMatchObject({ type: "error", status: "error" });
    expect(String((answer.data as { message: string }).message)).toContain(text);
  }
  a.send(subscribe(idA));
  expect(await a.next()).toMatchObject({ status: "success" });
  a.send(subscribe(idA)); // the same id again is fine
  expect(await a.next()).toMatchObject({ status: "success" });
  a.send(subscribe(idB));
  expect(await a.next()).toMatchObject({
    type: "error",
    data: { message: expect.stringContaining("At most 1") },
  });
  stream.publish(status(idA, "pending"));
  expect(await a.next()).toMatchObject({ event: "request.status.updated" });
});

test("bounded: other paths 404, connections over the limit 503", async () => {
  const { stream, url } = await start({ maxConnections: 1 });
  await expect(connect(`${url}/ws`)).rejects.toThrow(/404/);
  const a = await connect(url);
  await a.next();
  await expect(connect(url)).rejects.toThrow(/503/);
  a.socket.close();
  await a.closed;
  // The server sees the close on its own socket: the slot is freed then.
  await pollUntil("the freed slot", () => stream.connections() === 0 || undefined);
  const b = await connect(url);
  expect(await b.next()).toMatchObject({ status: "ready" });
  b.socket.close();
});

test("restart closes every connection with 1012 and accepts new ones; stop refuses them", async () => {
  const { stream, url } = await start();
  const a = await connect(url);
  await a.next();
  expect(stream.connections()).toBe(1);
  stream.restart();
  expect(await a.closed).toBe(1012);
  const b = await connect(url);
  expect(await b.next()).toMatchObject({ status: "ready" });
  await stream.stop();
  expect(await b.closed).toBe(1006);
  // Stopped: no upgrade is served any more.
  await expect(connect(url)).rejects.toThrow(/Unexpected server response/);
});

test("a connection that stops answering pings is dropped", async () => {
  // The heartbeat on a fake clock: it beats when the test moves the clock, never on its own.
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  const { stream, url } = await start({ heartbeatMs: 20 });
  const a = await connect(url);
  await a.next();
  // Stop answering pings: ws answers them automatically unless the socket is paused.
  a.socket.pause();
  // The first beat pings and marks the connection; the second finds no pong and drops it.
  vi.advanceTimersByTime(20);
  expect(stream.connections()).toBe(1);
  vi.advanceTimersByTime(20);
  await pollUntil("the dropped connection", () => stream.connections() === 0 || undefined);
});
