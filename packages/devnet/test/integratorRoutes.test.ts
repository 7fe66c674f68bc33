// The integrator routes of the official SDK's API types on a running devnet (real chains), through
// the typed client: a permit submitted with `submitPermit` pays and fills; a deposit address funded
// without a transfer the watcher sees (its balance set on the chain) is found by `getDepositAddress`,
// and `reindexDepositAddress` sweeps it, after which the request fills; `getChainLiquidity` is what
// the chains hold; `getChainHealth` follows the devnet's incidents; prices and swap sources are the
// devnet's own.
import { type Address, erc20Abi, type Hex, numberToHex, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { nativeCurrencyAddress } from "../src/constants.js";

// rpcAdmin: a deposit address is funded with hardhat_setBalance, which no watcher sees.
const { devnet, origin, destination, reader, account, wallet, client } = useDevnet({ rpcAdmin: true });

const fresh = () => privateKeyToAccount(generatePrivateKey()).address;

type SignItem = {
  sign: {
    domain: Record<string, unknown>;
    types: Record<string, unknown>;
    primaryType: string;
    value: unknown;
  };
  post: { body: { kind: string; requestId: string; api?: "bridge" | "swap" | "user-swap" } };
};

test("default: a permit signed by the user and submitted with submitPermit pays and fills", async () => {
  const recipient = fresh();
  const quote = await client().getQuote({
    user: account(1).address,
    recipient,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: origin().contracts.token,
    destinationCurrency: destination().contracts.token,
    amount: "25000000",
    tradeType: "EXACT_INPUT",
    usePermit: true,
  });
  const item = quote.steps[0]?.items[0]?.data as unknown as SignItem;
  const signature = await wallet(1).signTypedData({
    domain: item.sign.domain,
    types: item.sign.types,
    primaryType: item.sign.primaryType,
    message: item.sign.value,
  } as never);
  const answer = await client().submitPermit({ signature, ...item.post.body });
  expect(answer).toEqual({ message: "Transaction submitted", steps: [] });
  const final = await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 });
  expect(final.status).toBe("success");
  // The same authorization again: refused by the devnet, an ApiError through the client.
  await expect(client().submitPermit({ signature, ...item.post.body })).rejects.toMatchObject({
    status: 400,
    code: "PERMIT_FAILED",
  });
});

test("a deposit address the watcher missed: looked up, reindexed, swept, filled", async () => {
  const user = account(2).address;
  const quote = await client().getQuote({
    user,
    recipient: fresh(),
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: parseEther("0.5").toString(),
    tradeType: "EXACT_INPUT",
    useDepositAddress: true,
  });
  const requestId = quote.requestId as Hex;
  const address = quote.steps[0]?.depositAddress as Address;
  expect(await client().getDepositAddress({ requestId })).toMatchObject({
    depositAddress: address,
    type: "open",
    requestId,
    chainId: origin().chainId,
    currency: "eth",
  });
  expect((await client().getDepositAddress({ address: address.toLowerCase() })).requestId).toBe(requestId);

  // Nothing there yet: checked, nothing swept.
  const empty = await client().reindexDepositAddress({ chainId: origin().chainId, depositAddress: address });
  expect(empty).toMatchObject({ triggeredCurrencies: [], checkedCurrencies: 2, failedCurrencies: 0 });
  // Funds arrive without a transaction: no watcher sees them; the reindex does.
  await reader(origin()).request({
    method: "hardhat_setBalance" as never,
    params: [address, numberToHex(parseEther("0.5"))] as never,
  });
  const reindexed = await client().reindexDepositAddress({
    chainId: origin().chainId,
    depositAddress: address,
  });
  expect(reindexed.triggeredCurrencies).toEqual([
    { currency: nativeCurrencyAddress, symbol: "ETH", balance: parseEther("0.5").toString() },
  ]);
  expect(await reader(origin()).getBalance({ address })).toBe(0n);
  await devnet().idle();
  const final = await waitForStatus(client(), { requestId, intervalMs: 20 });
  expect(final.status).toBe("success");
});

test("liquidity is what the chains hold: the solver's ETH, the depository's USDC", async () => {
  const { liquidity } = await client().getChainLiquidity({ chainId: destination().chainId });
  const solverEth = await reader(destination()).getBalance({ address: devnet().info.solver.address });
  const depositoryUsdc = await reader(destination()).readContract({
    address: destination().contracts.token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [destination().contracts.depository],
  });
  expect(liquidity.map(({ symbol, balance }) => [symbol, balance])).toEqual(
    expect.arrayContaining([
      ["ETH", solverEth.toString()],
      ["USDC", depositoryUsdc.toString()],
    ]),
  );
});

test("health follows the devnet's incidents; prices, token prices and swap sources are the devnet's", async () => {
  const incident = (disabled: boolean) =>
    fetch(`${devnet().url}/devnet/incidents`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chainId: destination().chainId, disabled }),
    });
  expect(await client().getChainHealth()).toEqual({ healthy: true });
  await incident(true);
  try {
    expect(await client().getChainHealth({ chainId: destination().chainId })).toEqual({ healthy: false });
    expect(await client().getChainHealth({ chainId: origin().chainId })).toEqual({ healthy: true });
  } finally {
    await incident(false);
  }
  expect(await client().getChainHealth({ chainId: destination().chainId })).toEqual({ healthy: true });

  const market = (await (await fetch(`${devnet().url}/devnet/prices`)).json()) as {
    prices: { symbol: string; priceUsdMicros: string }[];
  };
  const rates = await client().getPriceRates();
  for (const { symbol, priceUsdMicros } of market.prices)
    expect(rates[symbol], symbol).toBe(Number(priceUsdMicros) / 1e6);
  expect(
    await client().getTokenPrice({ chainId: origin().chainId, address: origin().contracts.token }),
  ).toEqual({
    price: 1,
  });
  expect((await client().getSwapSources({ chainId: origin().chainId })).sources).toEqual([
    "devnet-router",
    "devnet-amm",
  ]);
});
