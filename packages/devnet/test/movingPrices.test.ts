// Prices that move, through the client and the CLI trigger: a swap's automatic slippage in its quote,
// a fill at the price of fill time (within the tolerance: another amount, at least the order's
// minimum; beyond it: refunded SLIPPAGE), EXACT_OUTPUT's exact amount, a late payment held to
// latePaymentSlippageTolerance, and a fixed-rate fill. Prices move only by the trigger (the devnet's
// walk stands still by default) and the solver's clock is moved by hand: nothing waits for real time.
import { type Address, type Hex, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterEach, describe, expect, test } from "vitest";
import { captureIo } from "../../../test/support/captureIo.js";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { runCli } from "../../attestkit/src/cli/createProgram.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import type { QuoteResponse } from "../../attestkit/src/schemas/index.js";
import { nativeCurrencyAddress } from "../src/constants.js";

/** How far the solver's clock runs ahead of the wall clock, ms (the late payments' test sets it). */
let ahead = 0;
const { devnet, origin, destination, wallet, client, account, usdcOf } = useDevnet({
  now: () => Date.now() + ahead,
});

/** Every price moved by a test, moved back after it. */
const moved: [string, number][] = [];
afterEach(async () => {
  ahead = 0;
  for (const [currency, bps] of moved.splice(0)) await movePrice(currency, -bps);
});

/** `attestkit devnet trigger price-move` against this devnet. */
async function trigger(...args: string[]) {
  const io = captureIo();
  const code = await runCli(["devnet", "trigger", ...args, "--devnet", devnet().url], io);
  return { code, io };
}
async function movePrice(currency: string, bps: number) {
  const { code, io } = await trigger("price-move", "--currency", currency, "--bps", String(bps));
  expect(io.stderr).toEqual([]);
  expect(code).toBe(0);
  return io.stdout;
}
async function moveAndRemember(currency: string, bps: number) {
  moved.push([currency, bps]);
  return movePrice(currency, bps);
}

const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
/** 0.1 ETH on the origin into USDC on the destination ($300 at ETH $3,000): a swap. */
const swap = (index: number, recipient: Address, patch: Record<string, unknown> = {}) => ({
  user: account(index).address,
  recipient,
  originChainId: origin().chainId,
  destinationChainId: destination().chainId,
  originCurrency: nativeCurrencyAddress,
  destinationCurrency: destination().contracts.token,
  amount: parseEther("0.1").toString(),
  tradeType: "EXACT_INPUT" as const,
  ...patch,
});
const quote = (body: ReturnType<typeof swap>) =>
  client().getQuote(body as Parameters<ReturnType<typeof client>["getQuote"]>[0]) as Promise<QuoteResponse>;
const out = (q: QuoteResponse) => BigInt(q.details?.currencyOut?.amount ?? -1);
const orderMinimum = (q: QuoteResponse) => {
  const v2 = q.protocol?.v2 as
    | { orderData: { output: { payments: { minimumAmount: string }[] } } }
    | undefined;
  return BigInt(v2?.orderData.output.payments[0]?.minimumAmount ?? -1);
};
const pay = (q: QuoteResponse, index: number) =>
  executeSteps(client(), { quote: q, wallet: wallet(index), checkIntervalMs: 20 }).catch(
    (error: unknown) => error,
  );
const final = (q: QuoteResponse) =>
  waitForStatus(client(), { requestId: q.requestId as Hex, intervalMs: 20 });
type PriceMove = {
  quotedAmountOut: string;
  amountOut: string;
  minimumAmountOut: string;
  costAmountIn?: string;
  movedBps: string;
  toleranceBps: string;
  late?: boolean;
  fixedRate?: boolean;
};
const priceMoveOf = (status: { details?: unknown }) =>
  (status.details as { priceMove?: PriceMove } | null | undefined)?.priceMove;

