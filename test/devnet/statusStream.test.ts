// The devnet's websocket status stream, end to end: the live protocol seen by a plain websocket
// client, and the client's tracker (trackRequest, createStatusTracker) following real payments,
// through a stream restart.
import { createWalletClient, type Hex, http, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect, test } from "vitest";
import WebSocket from "ws";
import { createStatusTracker } from "../../src/client/actions/createStatusTracker.js";
import { trackRequest } from "../../src/client/actions/trackRequest.js";
import { createClient } from "../../src/client/createClient.js";
import { createDevnet, type Devnet } from "../../src/devnet/createDevnet.js";
import { responseSchemas } from "../../src/schemas/responses.js";

let devnet: Devnet;
beforeAll(async () => {
  // A block time, so a payment takes a few blocks: there is time to restart the stream mid-way.
  devnet = await createDevnet({ port: 0, blockTimeMs: 200, log: () => {} });
});
afterAll(async () => {
  await devnet?.stop();
});

const client = () => createClient({ network: { baseUrl: devnet.url } });

async function quote(accountIndex: number) {
  const account = privateKeyToAccount(
    (devnet.info.testAccounts[accountIndex] as { privateKey: Hex }).privateKey,
  );
  const answer = await client().getQuote({
    user: account.address,
    originChainId: devnet.info.originChainId,
    destinationChainId: devnet.info.destinationChainId,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
  });
  const requestId = answer.steps[0]?.requestId as Hex;
  const data = answer.steps[0]?.items[0]?.data as { to: Hex; data: Hex; value: string };
  const send = () =>
    createWalletClient({ account, transport: http(devnet.info.chains[0]?.rpcUrl) }).sendTransaction({
      chain: null,
      to: data.to,
      data: data.data,
      value: BigInt(data.value),
    });
  return { requestId, send };
}

test("default: the live protocol: ready, subscribe, every status change pushed with publishedAt", async () => {
  const { requestId, send } = await quote(1);
  expect(devnet.info.webSocketUrl).toBe(devnet.url.replace("http://", "ws://"));
  const socket = new WebSocket(`${devnet.info.webSocketUrl}?apiKey=any-key`);
  const messages: Record<string, unknown>[] = [];
  socket.on("message", (data) => messages.push(JSON.parse(data.toString())));
  const until = async (predicate: () => boolean) => {
    for (let i = 0; i < 400 && !predicate(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(predicate()).toBe(true);
  };
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
  const status = await (await fetch(`${devnet.url}/intents/status/v3?requestId=${requestId}`)).json();
  expect(events.at(-1)?.data).toEqual(status);
  socket.close();
});

test("trackRequest follows a payment to success over the stream (URL derived from the client)", async () => {
  const { requestId, send } = await quote(2);
  const seen: string[] = [];
  const tracked = trackRequest(client(), {
    requestId,
    timeoutMs: 30_000,
    onUpdate: (status) => seen.push(status.status),
  });
  await send();
  expect(await tracked).toMatchObject({ status: "success", requestId });
  expect(seen[0]).toBe("waiting");
  expect(seen.at(-1)).toBe("success");
});

test("a stream restart mid-payment: the tracker reconnects and still sees success", async () => {
  const { requestId, send } = await quote(3);
  const states: string[] = [];
  const tracker = createStatusTracker(client(), {
    reconnect: { baseDelayMs: 50, maxDelayMs: 200 },
    pollIntervalMs: 100,
  });
  const tracked = tracker.track({ requestId, timeoutMs: 30_000 });
  const watch = setInterval(() => {
    if (states.at(-1) !== tracker.state()) states.push(tracker.state());
  }, 5);
  try {
    for (let i = 0; i < 400 && tracker.state() !== "connected"; i++)
      await new Promise((r) => setTimeout(r, 10));
    await send();
    devnet.restartStream();
    expect(await tracked).toMatchObject({ status: "success" });
  } finally {
    clearInterval(watch);
    tracker.close();
  }
  // connected, then down after the restart, then connected again (unless it finished while down).
  const firstConnected = states.indexOf("connected");
  expect(firstConnected).toBeGreaterThanOrEqual(0);
  expect(states.slice(firstConnected)).toContain("down");
});
