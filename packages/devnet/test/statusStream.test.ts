// The devnet's websocket status stream, end to end: the live protocol seen by a plain websocket
// client, and the client's tracker (trackRequest, createStatusTracker) following real payments,
// through a stream restart.
import { createWalletClient, type Hex, http, zeroAddress } from "viem";
import { expect, test } from "vitest";
import WebSocket from "ws";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import {
  createStatusTracker,
  type WebSocketConstructor,
} from "../../attestkit/src/client/actions/createStatusTracker.js";
import { trackRequest } from "../../attestkit/src/client/actions/trackRequest.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { responseSchemas } from "../../attestkit/src/schemas/responses.js";

// A block time, so a payment takes a few blocks: there is time to restart the stream mid-way.
const { devnet, account } = useDevnet({ blockTimeMs: 200 });

const client = () => createClient({ network: { baseUrl: devnet().url } });

async function quote(accountIndex: number) {
  const payer = account(accountIndex);
  const answer = await client().getQuote({
    user: payer.address,
    originChainId: devnet().info.originChainId,
    destinationChainId: devnet().info.destinationChainId,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
  });
  const requestId = answer.steps[0]?.requestId as Hex;
  const data = answer.steps[0]?.items[0]?.data as { to: Hex; data: Hex; value: string };
  const send = () =>
    createWalletClient({
      account: payer,
      transport: http(devnet().info.chains[0]?.rpcUrl),
      pollingInterval: 50,
    }).sendTransaction({
      chain: null,
      to: data.to,
      data: data.data,
      value: BigInt(data.value),
    });
  return { requestId, send };
}

test("default: the live protocol: ready, subscribe, every status change pushed with publishedAt", async () => {
  const { requestId, send } = await quote(1);
  expect(devnet().info.webSocketUrl).toBe(devnet().url.replace("http://", "ws://"));
  const socket = new WebSocket(`${devnet().info.webSocketUrl}?apiKey=any-key`);
  const messages: Record<string, unknown>[] = [];
  socket.on("message", (data) => messages.push(JSON.parse(data.toString())));
  /** Resolves once the messages received so far satisfy `predicate`: checked on each message. */
  const until = (predicate: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!predicate()) return;
        socket.off("message", check);
        resolve();
      };
      socket.on("message", check);
      check();
    });
  await until(() => messages.length === 1);
  expect(messages[0]).toMatchObject({
    type: "connection",
    status: "ready",
    data: { id: expect.any(String) },
  });
  socket.send(
    JSON.stringify({ type: "subscribe", event: "request.status.updated", filters: { id: requestId } }),
  );
  await until(() => messages.length === 2);
  expect(messages[1]).toEqual({
    type: "subscribe",
    status: "success",
    data: { event: "request.status.updated", filters: { id: requestId } },
  });
  await send();
  await until(() => messages.some((m) => (m.data as { status?: string })?.status === "success"));
  const events = messages.slice(2);
  expect(events.map((m) => (m.data as { status: string }).status)).toEqual([
    "pending",
    "submitted",
    "success",
  ]);
  for (const event of events) {
    expect(event).toMatchObject({ event: "request.status.updated", publishedAt: expect.any(Number) });
    expect(responseSchemas.status.safeParse(event.data).success).toBe(true);
  }
  // The last event is what the status endpoint answers.
  const status = await (await fetch(`${devnet().url}/intents/status/v3?requestId=${requestId}`)).json();
  expect(events.at(-1)?.data).toEqual(status);
  socket.close();
});

test("trackRequest follows a payment to success over the stream (URL derived from the client)", async () => {
  const { requestId, send } = await quote(2);
  const seen: string[] = [];
  const tracked = trackRequest(client(), {
    requestId,
    onUpdate: (status) => seen.push(status.status),
  });
  await send();
  expect(await tracked).toMatchObject({ status: "success", requestId });
  expect(seen[0]).toBe("waiting");
  expect(seen.at(-1)).toBe("success");
});

test("a stream restart mid-payment: the tracker reconnects and still sees success", async () => {
  const { requestId, send } = await quote(3);
  // The tracker's sockets, watched through events: each one's first message (the ready message)
  // and its close code.
  const sockets: { ready: Promise<void>; closed: Promise<number> }[] = [];
  let opened!: () => void;
  const firstOpened = new Promise<void>((resolve) => {
    opened = resolve;
  });
  class WatchedWebSocket extends WebSocket {
    constructor(url: string) {
      super(url);
      sockets.push({
        ready: new Promise((resolve) => this.once("message", () => resolve())),
        closed: new Promise((resolve) => this.once("close", (code) => resolve(code))),
      });
      opened();
    }
  }
  const tracker = createStatusTracker(client(), {
    WebSocket: WatchedWebSocket as unknown as WebSocketConstructor,
    reconnect: { baseDelayMs: 50, maxDelayMs: 200 },
    pollIntervalMs: 100,
    // However slow the machine, the first connection is not given up before it is ready.
    connectTimeoutMs: 600_000,
  });
  const tracked = tracker.track({ requestId });
  try {
    await firstOpened;
    await sockets[0]?.ready;
    // The tracker read the same ready message (its listener runs in the same dispatch).
    expect(tracker.state()).toBe("connected");
    await send();
    devnet().restartStream();
    // The restart closed the connection (1012): the tracker was down, polling, and reconnects.
    expect(await sockets[0]?.closed).toBe(1012);
    expect(await tracked).toMatchObject({ status: "success" });
  } finally {
    tracker.close();
  }
});
