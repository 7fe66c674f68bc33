// Quote fields on the devnet, through the client: a field the devnet does not simulate is never
// silently ignored (the x-devnet-not-simulated header and details.devnetNotSimulated name it); a
// gasless quote's originGasOverhead is priced; a gas top-up is charged and its native currency
// reaches the recipient with the fill.
import { type Address, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterEach, describe, expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { postToDevnet } from "../../../test/support/postToDevnet.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { nativeCurrencyAddress } from "../src/constants.js";

const { devnet, origin, destination, account, client, reader, wallet, usdcOf } = useDevnet();
// The tests share the devnet: each starts once the solver has finished what the one before started
// (a fill, a refund), so no test's transactions run beside another's, however slow the machine.
afterEach(() => devnet().idle());
const intent = (index: number) => ({
  user: account(index).address,
  originChainId: origin().chainId,
  destinationChainId: destination().chainId,
  originCurrency: nativeCurrencyAddress,
  destinationCurrency: nativeCurrencyAddress,
  amount: parseEther("1").toString(),
  tradeType: "EXACT_INPUT" as const,
});

const post = (path: string, body: unknown) => postToDevnet(devnet().url, path, body);

describe("fields the devnet does not simulate are named, never silently ignored", () => {
  test("default: the client's quote carries details.devnetNotSimulated; the header says the same", async () => {
    // Solana-only fields: the devnet has no Solana chain.
    const quote = await client().getQuote({ ...intent(1), maxRouteLength: 2, subsidizeRent: true });
    const listed = quote.details?.devnetNotSimulated as string[];
    expect([...listed].sort()).toEqual(["maxRouteLength", "subsidizeRent"]);
    const raw = await post("/quote/v2", {
      ...intent(1),
      maxRouteLength: 2,
      subsidizeRent: true,
      // Simulated: not listed (additionalData is read for a P2SH Bitcoin user only, as live).
      includedSwapSources: ["devnet-router"],
      additionalData: { userPublicKey: "02ab" },
      originGasOverhead: 1000,
    });
    expect(raw.status).toBe(200);
    expect(raw.header).toBe("subsidizeRent,maxRouteLength");
  });

  test("fields the devnet does not know are ignored, as the live service ignores them, and named", async () => {
    const raw = await post("/quote/v2", {
      ...intent(1),
      aFieldFromTheFuture: true,
      // A typo the client would refuse: the service takes no side, it ignores it.
      slipageTolerance: "50",
    });
    expect(raw.status).toBe(200);
    expect(raw.header).toBe("aFieldFromTheFuture,slipageTolerance");
    expect(raw.body.details?.devnetNotSimulated).toEqual(["aFieldFromTheFuture", "slipageTolerance"]);
    const price = await post("/price", { ...intent(1), aFieldFromTheFuture: 1, strict: true });
    expect(price.status).toBe(200);
    expect(price.header).toBe("aFieldFromTheFuture,strict");
  });

  test("the SDK's newer fields: rent is named, recoveryAddress and disableSwapProviderPreference behave", async () => {
    const raw = await post("/quote/v2", {
      ...intent(1),
      useDepositAddress: true,
      recoveryAddress: account(1).address,
      disableSwapProviderPreference: true,
      subsidizeFees: true,
      sponsoredFeeComponents: ["rent", "relay"],
    });
    expect(raw.status).toBe(200);
    expect(raw.header).toBe("sponsoredFeeComponents");
  });

  test("a quote of simulated fields only has neither header nor list", async () => {
    const raw = await post("/quote/v2", {
      ...intent(1),
      refundTo: account(2).address,
      slippageTolerance: "50",
      ttl: 600,
    });
    expect(raw.status).toBe(200);
    expect(raw.header).toBeNull();
    expect(raw.body.details).not.toHaveProperty("devnetNotSimulated");
  });

  test("/price simulates every price field (useExternalLiquidity: its own time estimate), so it names none", async () => {
    const raw = await post("/price", { ...intent(1), useExternalLiquidity: true });
    expect(raw.header).toBeNull();
    expect(raw.body.details).not.toHaveProperty("devnetNotSimulated");
    expect(raw.body.details?.timeEstimate).toBe(600);
  });
});

const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
const usdcIntent = (index: number, recipient: Address) => ({
  ...intent(index),
  recipient,
  originCurrency: origin().contracts.token,
  destinationCurrency: destination().contracts.token,
  amount: "25000000",
});

describe("originGasOverhead", () => {
  const relayerGasOf = (quote: Awaited<ReturnType<ReturnType<typeof client>["getQuote"]>>) =>
    BigInt(quote.fees?.relayerGas?.amount as string);
  // Gas in wei to USDC's smallest unit at $3,000 per ETH, rounded up: wei x 3,000 x 10^6 / 10^18.
  const usdcOfWei = (wei: bigint) => (wei * 3_000n * 10n ** 6n + 10n ** 18n - 1n) / 10n ** 18n;

  test("default: a gasless (permit) quote's relayer gas fee adds the overhead's gas at the origin's gas price", async () => {
    const gasPrice = await reader(origin()).getGasPrice();
    const permitQuote = (originGasOverhead?: number) =>
      client().getQuote({
        ...usdcIntent(4, fresh()),
        usePermit: true,
        ...(originGasOverhead === undefined ? {} : { originGasOverhead }),
      });
    const without = await permitQuote();
    const quotes = [await permitQuote(100_000), await permitQuote(200_000)];
    // Quotes send nothing: no block came between them, so every one was priced at this gas price.
    expect(await reader(origin()).getGasPrice()).toBe(gasPrice);
    expect(quotes.map((quote) => quote.steps[0]?.kind)).toEqual(["signature", "signature"]);
    expect(relayerGasOf(without)).toBe(10_000n);
    expect(quotes.map(relayerGasOf)).toEqual([
      10_000n + usdcOfWei(100_000n * gasPrice),
      10_000n + usdcOfWei(200_000n * gasPrice),
    ]);
    const [fee100k, fee200k] = quotes.map(relayerGasOf) as [bigint, bigint];
    expect(fee200k).toBeGreaterThan(fee100k);
    expect(fee100k).toBeGreaterThan(relayerGasOf(without));
    expect(quotes[0]?.details).not.toHaveProperty("devnetNotSimulated");
  });

  test("without a gasless origin transaction (the user's own deposit) it prices nothing", async () => {
    const quote = await client().getQuote({ ...usdcIntent(4, fresh()), originGasOverhead: 100_000 });
    expect(quote.steps.map((step) => step.kind)).not.toContain("signature");
    expect(relayerGasOf(quote)).toBe(10_000n);
    expect(quote.details).not.toHaveProperty("devnetNotSimulated");
  });
});

describe("gas top-up", () => {
  test("default: topupGas with topupGasAmount: details.currencyGasTopup, the fee charged, the gas delivered with the fill", async () => {
    const recipient = fresh();
    const quote = await client().getQuote({
      ...usdcIntent(3, recipient),
      topupGas: true,
      topupGasAmount: "3000000",
    });
    // $3 at $3,000/ETH.
    expect(quote.details?.currencyGasTopup).toMatchObject({
      amount: parseEther("0.001").toString(),
      currency: { address: nativeCurrencyAddress, chainId: destination().chainId },
    });
    // Charged as relayer gas ($0.01 + $3), in USDC: the output is 25 - 0.025 - 3.01.
    expect(quote.fees?.relayerGas?.amount).toBe("3010000");
    expect(quote.details?.currencyOut?.amount).toBe("21965000");
    expect(quote.details).not.toHaveProperty("devnetNotSimulated");
    await executeSteps(client(), { quote, wallet: wallet(3), checkIntervalMs: 20 });
    const final = await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 });
    expect(final.status).toBe("success");
    expect(await reader(destination()).getBalance({ address: recipient })).toBe(parseEther("0.001"));
    expect(await usdcOf(destination(), recipient)).toBe(21_965_000n);
  });

  test("without topupGasAmount: $2 of gas", async () => {
    const quote = await client().getQuote({ ...usdcIntent(3, fresh()), topupGas: true });
    expect(quote.details?.currencyGasTopup?.amount).toBe(((parseEther("1") * 2n) / 3000n).toString());
    expect(quote.fees?.relayerGas?.amount).toBe("2010000");
  });

  test("a native output has no top-up (nothing to add), as live; without topupGas neither", async () => {
    const native = await client().getQuote({ ...intent(3), topupGas: true });
    expect(native.details).not.toHaveProperty("currencyGasTopup");
    expect(native.details).not.toHaveProperty("devnetNotSimulated");
    const plain = await client().getQuote(usdcIntent(3, fresh()));
    expect(plain.details).not.toHaveProperty("currencyGasTopup");
    expect(plain.fees?.relayerGas?.amount).toBe("10000");
  });
});

