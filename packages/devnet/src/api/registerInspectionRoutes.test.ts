import { devnetDepositoryAbi } from "attestkit/contracts";
import { createPublicClient, createWalletClient, encodeFunctionData, type Hex, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  createWebhookReceiver,
  type WebhookReceiver,
} from "../../../../test/support/createWebhookReceiver.js";
import { makeTempDir } from "../../../../test/support/tempDir.js";
import { nativeCurrencyAddress } from "../constants.js";
import { createDevnet, type Devnet } from "../createDevnet.js";
import type { InspectedRequest } from "./inspectRequest.js";

let devnet: Devnet;
let receiver: WebhookReceiver;
const apiKey = "inspection-key";

beforeAll(async () => {
  devnet = await createDevnet({ port: 0, indexIntervalMs: 20, log: () => {} });
  receiver = await createWebhookReceiver({ secret: apiKey });
});
afterAll(async () => {
  await devnet?.stop();
  await receiver?.close();
});

const origin = () => devnet.info.chains[0] as Devnet["info"]["chains"][number];
const account = (index: number) =>
  privateKeyToAccount((devnet.info.testAccounts[index] as { privateKey: Hex }).privateKey);

async function json(path: string, init?: RequestInit) {
  const response = await fetch(`${devnet.url}${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function quote(index: number, headers: Record<string, string> = {}) {
  const response = await fetch(`${devnet.url}/quote/v2`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({
      user: account(index).address,
      originChainId: origin().chainId,
      destinationChainId: devnet.info.chains[1]?.chainId,
      originCurrency: nativeCurrencyAddress,
      destinationCurrency: nativeCurrencyAddress,
      amount: parseEther("0.01").toString(),
      tradeType: "EXACT_INPUT",
    }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { requestId: Hex; protocol: { v2: { orderId: Hex } } };
}

async function deposit(index: number, id: Hex, value: bigint) {
  const wallet = createWalletClient({
    account: account(index),
    transport: http(origin().rpcUrl),
    pollingInterval: 50,
  });
  const hash = await wallet.sendTransaction({
    chain: null,
    to: origin().contracts.depository,
    data: encodeFunctionData({
      abi: devnetDepositoryAbi,
      functionName: "depositNative",
      args: [account(index).address, id],
    }),
    value,
  });
  await createPublicClient({ transport: http(origin().rpcUrl) }).waitForTransactionReceipt({
    hash,
    pollingInterval: 20,
  });
  return hash;
}

test("a registered endpoint gets the events of its key; the request shows history, order, deposit, deliveries and verdicts", async () => {
  const registered = await json("/devnet/webhooks/endpoints", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ apiKey, url: receiver.url }),
  });
  expect(registered.status).toBe(201);

  const { requestId, protocol } = await quote(1, { "x-api-key": apiKey });
  const hash = await deposit(1, requestId, parseEther("0.01"));
  await receiver.waitFor((events) => events.some(({ event }) => event.data.status === "success"));
  await devnet.idle();

  const { status, body } = await json(`/devnet/requests/${requestId}`);
  expect(status).toBe(200);
  const request = body as unknown as InspectedRequest & { verdicts: Record<string, { valid: boolean }> };
  expect(request.status).toBe("success");
  expect(request.history.map((h) => h.status)).toEqual(["waiting", "pending", "submitted", "success"]);
  expect(request.history.map((h) => h.at)).toEqual([...request.history.map((h) => h.at)].sort());
  expect(request.orderId).toBe(protocol.v2.orderId);
  expect(request.protocol?.orderSignature).toMatch(/^0x[0-9a-f]{130}$/);
  expect(request.deposit).toMatchObject({
    txHash: hash,
    amount: parseEther("0.01").toString(),
    id: requestId,
  });
  expect(request.txHashes).toHaveLength(1);
  expect(request.webhooks.map((w) => w.state)).toEqual(["delivered", "delivered", "delivered"]);
  expect(request.webhooks.every((w) => w.url === receiver.url && w.attempts === 1)).toBe(true);
  expect(request.verdicts.attestationV1?.valid).toBe(true);
  expect(request.verdicts.attestationV2?.valid).toBe(true);
  expect(request.verdicts.order?.valid).toBe(true);

  // The same request by its order id; and listed, newest first.
  expect((await json(`/devnet/requests/${protocol.v2.orderId}`)).body.requestId).toBe(requestId);
  const second = await quote(2);
  const list = await json("/devnet/requests?limit=2");
  const ids = (list.body.requests as InspectedRequest[]).map((r) => r.requestId);
  expect(ids).toEqual([second.requestId, requestId]);
});

test("a refunded request keeps its refund in the history", async () => {
  const { requestId } = await quote(3);
  await deposit(3, requestId, parseEther("0.01") - 1n);
  await devnet.idle();
  const { body } = await json(`/devnet/requests/${requestId}`);
  expect(body.status).toBe("refund");
  expect((body.history as { status: string }[]).map((h) => h.status)).toEqual([
    "waiting",
    "pending",
    "refund",
  ]);
  expect(body.failReason).toBe("DEPOSITED_AMOUNT_TOO_LOW_TO_FILL");
});

test("bad input: ids, limits, endpoint bodies", async () => {
  expect(await json(`/devnet/requests/0x${"ab".repeat(32)}`)).toMatchObject({
    status: 404,
    body: { code: "REQUEST_NOT_FOUND" },
  });
  expect(await json("/devnet/requests/0x12")).toMatchObject({
    status: 400,
    body: { code: "INVALID_REQUEST_ID" },
  });
  for (const limit of ["0", "201", "1.5", "x"])
    expect(await json(`/devnet/requests?limit=${limit}`)).toMatchObject({
      status: 400,
      body: { code: "INVALID_LIMIT" },
    });
  const post = (body: string) =>
    json("/devnet/webhooks/endpoints", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
  expect(await post("{")).toMatchObject({ status: 400, body: { code: "INVALID_API_KEY" } });
  expect(await post(JSON.stringify({ apiKey: "", url: "http://127.0.0.1:1/" }))).toMatchObject({
    status: 400,
    body: { code: "INVALID_API_KEY" },
  });
  expect(await post(JSON.stringify({ apiKey: "k", url: "ftp://127.0.0.1/" }))).toMatchObject({
    status: 400,
    body: { code: "INVALID_URL" },
  });
  expect(await post(JSON.stringify({ apiKey: "k", url: "not a url" }))).toMatchObject({
    status: 400,
    body: { code: "INVALID_URL" },
  });
});

test("an endpoint set at run time is removed by its id: its key's events stop; the key's newer URL is not removed by the older id", async () => {
  const key = "removable-key";
  const webhookUrls = async () =>
    ((await json("/devnet/info")).body.webhooks as { url: string }[]).map((w) => w.url);
  const set = async (url: string) => {
    const { status, body } = await json("/devnet/webhooks/endpoints", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ apiKey: key, url }),
    });
    expect(status).toBe(201);
    return (body as { endpoint: { id: string; url: string } }).endpoint;
  };
  const remove = (id: string) => json(`/devnet/webhooks/endpoints/${id}`, { method: "DELETE" });
  const older = await set("http://127.0.0.1:9/older");
  const newer = await set("http://127.0.0.1:9/newer");
  expect(older.id).toMatch(/^whe_[0-9a-f]{24}$/);
  expect(newer).toEqual({ id: expect.stringMatching(/^whe_[0-9a-f]{24}$/), url: "http://127.0.0.1:9/newer" });
  expect(newer.id).not.toBe(older.id);

  // The key now posts to the newer URL: the older id names nothing, and the newer URL stays.
  expect(await remove(older.id)).toMatchObject({ status: 404, body: { code: "ENDPOINT_NOT_FOUND" } });
  expect(await webhookUrls()).toContain(newer.url);
  expect(await remove(newer.id)).toEqual({ status: 200, body: { removed: newer } });
  expect(await webhookUrls()).not.toContain(newer.url);
  expect(await remove(newer.id)).toMatchObject({ status: 404, body: { code: "ENDPOINT_NOT_FOUND" } });

  // A request quoted with the key now posts nothing.
  const { requestId } = await quote(4, { "x-api-key": key });
  await devnet.idle();
  expect(devnet.webhookDeliveries().filter((d) => d.requestId === requestId)).toEqual([]);
});

test("with --state, an endpoint set at run time is kept across a restart", async () => {
  const dir = makeTempDir("endpoints");
  const first = await createDevnet({ port: 0, stateDir: dir, log: () => {} });
  const response = await fetch(`${first.url}/devnet/webhooks/endpoints`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ apiKey: "kept-key", url: "http://127.0.0.1:9/kept" }),
  });
  expect(response.status).toBe(201);
  // One removed before the restart stays removed.
  const removed = await fetch(`${first.url}/devnet/webhooks/endpoints`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ apiKey: "removed-key", url: "http://127.0.0.1:9/removed" }),
  });
  const { endpoint } = (await removed.json()) as { endpoint: { id: string } };
  expect(
    (await fetch(`${first.url}/devnet/webhooks/endpoints/${endpoint.id}`, { method: "DELETE" })).status,
  ).toBe(200);
  await first.stop();
  const second = await createDevnet({ port: 0, stateDir: dir, log: () => {} });
  try {
    const info = (await (await fetch(`${second.url}/devnet/info`)).json()) as {
      webhooks: { url: string }[];
    };
    expect(info.webhooks.map((w) => w.url)).toContain("http://127.0.0.1:9/kept");
    expect(info.webhooks.map((w) => w.url)).not.toContain("http://127.0.0.1:9/removed");
  } finally {
    await second.stop();
  }
});
