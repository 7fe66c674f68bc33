// The official SDK's other routes, answered by the devnet in the shapes the SDK's types give and read
// through the typed client's actions: `GET /requests/v2` (public; `user` as sender or recipient,
// `hash` of any of the request's transactions, `includeOrderData`), `GET /config/v2` (the pair enabled,
// the user's balance and largest bridge, the solver's capacity) and `POST /currencies/v2` (one flat list).
import { erc20Abi, type Hex, parseEther, zeroAddress } from "viem";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { bitcoin } from "../../attestkit/src/chains/bitcoin/constants.js";
import { externalExchange } from "../../attestkit/src/chains/exchange/constants.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";

const { devnet, origin, destination, client, account, wallet, reader } = useDevnet({ bitcoinBlockTimeMs: 0 });

/** A client without an API key: v2 is public. */
const anonymous = () => createClient({ network: { baseUrl: devnet().url } });

test("default: GET /requests/v2 finds a paid request by its deposit hash and by its recipient, in the v2 shape", async () => {
  const payer = wallet(2);
  const recipient = account(3).address;
  const quote = await client().getQuote({
    user: payer.account.address,
    recipient,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: parseEther("0.02").toString(),
    tradeType: "EXACT_INPUT",
  });
  const requestId = quote.requestId as Hex;
  await client().executeSteps({ quote, wallet: payer, checkIntervalMs: 20 });
  const final = await waitForStatus(client(), { requestId, intervalMs: 20 });
  const depositHash = final.inTxHashes?.[0] as string;
  const fillHash = final.txHashes?.[0] as string;

  for (const hash of [depositHash, fillHash]) {
    const { requests } = await anonymous().getRequestsV2({ hash });
    expect(requests.map((request) => request.id)).toEqual([requestId]);
  }
  const byRecipient = await anonymous().getRequestsV2({ user: recipient, includeOrderData: true });
  const [record] = byRecipient.requests;
  expect(record).toMatchObject({
    id: requestId,
    status: "success",
    user: payer.account.address,
    recipient,
    depositAddress: null,
    data: {
      failReason: "N/A",
      currency: "eth",
      currencyObject: { chainId: origin().chainId, symbol: "ETH" },
      inTxs: [{ hash: depositHash, chainId: origin().chainId, type: "onchain" }],
      outTxs: [{ hash: fillHash, chainId: destination().chainId }],
    },
    protocol: { orderId: quote.protocol?.v2?.orderId, hubType: "onchain" },
    orderData: quote.protocol?.v2?.orderData,
  });
  // Without includeOrderData, no order; the v3 listing names the same request.
  const plain = await anonymous().getRequestsV2({ id: requestId });
  expect(plain.requests[0]).not.toHaveProperty("orderData");
  expect(byRecipient.requests.length).toBe(1);
  // Filters combine: the payer as user with another chain finds nothing.
  expect(
    (await anonymous().getRequestsV2({ user: payer.account.address, originChainId: 1 })).requests,
  ).toEqual([]);
});

test("GET /requests/v2 pages with continuation and refuses a bad limit", async () => {
  const first = await anonymous().getRequestsV2({ limit: 1 });
  expect(first.requests.length).toBeLessThanOrEqual(1);
  const response = await fetch(`${devnet().url}/requests/v2?limit=500&unknown=1`);
  expect(response.status).toBe(400);
  expect(((await response.json()) as { errorCode: string }).errorCode).toBe("INVALID_REQUEST");
});

test("GET /config/v2: EVM pair with a user's balance and largest bridge; the solver's capacity", async () => {
  const user = account(4).address;
  const config = await anonymous().getConfig({
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    user,
    currency: "usdc",
  });
  const balance = await reader(origin()).readContract({
    address: origin().contracts.token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [user],
  });
  const depository = await reader(destination()).readContract({
    address: destination().contracts.token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [destination().contracts.depository],
  });
  expect(config).toMatchObject({
    enabled: true,
    user: { balance: balance.toString() },
    solver: { address: devnet().info.solver.address, balance: depository.toString() },
    supportsExternalLiquidity: false,
  });
  // What bridging it all delivers is the balance less the fee (USDC to USDC, one price).
  expect(BigInt(config.user?.maxBridgeAmount as string)).toBe(balance - BigInt(config.fee as string));
  // Default currency: the destination's native one, no user.
  const native = await anonymous().getConfig({
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
  });
  expect(native).toMatchObject({ enabled: true, solver: { address: devnet().info.solver.address } });
  expect(native).not.toHaveProperty("user");
});

