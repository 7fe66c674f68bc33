// GET /chains fields a wallet reads besides the chain's identity, each backed by the devnet: the
// explorer (explorerUrl: the devnet's own, which answers /tx/<hash> and /address/<address>; Bitcoin's
// Esplora), the websocket JSON-RPC (wsRpcUrl), the fees (withdrawalFee: the service fee a quote
// charges; depositFee 0; no surge), and partialDisableLimit (0, or the limit an incident sets: quotes
// and prices worth more are refused with ROUTE_TEMPORARILY_RESTRICTED).
import { createPublicClient, type Hex, parseEther, webSocket } from "viem";
import { expect, test } from "vitest";
import WebSocket from "ws";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { nativeCurrencyAddress } from "../src/constants.js";

const { devnet, origin, destination, account, wallet, client } = useDevnet();
const chainsById = async () => new Map((await client().getChains()).chains.map((chain) => [chain.id, chain]));
const getJson = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

test("default: each chain's explorer answers the paths a wallet appends: a paid request's transactions and addresses", async () => {
  const chains = await chainsById();
  const originChain = chains.get(origin().chainId);
  expect(originChain).toMatchObject({
    explorerUrl: `${devnet().url}/explorer/${origin().chainId}`,
    explorerName: "Devnet explorer",
  });
  expect(chains.get(8253038)).toMatchObject({
    explorerUrl: `${devnet().url}/bitcoin/api`,
    explorerName: "Esplora",
  });
  expect(chains.get(3586256)).toMatchObject({ explorerUrl: `${devnet().url}/explorer/3586256` });

  const quote = await client().getQuote({
    user: account(1).address,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: parseEther("0.01").toString(),
    tradeType: "EXACT_INPUT",
  });
  await executeSteps(client(), { quote, wallet: wallet(1), checkIntervalMs: 20 });
  const final = await waitForStatus(client(), { requestId: quote.requestId as Hex, intervalMs: 20 });
  const [deposit] = final.inTxHashes ?? [];
  const [fill] = final.txHashes ?? [];
  const tx = await getJson(`${originChain?.explorerUrl}/tx/${deposit}`);
  expect(tx.status).toBe(200);
  expect(tx.body).toMatchObject({
    chainId: origin().chainId,
    hash: deposit,
    transaction: { hash: deposit, from: account(1).address.toLowerCase() },
    receipt: { status: "0x1" },
  });
  const fillTx = await getJson(`${chains.get(destination().chainId)?.explorerUrl}/tx/${fill}`);
  expect(fillTx.body).toMatchObject({ chainId: destination().chainId, receipt: { status: "0x1" } });
  const address = await getJson(`${originChain?.explorerUrl}/address/${origin().contracts.depository}`);
  expect(address.body).toMatchObject({ chainId: origin().chainId, isContract: true });
  expect(BigInt(address.body.balance as string)).toBeGreaterThanOrEqual(parseEther("0.01"));
  // The exchange's explorer: an account's balances (its transfers by hash alike).
  const relayer = await getJson(`${chains.get(3586256)?.explorerUrl}/address/1000`);
  expect(relayer).toMatchObject({ status: 200, body: { chainId: 3586256, accountIndex: 1000 } });
  // A hash the chain does not know, or one of another chain: 404.
  expect((await getJson(`${originChain?.explorerUrl}/tx/${fill}`)).status).toBe(404);
  expect((await getJson(`${devnet().url}/explorer/1/tx/${fill}`)).status).toBe(404);
});