describe("price impact of swaps", () => {
  const swap = (index: number, eth: string) => ({
    ...intent(index),
    destinationCurrency: destination().contracts.token,
    amount: parseEther(eth).toString(),
  });

  test("default: impact grows with the amount; over 3 % it is SWAP_IMPACT_TOO_HIGH unless overridePriceImpact, then it is paid as quoted", async () => {
    const small = await client().getQuote(swap(4, "1"));
    const smallPercent = Number(small.details?.swapImpact?.percent);
    expect(smallPercent).toBeLessThan(0);
    expect(smallPercent).toBeGreaterThan(-0.1);
    const medium = await client().getQuote(swap(4, "50"));
    expect(Number(medium.details?.swapImpact?.percent)).toBeLessThan(smallPercent * 10);
    // 200 ETH = $600,000 into a $10,000,000 pool: about 5.7 %.
    const refused = await post("/quote/v2", swap(4, "200"));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: "SWAP_IMPACT_TOO_HIGH" });
    const error = await client()
      .getQuote(swap(4, "200"))
      .catch((e: unknown) => e);
    expect(String(error)).toMatch(/SWAP_IMPACT_TOO_HIGH|price impact/);
    const recipient = fresh();
    const forced = await client().getQuote({ ...swap(4, "200"), recipient, overridePriceImpact: true });
    expect(Number(forced.details?.swapImpact?.percent)).toBeLessThan(-5);
    expect(forced.details).not.toHaveProperty("devnetNotSimulated");
    await executeSteps(client(), { quote: forced, wallet: wallet(4), checkIntervalMs: 20 });
    expect(
      (await waitForStatus(client(), { requestId: forced.requestId as string, intervalMs: 20 })).status,
    ).toBe("success");
    const received = await usdcOf(destination(), recipient);
    expect(received).toBe(BigInt(forced.details?.currencyOut?.amount as string));
    // Without the impact model the same swap would pay more.
    expect(received).toBeLessThan(600_000_000_000n);
  });
});