test("GET /config/v2 from Bitcoin and the exchange, disabled pairs and chains", async () => {
  const btcUser = (devnet().info.bitcoin.testWallets[1] as { p2wpkhAddress: string }).p2wpkhAddress;
  const fromBitcoin = await anonymous().getConfig({
    originChainId: bitcoin.chainId,
    destinationChainId: destination().chainId,
    user: btcUser,
    currency: "btc",
  });
  // BTC on the origin, the destination's ETH out (a swap); the user's BTC by the balance rule.
  expect(fromBitcoin).toMatchObject({ enabled: true, user: { balance: "1000000000" } });
  expect(BigInt(fromBitcoin.user?.maxBridgeAmount as string)).toBeGreaterThan(0n);
  // A currency on neither chain: not enabled.
  expect(
    await anonymous().getConfig({
      originChainId: origin().chainId,
      destinationChainId: destination().chainId,
      currency: "btc",
    }),
  ).toEqual({ enabled: false, supportsExternalLiquidity: false });
  const toBitcoin = await anonymous().getConfig({
    originChainId: origin().chainId,
    destinationChainId: bitcoin.chainId,
  });
  expect(toBitcoin).toMatchObject({
    enabled: true,
    solver: { address: devnet().info.bitcoin.solver.address },
  });
  const exchange = devnet().info.exchange.testAccounts[1] as { accountIndex: number };
  const fromExchange = await anonymous().getConfig({
    originChainId: externalExchange.chainId,
    destinationChainId: destination().chainId,
    user: String(exchange.accountIndex),
    currency: "usdc",
  });
  expect(fromExchange).toMatchObject({ enabled: true, user: { balance: "1000000000000" } });
  await fetch(`${devnet().url}/devnet/incidents`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ chainId: destination().chainId, disabled: true }),
  });
  try {
    expect(
      await anonymous().getConfig({
        originChainId: origin().chainId,
        destinationChainId: destination().chainId,
      }),
    ).toEqual({ enabled: false, supportsExternalLiquidity: false });
  } finally {
    await fetch(`${devnet().url}/devnet/incidents`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chainId: destination().chainId, disabled: false }),
    });
  }
  const badUser = await fetch(
    `${devnet().url}/config/v2?originChainId=${origin().chainId}&destinationChainId=${destination().chainId}&user=bc1qnope`,
  );
  expect(badUser.status).toBe(400);
});

test("POST /currencies/v2: one flat list of the v1 filters, limit counting currencies", async () => {
  // The v1 groups, flattened (limited to 20 by default).
  const all = await anonymous().getCurrenciesV2({ limit: 100 });
  const groups = await anonymous().getCurrencies();
  expect(all.map((c) => `${c.chainId}:${c.address}`)).toEqual(
    groups.flat().map((c) => `${c.chainId}:${c.address}`),
  );
  expect(all.map((c) => c.symbol)).toEqual(expect.arrayContaining(["ETH", "USDC", "BTC", "USDC (Perp)"]));
  expect(all[0]).not.toHaveProperty("groupID");
  expect((await anonymous().getCurrenciesV2()).length).toBeLessThanOrEqual(20);
  const external = await anonymous().getCurrenciesV2({
    chainIds: [bitcoin.chainId, externalExchange.chainId],
  });
  expect(external.map((c) => [c.symbol, c.vmType])).toEqual([
    ["BTC", "bvm"],
    ["USDC (Perp)", "lvm"],
  ]);
  expect(await anonymous().getCurrenciesV2({ currencyId: "usdc", limit: 2 })).toHaveLength(2);
});