describe("automatic slippage", () => {
  test("default: a swap without slippageTolerance is quoted at 0.50 % (destination), in its minimum and its order; a bridge at 0", async () => {
    const q = await quote(swap(1, fresh()));
    expect(q.details?.slippageTolerance).toMatchObject({
      origin: { percent: "0.00", value: "0" },
      destination: { percent: "0.50", value: (out(q) - (out(q) * 9_950n) / 10_000n).toString() },
    });
    expect(q.details?.currencyOut?.minimumAmount).toBe(((out(q) * 9_950n) / 10_000n).toString());
    expect(orderMinimum(q)).toBe((out(q) * 9_950n) / 10_000n);
    expect(q.details).not.toHaveProperty("devnetNotSimulated");

    const bridge = await quote(swap(1, fresh(), { destinationCurrency: nativeCurrencyAddress }));
    expect(bridge.details?.slippageTolerance?.destination?.percent).toBe("0.00");
    expect(bridge.details?.currencyOut?.minimumAmount).toBe(bridge.details?.currencyOut?.amount);

    // EXACT_OUTPUT guarantees the output: the tolerance is on the origin, what the solver absorbs.
    const exact = await quote(swap(1, fresh(), { amount: "100000000", tradeType: "EXACT_OUTPUT" }));
    expect(exact.details?.slippageTolerance).toMatchObject({
      origin: { percent: "0.50" },
      destination: { percent: "0.00", value: "0" },
    });
    expect(exact.details?.currencyOut?.minimumAmount).toBe("100000000");
  });
});

describe("a fill at the price of fill time", () => {
  test("default: ETH 0.3 % down after the quote: filled within 0.5 % at a lower amount, above the order's minimum; the verified order holds", async () => {
    const recipient = fresh();
    const q = await quote({
      ...swap(2, recipient),
      verify: { solvers: [devnet().info.solver.address], trustRoot: devnet().trustRoot },
    } as never);
    // The payment guard checked the solver-signed order: the moved price changes none of it.
    expect((q as { verification?: { valid: boolean } }).verification?.valid).toBe(true);
    const lines = await moveAndRemember("eth", -30);
    expect(lines).toEqual(["ETH  3000.000000 USD at the start, 2991.000000 USD now (moved -30 bps by hand)"]);
    // Quotes from now on are priced at the new price.
    expect(out(await quote(swap(2, fresh())))).toBeLessThan(out(q));

    expect(await pay(q, 2)).not.toBeInstanceOf(Error);
    const status = await final(q);
    expect(status.status).toBe("success");
    const received = await usdcOf(destination(), recipient);
    expect(received).toBe((out(q) * 2_991n) / 3_000n);
    expect(received).toBeLessThan(out(q));
    expect(received).toBeGreaterThanOrEqual(orderMinimum(q));
    expect(priceMoveOf(status)).toEqual({
      quotedAmountOut: out(q).toString(),
      amountOut: received.toString(),
      minimumAmountOut: orderMinimum(q).toString(),
      movedBps: "-30",
      toleranceBps: "50",
    });
  });

  test("ETH 1 % down: beyond the 0.5 %: refunded, failReason SLIPPAGE, nothing filled", async () => {
    const recipient = fresh();
    const q = await quote(swap(3, recipient));
    await moveAndRemember("eth", -100);
    // The deposit lands either way; whether the step check saw it held (depositing) or already
    // refunded depends on when it looked, so the request's final status is what is asserted.
    const paid = await pay(q, 3);
    if (paid instanceof Error) expect(paid.message).toMatch(/refund/);
    const status = await final(q);
    expect(status).toMatchObject({ status: "refund", failReason: "SLIPPAGE" });
    expect(priceMoveOf(status)).toMatchObject({ movedBps: "-100", toleranceBps: "50" });
    expect(BigInt(priceMoveOf(status)?.amountOut ?? 0)).toBeLessThan(orderMinimum(q));
    expect(await usdcOf(destination(), recipient)).toBe(0n);
    expect((status.details as { refund?: { chainId: number } }).refund?.chainId).toBe(origin().chainId);
  });

  test("EXACT_OUTPUT: the recipient gets the exact amount; the solver absorbs the move within the tolerance", async () => {
    const recipient = fresh();
    const q = await quote(swap(4, recipient, { amount: "100000000", tradeType: "EXACT_OUTPUT" }));
    await moveAndRemember("eth", -30);
    await pay(q, 4);
    const status = await final(q);
    expect(status.status).toBe("success");
    expect(await usdcOf(destination(), recipient)).toBe(100_000_000n);
    const move = priceMoveOf(status);
    expect(BigInt(move?.costAmountIn ?? 0)).toBeGreaterThan(BigInt(q.details?.currencyIn?.amount ?? 0));
  });

  test("devnet trigger slippage-refund drives a fresh request to refund SLIPPAGE and moves the price back", async () => {
    const { code, io } = await trigger("slippage-refund", "--account", "5", "--json");
    expect(io.stderr).toEqual([]);
    expect(code).toBe(0);
    expect(JSON.parse(io.stdout.at(-1) as string)).toMatchObject({
      status: "refund",
      failReason: "SLIPPAGE",
    });
    const prices = (await (await fetch(`${devnet().url}/devnet/prices`)).json()) as {
      prices: { currency: string; movedBps: number }[];
    };
    expect(prices.prices.find((price) => price.currency === "eth")?.movedBps).toBe(0);
  });
});