describe("EXACT_OUTPUT and EXPECTED_OUTPUT", () => {
  test("default: the same input; EXACT_OUTPUT guarantees the amount, EXPECTED_OUTPUT only the amount less the slippage", async () => {
    const recipient = fresh();
    const exact = await client().getQuote({
      ...usdcIntent(5, recipient),
      amount: "50000000",
      tradeType: "EXACT_OUTPUT",
      slippageTolerance: "100",
    });
    const expected = await client().getQuote({
      ...usdcIntent(5, recipient),
      amount: "50000000",
      tradeType: "EXPECTED_OUTPUT",
      slippageTolerance: "100",
    });
    expect(exact.details?.currencyIn?.amount).toBe(expected.details?.currencyIn?.amount);
    expect(exact.details?.currencyOut).toMatchObject({ amount: "50000000", minimumAmount: "50000000" });
    expect(expected.details?.currencyOut).toMatchObject({ amount: "50000000", minimumAmount: "49500000" });
    const v2 = (quote: unknown) =>
      (quote as { protocol: { v2: { orderData: { output: { payments: { minimumAmount: string }[] } } } } })
        .protocol.v2.orderData.output.payments[0]?.minimumAmount;
    expect(v2(exact)).toBe("50000000");
    expect(v2(expected)).toBe("49500000");
    await executeSteps(client(), { quote: exact, wallet: wallet(5), checkIntervalMs: 20 });
    expect(
      (await waitForStatus(client(), { requestId: exact.requestId as string, intervalMs: 20 })).status,
    ).toBe("success");
    expect(await usdcOf(destination(), recipient)).toBe(50_000_000n);
  });
});