test("wsRpcUrl: the chain's JSON-RPC over a websocket; subscriptions refused (poll instead)", async () => {
  const chain = (await chainsById()).get(origin().chainId);
  expect(chain?.wsRpcUrl).toBe(`${devnet().url.replace("http", "ws")}/rpc/${origin().chainId}`);
  const reader = createPublicClient({
    transport: webSocket(chain?.wsRpcUrl ?? undefined, { retryCount: 0 }),
  });
  expect(await reader.getChainId()).toBe(origin().chainId);
  expect(await reader.getBalance({ address: account(1).address })).toBeGreaterThan(0n);
  const socket = new WebSocket(chain?.wsRpcUrl as string);
  await new Promise((resolve) => socket.once("open", resolve));
  const answer = new Promise<string>((resolve) => socket.once("message", (data) => resolve(String(data))));
  socket.send(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "eth_subscribe", params: ["newHeads"] }));
  expect(JSON.parse(await answer)).toMatchObject({ id: 7, error: { code: -32601 } });
  socket.close();
  await reader.transport.getRpcClient().then((rpc) => rpc.close());
  // A chain the devnet does not run: the handshake is refused.
  const refused = new WebSocket(`${devnet().url.replace("http", "ws")}/rpc/1`);
  expect(
    await new Promise((resolve) =>
      refused.once("unexpected-response", (_, response) => resolve(response.statusCode)),
    ),
  ).toBe(404);
});

test("fees: withdrawalFee is the service fee a quote charges on the amount leaving the chain; no deposit fee, no surge, no partial disable", async () => {
  const chains = await chainsById();
  for (const chain of chains.values())
    expect(chain).toMatchObject({
      withdrawalFee: 10,
      depositFee: 0,
      surgeEnabled: false,
      partialDisableLimit: 0,
    });
  const originChain = chains.get(origin().chainId);
  for (const token of originChain?.erc20Currencies ?? [])
    expect(token).toMatchObject({ withdrawalFee: 10, depositFee: 0, surgeEnabled: false });
  const amount = parseEther("2");
  const quote = await client().getQuote({
    user: account(2).address,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
  });
  expect(BigInt(quote.fees?.relayerService?.amount as string)).toBe(
    (amount * BigInt(originChain?.withdrawalFee as number)) / 10_000n,
  );
});

test("partialDisableLimit: set by an incident, reported, and quotes and prices worth more are refused", async () => {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${devnet().url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  // 1 ETH at most to or from the destination chain.
  expect(
    await post("/devnet/incidents", { chainId: destination().chainId, partialDisableLimit: 10 ** 18 }),
  ).toEqual({
    status: 200,
    body: {
      chainId: destination().chainId,
      disabled: false,
      blockProductionLagging: false,
      partialDisableLimit: 10 ** 18,
    },
  });
  expect((await chainsById()).get(destination().chainId)?.partialDisableLimit).toBe(10 ** 18);
  const body = (amount: bigint, extra: Record<string, unknown> = {}) => ({
    user: account(2).address,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
    ...extra,
  });
  const refused = { status: 400, body: { errorCode: "ROUTE_TEMPORARILY_RESTRICTED" } };
  expect(await post("/quote/v2", body(parseEther("1.5")))).toMatchObject(refused);
  expect(await post("/price", body(parseEther("1.5")))).toMatchObject(refused);
  // USDC worth more than 1 ETH (at $3,000) too; 1 ETH itself and less go through.
  expect(
    await post(
      "/quote/v2",
      body(4_000_000_000n, {
        originCurrency: origin().contracts.token,
        destinationCurrency: destination().contracts.token,
      }),
    ),
  ).toMatchObject(refused);
  expect((await post("/quote/v2", body(parseEther("1")))).status).toBe(200);
  // The other way round the destination chain is the origin: the same limit.
  expect(
    await post(
      "/quote/v2",
      body(parseEther("1.5"), { originChainId: destination().chainId, destinationChainId: origin().chainId }),
    ),
  ).toMatchObject(refused);
  // 0 lifts it.
  await post("/devnet/incidents", { chainId: destination().chainId, partialDisableLimit: 0 });
  expect((await post("/quote/v2", body(parseEther("1.5")))).status).toBe(200);
  expect(
    (await post("/devnet/incidents", { chainId: destination().chainId, partialDisableLimit: -1 })).status,
  ).toBe(400);
});
