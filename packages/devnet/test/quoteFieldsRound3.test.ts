// The quote fields an EVM devnet can simulate, each driven end to end: enableTrueExactOutput (an
// exact-output swap's surplus swept to the recipient, or kept by the solver), explicitDeposit: false
// (a direct transfer to the depository), useExternalLiquidity (its own time estimate and fee), the
// swap sources (named devnet sources pick the pool: the route and includedSwapSources change),
// disableOriginSwaps, gasLimitForDepositSpecifiedTxs, referrerAddress (app fees without a recipient);
// authorizationList (the fill a type-4 transaction carrying them); and the fields that stay flagged
// (Solana's) are named, never silent.
import {
  type Address,
  concat,
  getAddress,
  type Hex,
  hexToBigInt,
  parseEther,
  parseUnits,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { postToDevnet } from "../../../test/support/postToDevnet.js";
import { externalExchange } from "../../attestkit/src/chains/exchange/constants.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";

const { devnet, origin, destination, account, client, reader, wallet, usdcOf } = useDevnet();
const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
type Item = { data: { to: Address; data: Hex; value: string; gas?: string } };

const post = (path: string, body: unknown) => postToDevnet(devnet().url, path, body);

const crossChain = (index: number, extra: Record<string, unknown> = {}) => ({
  user: account(index).address,
  originChainId: origin().chainId,
  destinationChainId: destination().chainId,
  originCurrency: zeroAddress,
  destinationCurrency: zeroAddress,
  amount: parseEther("1").toString(),
  tradeType: "EXACT_INPUT" as const,
  ...extra,
});

async function finish(requestId: string) {
  await devnet().idle();
  return waitForStatus(client(), { requestId, intervalMs: 20 });
}

async function sendItems(index: number, steps: { items: unknown[] }[]) {
  for (const step of steps)
    for (const item of step.items as Item[]) {
      const hash = await wallet(index).sendTransaction({
        to: item.data.to,
        data: item.data.data,
        value: BigInt(item.data.value),
        ...(item.data.gas ? { gas: BigInt(item.data.gas) } : {}),
        chain: null,
      });
      expect((await reader(origin()).waitForTransactionReceipt({ hash })).status).toBe("success");
    }
}

describe("enableTrueExactOutput", () => {
  // USDC -> ETH for exactly 1 ETH: the input is rounded up to a whole micro-USDC, which buys a
  // little more than 1 ETH: the surplus.
  const exactOutput = (index: number, recipient: Address, extra: Record<string, unknown>) =>
    client().getQuote({
      ...crossChain(index),
      recipient,
      originCurrency: origin().contracts.token,
      amount: parseEther("1").toString(),
      tradeType: "EXACT_OUTPUT" as const,
      ...extra,
    });

  test("default: through the solver, the surplus is swept to the recipient; with true the recipient gets exactly the amount", async () => {
    const swept = fresh();
    const quote = await exactOutput(1, swept, {});
    expect(quote.details?.currencyOut?.amount).toBe(parseEther("1").toString());
    await executeSteps(client(), { quote, wallet: wallet(1), checkIntervalMs: 20 });
    expect((await finish(quote.requestId as string)).status).toBe("success");
    const sweptAmount = await reader(destination()).getBalance({ address: swept });
    expect(sweptAmount).toBeGreaterThan(parseEther("1"));

    const exact = fresh();
    const trueExact = await exactOutput(2, exact, { enableTrueExactOutput: true });
    expect(trueExact.details).not.toHaveProperty("devnetNotSimulated");
    await executeSteps(client(), { quote: trueExact, wallet: wallet(2), checkIntervalMs: 20 });
    expect((await finish(trueExact.requestId as string)).status).toBe("success");
    expect(await reader(destination()).getBalance({ address: exact })).toBe(parseEther("1"));
  });

  test("a self-executed same-chain exact-output swap: the router's terms carry the surplus unless true", async () => {
    const sameChain = { destinationChainId: origin().chainId };
    const swept = fresh();
    await sendItems(3, (await exactOutput(3, swept, sameChain)).steps);
    expect(await reader(origin()).getBalance({ address: swept })).toBeGreaterThan(parseEther("1"));
    const exact = fresh();
    await sendItems(3, (await exactOutput(3, exact, { ...sameChain, enableTrueExactOutput: true })).steps);
    expect(await reader(origin()).getBalance({ address: exact })).toBe(parseEther("1"));
  });
});

test("explicitDeposit: false: a native deposit is a direct transfer to the depository (the order id as calldata), indexed and filled", async () => {
  const recipient = fresh();
  const quote = await client().getQuote({ ...crossChain(4), recipient, explicitDeposit: false });
  const item = quote.steps[0]?.items[0] as unknown as Item;
  const orderId = (quote as { protocol: { v2: { orderId: Hex } } }).protocol.v2.orderId;
  expect(item.data).toMatchObject({
    to: origin().contracts.depository,
    data: orderId,
    value: parseEther("1").toString(),
  });
  expect(quote.details).not.toHaveProperty("devnetNotSimulated");
  await sendItems(4, quote.steps);
  expect((await finish(quote.requestId as string)).status).toBe("success");
  expect(await reader(destination()).getBalance({ address: recipient })).toBe(
    BigInt(quote.details?.currencyOut?.amount as string),
  );
  // explicitDeposit: true (the default) is the depository call.
  const explicit = await client().getQuote({ ...crossChain(4), explicitDeposit: true });
  expect((explicit.steps[0]?.items[0] as unknown as Item | undefined)?.data.data.slice(0, 10)).toBe(
    "0x49290c1c",
  );
});

test("useExternalLiquidity: a 10-minute time estimate and a 5 bps service fee instead of 10", async () => {
  const plain = await client().getQuote(crossChain(5));
  const external = await client().getQuote({ ...crossChain(5), useExternalLiquidity: true });
  expect(plain.details?.timeEstimate).toBe(1);
  expect(external.details?.timeEstimate).toBe(600);
  expect(plain.fees?.relayerService?.amount).toBe((parseEther("1") / 1000n).toString());
  expect(external.fees?.relayerService?.amount).toBe((parseEther("1") / 2000n).toString());
  expect(external.details).not.toHaveProperty("devnetNotSimulated");
});

describe("swap sources", () => {
  const swap = (extra: Record<string, unknown>) =>
    post("/quote/v2", {
      ...crossChain(6),
      destinationCurrency: destination().contracts.token,
      amount: parseEther("50").toString(),
      overridePriceImpact: true,
      ...extra,
    });
  type Route = { destination: { includedSwapSources: string[] }; origin: { includedSwapSources: string[] } };
  const routeOf = (body: { details?: Record<string, unknown> }) => body.details?.route as Route;
  const outOf = (body: { details?: Record<string, unknown> }) =>
    BigInt((body.details?.currencyOut as { amount: string } | undefined)?.amount ?? "-1");

  test("the deepest source by default; excluding it takes the shallower one (more impact); none left is NO_SWAP_ROUTES_FOUND", async () => {
    const best = await swap({});
    expect(routeOf(best.body).destination.includedSwapSources).toEqual(["devnet-router"]);
    const amm = await swap({ excludedSwapSources: ["devnet-router"] });
    expect(amm.header).toBeNull();
    expect(routeOf(amm.body).destination.includedSwapSources).toEqual(["devnet-amm"]);
    expect(outOf(amm.body)).toBeLessThan(outOf(best.body));
    expect(
      routeOf((await swap({ includedSwapSources: ["devnet-amm"] })).body).destination.includedSwapSources,
    ).toEqual(["devnet-amm"]);
    expect(
      routeOf((await swap({ includedDestinationSwapSources: ["devnet-amm"] })).body).destination
        .includedSwapSources,
    ).toEqual(["devnet-amm"]);
    const none = await swap({ includedSwapSources: ["uniswap"] });
    expect(none).toMatchObject({ status: 400, body: { errorCode: "NO_SWAP_ROUTES_FOUND" } });
    // A bridge swaps nothing: the lists ask nothing of it.
    expect((await post("/quote/v2", { ...crossChain(6), includedSwapSources: ["uniswap"] })).status).toBe(
      200,
    );
  });

  test("a same-chain swap is an origin swap: includedOriginSwapSources picks its source", async () => {
    const sameChain = await swap({
      destinationChainId: origin().chainId,
      includedOriginSwapSources: ["devnet-amm"],
    });
    expect(routeOf(sameChain.body).origin.includedSwapSources).toEqual(["devnet-amm"]);
    expect(routeOf(sameChain.body).destination.includedSwapSources).toEqual([]);
  });
});

test("disableOriginSwaps: a same-chain swap goes through the solver (no origin swap); a cross-chain one is unchanged", async () => {
  const body = {
    ...crossChain(7),
    destinationChainId: origin().chainId,
    destinationCurrency: origin().contracts.token,
  };
  const self = await client().getQuote(body);
  expect(self.steps.map((step) => step.id)).toEqual(["swap"]);
  const recipient = fresh();
  const solver = await client().getQuote({ ...body, recipient, disableOriginSwaps: true });
  expect(solver.steps.map((step) => step.id)).toEqual(["deposit"]);
  expect(solver.details).not.toHaveProperty("devnetNotSimulated");
  await executeSteps(client(), { quote: solver, wallet: wallet(7), checkIntervalMs: 20 });
  expect((await finish(solver.requestId as string)).status).toBe("success");
  expect(await usdcOf(origin(), recipient)).toBe(BigInt(solver.details?.currencyOut?.amount as string));
});

test("gasLimitForDepositSpecifiedTxs: the deposit's gas limit; below what the deposit takes, 400", async () => {
  const quote = await client().getQuote({ ...crossChain(8), gasLimitForDepositSpecifiedTxs: 120_000 });
  const item = quote.steps[0]?.items[0] as unknown as Item;
  expect(item.data.gas).toBe("120000");
  await sendItems(8, quote.steps);
  expect((await finish(quote.requestId as string)).status).toBe("success");
  expect(await post("/quote/v2", { ...crossChain(8), gasLimitForDepositSpecifiedTxs: 1_000 })).toMatchObject({
    status: 400,
    body: { errorCode: "INVALID_GAS_LIMIT_FOR_DEPOSIT_SPECIFIED_TXS" },
  });
});

test("referrerAddress: an app fee that names no recipient accrues to the referrer address", async () => {
  const referrer = fresh();
  const quote = await client().getQuote({
    ...crossChain(9),
    originCurrency: origin().contracts.token,
    destinationCurrency: destination().contracts.token,
    amount: parseUnits("100", 6).toString(),
    referrerAddress: referrer,
    appFees: [{ fee: "100" }],
  });
  expect(quote.details).not.toHaveProperty("devnetNotSimulated");
  await executeSteps(client(), { quote, wallet: wallet(9), checkIntervalMs: 20 });
  expect((await finish(quote.requestId as string)).status).toBe("success");
  const balances = (await fetch(`${devnet().url}/app-fees/${referrer}/balances`).then((r) => r.json())) as {
    balances: { amount: string }[];
  };
  expect(balances.balances.map((balance) => balance.amount)).toEqual(["1000000"]);
});

describe("authorizationList (EIP-7702)", () => {
  // r and s are quantities: compared as numbers, so that a leading zero byte cannot tell them apart.
  const comparable = ({ address, r, s, ...rest }: { address: Address; r: Hex; s: Hex }) => ({
    ...rest,
    address: getAddress(address),
    r: hexToBigInt(r),
    s: hexToBigInt(s),
  });

  test("the fill is a type-4 transaction carrying the quote's authorizations: a valid one delegates its authority, an invalid one is skipped", async () => {
    const authority = privateKeyToAccount(generatePrivateKey());
    const stranger = privateKeyToAccount(generatePrivateKey());
    const delegate = destination().contracts.depository;
    const valid = await authority.signAuthorization({
      chainId: destination().chainId,
      address: delegate,
      nonce: 0,
    });
    // Signed for another chain: the destination skips it (EIP-7702) and the fill still runs.
    const invalid = await stranger.signAuthorization({
      chainId: origin().chainId,
      address: delegate,
      nonce: 0,
    });
    const authorizationList = [valid, invalid].map(({ chainId, address, nonce, yParity, r, s }) => ({
      chainId,
      address,
      nonce,
      yParity: yParity as number,
      r,
      s,
    }));
    const quote = await client().getQuote({ ...crossChain(6), recipient: fresh(), authorizationList });
    expect(quote.details).not.toHaveProperty("devnetNotSimulated");
    await executeSteps(client(), { quote, wallet: wallet(6), checkIntervalMs: 20 });
    const status = await finish(quote.requestId as string);
    expect(status.status).toBe("success");
    const fill = await reader(destination()).getTransaction({ hash: status.txHashes?.[0] as Hex });
    expect(fill.type).toBe("eip7702");
    expect(fill.authorizationList?.map(comparable)).toEqual(authorizationList.map(comparable));
    expect(await reader(destination()).getCode({ address: authority.address })).toBe(
      concat(["0xef0100", delegate]).toLowerCase(),
    );
    expect(await reader(destination()).getCode({ address: stranger.address })).toBeUndefined();
  });

  test("a same-chain quote with authorizations goes through the solver, whose fill carries them", async () => {
    const authority = privateKeyToAccount(generatePrivateKey());
    const delegate = origin().contracts.depository;
    const signed = await authority.signAuthorization({
      chainId: origin().chainId,
      address: delegate,
      nonce: 0,
    });
    const { chainId, address, nonce, yParity, r, s } = signed;
    const quote = await client().getQuote({
      ...crossChain(6),
      destinationChainId: origin().chainId,
      recipient: fresh(),
      authorizationList: [{ chainId, address, nonce, yParity: yParity as number, r, s }],
    });
    // An order to pay: the solver executes (a self-executed quote has none).
    expect(quote.protocol?.v2?.orderId).toBeDefined();
    await executeSteps(client(), { quote, wallet: wallet(6), checkIntervalMs: 20 });
    const status = await finish(quote.requestId as string);
    expect(status.status).toBe("success");
    expect((await reader(origin()).getTransaction({ hash: status.txHashes?.[0] as Hex })).type).toBe(
      "eip7702",
    );
    expect(await reader(origin()).getCode({ address: authority.address })).toBe(
      concat(["0xef0100", delegate]).toLowerCase(),
    );
  });
});

describe("what stays flagged, and why", () => {
  test("Solana's fields are named", async () => {
    const raw = await post("/quote/v2", {
      ...crossChain(1),
      subsidizeRent: true,
      depositFeePayer: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
      maxRouteLength: 2,
      useSharedAccounts: true,
      includeComputeUnitLimit: true,
    });
    expect(raw.status).toBe(200);
    expect(raw.header?.split(",").sort()).toEqual(
      [
        "subsidizeRent",
        "depositFeePayer",
        "maxRouteLength",
        "useSharedAccounts",
        "includeComputeUnitLimit",
      ].sort(),
    );
  });

  test("EIP-7702 authorizations ask for nothing on a route to Bitcoin or the exchange: no EVM fill to carry them, none named", async () => {
    const raw = await post("/quote/v2", {
      ...crossChain(1),
      originCurrency: origin().contracts.token,
      amount: "25000000",
      destinationChainId: externalExchange.chainId,
      destinationCurrency: externalExchange.currency,
      recipient: String(devnet().info.exchange.testAccounts[0]?.accountIndex),
      authorizationList: [
        { chainId: destination().chainId, address: fresh(), nonce: 0, yParity: 0, r: "0x1", s: "0x1" },
      ],
    });
    expect(raw.status).toBe(200);
    expect(raw.header).toBeNull();
  });

  test("the currencies search simulates defaultList and useExternalSearch: no field named", async () => {
    // What they do: packages/devnet/test/currenciesSearch.test.ts.
    expect((await post("/currencies/v1", { defaultList: true, useExternalSearch: true })).header).toBeNull();
    expect((await post("/currencies/v1", { defaultList: false, term: "usd" })).header).toBeNull();
  });
});