describe("latePaymentSlippageTolerance", () => {
  test("default: a deposit after the deadline is filled within the late tolerance; without one it is TTL_EXPIRED", async () => {
    const lateRecipient = fresh();
    const late = await quote(swap(6, lateRecipient, { ttl: 600, latePaymentSlippageTolerance: "200" }));
    expect(late.details).not.toHaveProperty("devnetNotSimulated");
    const plainRecipient = fresh();
    const plain = await quote(swap(7, plainRecipient, { ttl: 600 }));
    // The solver's clock 11 minutes on: both deposits come after their order's deadline.
    ahead = 660_000;
    await moveAndRemember("eth", -100);

    await pay(late, 6);
    const filled = await final(late);
    expect(filled.status).toBe("success");
    expect(await usdcOf(destination(), lateRecipient)).toBe((out(late) * 2_970n) / 3_000n);
    expect(priceMoveOf(filled)).toMatchObject({ late: true, toleranceBps: "200", movedBps: "-100" });

    await pay(plain, 7);
    expect(await final(plain)).toMatchObject({ status: "refund", failReason: "TTL_EXPIRED" });
    expect(await usdcOf(destination(), plainRecipient)).toBe(0n);
  });
});

describe("fixedRate", () => {
  test("default: isFixedRate, fixedRateFee, no slippage; filled at the fixed rate whatever the market did", async () => {
    const recipient = fresh();
    const q = await quote(swap(8, recipient, { fixedRate: "2900" }));
    expect(q.details).not.toHaveProperty("devnetNotSimulated");
    expect(q.details?.isFixedRate).toBe(true);
    // 2900 USDC per ETH against the market's 3000 (less its tiny swap impact): about $10 on 0.1 ETH.
    expect(Number(q.details?.fixedRateFee?.usd)).toBeGreaterThan(9.9);
    expect(Number(q.details?.fixedRateFee?.usd)).toBeLessThan(10);
    expect(q.details?.currencyOut?.minimumAmount).toBe(q.details?.currencyOut?.amount);
    // The net input (0.1 ETH less 10 bps and $0.01) at 2900.
    expect(Number(q.details?.rate)).toBeCloseTo(2897, 0);
    await moveAndRemember("eth", -500);
    await pay(q, 8);
    const status = await final(q);
    expect(status.status).toBe("success");
    expect(await usdcOf(destination(), recipient)).toBe(out(q));
    expect(priceMoveOf(status)).toMatchObject({ fixedRate: true, movedBps: "-500" });
  });

  test("a fixedRate that is not a positive decimal is 400", async () => {
    const response = await fetch(`${devnet().url}/quote/v2`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(swap(8, fresh(), { fixedRate: "one" })),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorCode: "INVALID_REQUEST" });
  });
});

describe("/devnet/prices", () => {
  test("default: lists each currency group with its starting price, its price now and its moves", async () => {
    const body = (await (await fetch(`${devnet().url}/devnet/prices`)).json()) as Record<string, unknown>;
    expect(body).toEqual({
      settings: { seed: "attestkit-devnet", volatilityBps: 0, stepMs: 10_000 },
      prices: expect.arrayContaining([
        {
          currency: "eth",
          symbol: "ETH",
          startUsdMicros: "3000000000",
          priceUsdMicros: "3000000000",
          movedBps: 0,
        },
        {
          currency: "usdc",
          symbol: "USDC",
          startUsdMicros: "1000000",
          priceUsdMicros: "1000000",
          movedBps: 0,
        },
        {
          currency: "btc",
          symbol: "BTC",
          startUsdMicros: "100000000000",
          priceUsdMicros: "100000000000",
          movedBps: 0,
        },
      ]),
    });
  });

  test("refusals: a move that is not whole basis points, a price at -100 %, an unknown currency", async () => {
    const post = (body: unknown) =>
      fetch(`${devnet().url}/devnet/prices`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    expect(await post({ currency: "eth", bps: 1.5 })).toMatchObject({
      status: 400,
      body: { code: "INVALID_PRICE_MOVE" },
    });
    expect(await post({ currency: "eth", bps: -10_000 })).toMatchObject({ status: 400 });
    expect(await post({ currency: "doge", bps: 1 })).toMatchObject({
      status: 404,
      body: { code: "CURRENCY_NOT_FOUND" },
    });
    const { code, io } = await trigger("price-move", "--bps", "x");
    expect(code).toBe(2);
    expect(io.stderr[0]).toMatch(/--bps/);
  });
});