describe("useFallbacks", () => {
  // A call the destination depository refuses (no such function): it reverts in simulation.
  const reverting = () => ({
    to: destination().contracts.depository,
    data: "0xdeadbeef",
    value: parseEther("0.1").toString(),
  });

  test("default: a reverting destination call takes the fallback route: the plain output to the recipient, status fallback", async () => {
    const recipient = fresh();
    const app = fresh();
    const quote = await client().getQuote({
      ...intent(6),
      recipient,
      txs: [reverting()],
      useFallbacks: true,
      appFees: [{ recipient: app, fee: "100" }],
    });
    expect(quote.details).not.toHaveProperty("devnetNotSimulated");
    // The step check may end on `pending` (the deposit is taken) or on the final status, which it
    // reports as not a success: the final status is what counts.
    await executeSteps(client(), { quote, wallet: wallet(6), checkIntervalMs: 20 }).catch((error: unknown) =>
      expect(String(error)).toMatch(/fallback/),
    );
    const final = await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 });
    expect(final.status).toBe("fallback");
    expect(final.details).toHaveProperty("revert");
    expect(final.details).toHaveProperty("fallback");
    // The whole output, the call's 0.1 ETH included, reached the recipient.
    expect(await reader(destination()).getBalance({ address: recipient })).toBe(
      BigInt(quote.details?.currencyOut?.amount as string),
    );
    // The output was delivered: the app fee (1 % of 1 ETH = $30) was earned.
    await devnet().idle();
    const balances = await fetch(`${devnet().url}/app-fees/${app}/balances`).then((r) => r.json());
    expect(balances).toMatchObject({ balances: [{ amount: "30000000" }] });
  });

  test("without useFallbacks the same call fails and is refunded", async () => {
    const recipient = fresh();
    const quote = await client().getQuote({ ...intent(7), recipient, txs: [reverting()] });
    // The deposit lands either way; whether the step check saw it held (pending) or already
    // refunded depends on when it looked, so the request's final status is what is asserted.
    const paid = await executeSteps(client(), { quote, wallet: wallet(7), checkIntervalMs: 20 }).catch(
      (error: unknown) => error,
    );
    if (paid instanceof Error) expect(paid.message).toMatch(/refund/);
    const final = await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 });
    expect(final.status).toBe("refund");
    expect(await reader(destination()).getBalance({ address: recipient })).toBe(0n);
  });
});

describe("txsGasLimit", () => {
  // The call: a plain value transfer to a fresh address (21,000 gas).
  test("default: calls within the limit run; over it they run out of gas and the request is refunded", async () => {
    const recipient = fresh();
    const call = { to: fresh(), value: parseEther("0.1").toString() };
    const within = await client().getQuote({ ...intent(8), recipient, txs: [call], txsGasLimit: 50_000 });
    expect(within.details).not.toHaveProperty("devnetNotSimulated");
    await executeSteps(client(), { quote: within, wallet: wallet(8), checkIntervalMs: 20 }).catch(
      () => undefined,
    );
    expect(
      (await waitForStatus(client(), { requestId: within.requestId as string, intervalMs: 20 })).status,
    ).toBe("success");
    // refundOnOrigin: false (deprecated) still refunds on the origin, as live; explicitDeposit: true is the devnet's way.
    const over = await client().getQuote({
      ...intent(8),
      recipient,
      txs: [call],
      txsGasLimit: 20_000,
      refundOnOrigin: false,
      explicitDeposit: true,
    });
    expect(over.details).not.toHaveProperty("devnetNotSimulated");
    await executeSteps(client(), { quote: over, wallet: wallet(8), checkIntervalMs: 20 }).catch(
      () => undefined,
    );
    const final = await waitForStatus(client(), { requestId: over.requestId as string, intervalMs: 20 });
    expect(final.status).toBe("refund");
    expect(JSON.stringify(final.details)).toContain("out of gas");
    expect((final.details as { refund?: { chainId: number } }).refund?.chainId).toBe(origin().chainId);
  });
});
