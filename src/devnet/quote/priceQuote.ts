import { type Address, getAddress, type Hex, isAddress, isAddressEqual } from "viem";
import type { QuoteRequest } from "../../schemas/index.js";
import { maxUint256 } from "../../schemas/primitives.js";
import type { DevnetApiError } from "../errors.js";
import type { DestinationCall } from "../state/types.js";
import {
  AmountTooLowError,
  computeQuoteAmounts,
  type FeeComponent,
  type QuoteFees,
  SwapLiquidityExceededError,
} from "./computeQuoteAmounts.js";
import { convertAmount } from "./convertAmount.js";
import type { SelfExecutedOperation } from "./decideExecution.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import { fixedRateFeeUsdMicros } from "./fixedRateFeeUsdMicros.js";
import { parseFixedRate } from "./parseFixedRate.js";
import { quoteBadRequest as badRequest } from "./quoteBadRequest.js";
import { slippageToleranceBps } from "./slippageToleranceBps.js";

/** The gas top-up without `topupGasAmount`: $2, in micro-USD. */
export const defaultGasTopupUsdMicros = 2_000_000n;

/** Every fee component, in the order sponsorship spends on them. */
export const feeComponents: readonly FeeComponent[] = ["execution", "swap", "relay", "app"];

export type PriceQuoteParameters = {
  /** A body the shared quote (or price) schema accepted. */
  body: QuoteRequest;
  /** The devnet's chain ids. */
  chainIds: readonly number[];
  /** The devnet's currencies. */
  currencies: readonly DevnetCurrency[];
  /**
   * The price-impact model of swaps (a route whose currencies differ in kind, e.g. ETH to USDC): the
   * pool depth in micro-USD, and the largest impact (basis points of the swapped amount) quoted
   * without `overridePriceImpact`. No impact when omitted.
   */
  swaps?: { liquidityUsdMicros: bigint; maxImpactBps: bigint } | undefined;
  /**
   * A self-executed same-chain quote (`decideExecution`): no solver fees; a wrap or unwrap is 1:1
   * (no swap impact).
   */
  selfExecuted?: SelfExecutedOperation | undefined;
  /** The service fee's basis points when not the default 10 (`useExternalLiquidity`). */
  serviceBps?: bigint | undefined;
};

/** A priced route: everything the quote's body, steps and stored request are made of. */
export type PricedQuote = {
  originChainId: number;
  destinationChainId: number;
  currencyIn: DevnetCurrency;
  currencyOut: DevnetCurrency;
  user: Address;
  recipient: Address;
  /** Where refunds go: `refundTo`, else the recipient, else the user (fixed at quote time). */
  refundTo: Address;
  txs: DestinationCall[];
  /** What the user deposits (fees included). */
  amountIn: bigint;
  /** What the recipient gets. */
  amountOut: bigint;
  /**
   * The output's `minimumAmount`: `amountOut` less the slippage tolerance, except with `EXACT_OUTPUT`,
   * which guarantees the amount itself (`EXPECTED_OUTPUT` may arrive lower within the slippage).
   */
  minimumOut: bigint;
  /** What a swap's price impact took from the output (output currency); 0 for a bridge. */
  swapImpact: bigint;
  /** The slippage tolerance: `slippageTolerance`, else the automatic one (`slippageToleranceBps`); 0 with a fixed rate. */
  slippageBps: bigint;
  /** `tradeType` of the quote: what a fill at a moved price keeps (`decideFillPrice`). */
  tradeType?: QuoteRequest["tradeType"] | undefined;
  /** `latePaymentSlippageTolerance`: the tolerance of a deposit after the order's deadline, if given. */
  latePaymentSlippageBps?: bigint | undefined;
  /**
   * `fixedRate`: the rate the net input converted at (whole units out per whole unit in), and
   * `details.fixedRateFee.usd`, what it charges over the market (the market output less the fixed
   * one, in USD at the quote's prices; negative when the fixed rate gives more than the market).
   */
  fixedRate?: { rate: string; feeUsdMicros: bigint } | undefined;
  fees: QuoteFees;
  /** The `appFees` items: each one's recipient (when an EVM address) and basis points. */
  appFees: AppFee[];
  /** The sponsored components; empty without `subsidizeFees`. */
  sponsored: readonly FeeComponent[];
  /** `maxSubsidizationAmount` as asked, if any. */
  maxSubsidizationAmount: string | undefined;
  /** With `useDepositAddress`: `strict` with `strict: true`, else `open`. */
  depositAddressType: "open" | "strict" | undefined;
  /** The sum of the `appFees` basis points. */
  appFeeBps: bigint;
  /**
   * The destination gas top-up (`topupGas` on a token output): the native amount the recipient gets
   * with the fill, and its price in micro-USD (`topupGasAmount`, default $2), charged as relayer gas.
   */
  gasTopup: { currency: DevnetCurrency; amount: bigint; usdMicros: bigint } | undefined;
  /** `usePermit` on a token origin: the deposit is an EIP-3009 authorization the user signs. */
  usePermit: boolean;
  /** `permitExpiry` (seconds from the quote), if asked. */
  permitExpiry: number | undefined;
  /** A self-executed same-chain quote: what the user's own transaction does (`details.operation`). */
  selfExecuted?: SelfExecutedOperation | undefined;
  /**
   * `explicitDeposit: false` on a native origin: the deposit is a direct transfer to the depository
   * (the order id as calldata) instead of a `depositNative` call.
   */
  directDeposit?: boolean | undefined;
  /**
   * What an exact-output swap's rounded-up input buys beyond the output (`exactOutputSurplus`), paid
   * to the recipient with the output; 0 with `enableTrueExactOutput: true` (the solver keeps it).
   */
  outputSurplus?: bigint | undefined;
  /** `gasLimitForDepositSpecifiedTxs`: the gas limit the deposit transaction is sent with. */
  depositGasLimit?: bigint | undefined;
  /** The swap source the route swaps through and where (`chooseSwapSource`); undefined without a swap. */
  swapSource?: { name: string; leg: "origin" | "destination" } | undefined;
};

/** One `appFees` item: who it is for (undefined when it names no EVM address) and its basis points. */
export type AppFee = { recipient: Address | undefined; bps: bigint };

export type PriceQuoteErrorType = DevnetApiError;

/**
 * Prices a route with the devnet's fee model, without reading any chain: resolves the chains and
 * currencies, the user, recipient and refund address, the destination calls (`txs`) and app fees
 * (their shapes are the request schema's to check), then computes input, output, fees and
 * sponsorship. Refusals are the live service's 400 answers.
 *
 * @param parameters - {@link PriceQuoteParameters}
 * @returns The priced route. {@link PricedQuote}
 * @throws DevnetApiError (400) with `UNSUPPORTED_CHAIN`, `INVALID_INPUT_CURRENCY`,
 * `INVALID_OUTPUT_CURRENCY`, `UNSUPPORTED_CURRENCY`, `UNSUPPORTED_EXECUTION_TYPE` (a deposit address
 * with `txs`), `INVALID_ADDRESS`, `INVALID_EXTRA_TXS` (a call's value without a native output to
 * carry it), `INVALID_REQUEST` (amounts past 2^256), `AMOUNT_TOO_LOW`, `SWAP_IMPACT_TOO_HIGH` (over the
 * swap model's largest impact without `overridePriceImpact`) or `INSUFFICIENT_LIQUIDITY`.
 * @example
 * const priced = priceQuote({ body, chainIds: [31337, 31338], currencies })
 */
export function priceQuote({
  body,
  chainIds,
  currencies,
  swaps,
  selfExecuted,
  serviceBps,
}: PriceQuoteParameters): PricedQuote {
  const originChainId = chainOrThrow(chainIds, body.originChainId);
  const destinationChainId = chainOrThrow(chainIds, body.destinationChainId);
  const currencyIn = currencyOrThrow(
    currencies,
    originChainId,
    body.originCurrency,
    "INVALID_INPUT_CURRENCY",
  );
  const currencyOut = currencyOrThrow(
    currencies,
    destinationChainId,
    body.destinationCurrency,
    "INVALID_OUTPUT_CURRENCY",
  );
  const depositAddressType =
    body.useDepositAddress === true
      ? "strict" in body && body.strict === true
        ? "strict"
        : "open"
      : undefined;
  if (depositAddressType !== undefined && (body.txs?.length ?? 0) > 0)
    throw badRequest(
      "UNSUPPORTED_EXECUTION_TYPE",
      "Deposit addresses bridge plain transfers: a quote with txs cannot use one.",
    );

  const user = getAddress(body.user);
  const recipient = getAddress(body.recipient ?? body.user);
  const refundTo = body.refundTo ?? body.recipient ?? body.user;
  if (!isAddress(refundTo)) throw badRequest("INVALID_ADDRESS", "refundTo must be an EVM address.");
  const txs = toDestinationCalls(body.txs);
  const appFees = toAppFees(body.appFees);
  const appFeeBps = appFees.reduce((sum, fee) => sum + fee.bps, 0n);
  const subsidized = "subsidizeFees" in body && body.subsidizeFees === true;
  const sponsored = subsidized ? (body.sponsoredFeeComponents ?? feeComponents) : [];
  const maxSubsidizationAmount = subsidized ? body.maxSubsidizationAmount : undefined;
  // A top-up brings the destination's native currency: nothing to add to a native output (as live).
  const nativeOut = currencies.find((c) => c.chainId === destinationChainId && c.isNative);
  const gasTopupUsdMicros =
    "topupGas" in body && body.topupGas === true && !currencyOut.isNative && nativeOut
      ? BigInt(body.topupGasAmount ?? defaultGasTopupUsdMicros)
      : undefined;
  const gasTopup =
    gasTopupUsdMicros === undefined || !nativeOut
      ? undefined
      : {
          currency: nativeOut,
          usdMicros: gasTopupUsdMicros,
          amount: convertAmount({
            amount: gasTopupUsdMicros,
            from: { decimals: 6, priceUsdMicros: 1_000_000n },
            to: nativeOut,
            rounding: "floor",
          }),
        };

  // A wrap or unwrap changes the group (ETH, WETH) at the same price: no pool, no impact.
  const isSwap =
    currencyIn.groupID !== currencyOut.groupID && selfExecuted !== "wrap" && selfExecuted !== "unwrap";
  // A fixed rate converts at itself: no price, so no swap impact (the solver absorbs the market).
  const fixedRate = body.fixedRate === undefined ? undefined : parseFixedRate(body.fixedRate);
  const marketLiquidity =
    swaps && isSwap
      ? convertAmount({
          amount: swaps.liquidityUsdMicros,
          from: { decimals: 6, priceUsdMicros: 1_000_000n },
          to: currencyOut,
          rounding: "floor",
        })
      : undefined;
  const swapLiquidity = fixedRate === undefined ? marketLiquidity : undefined;
  let amounts: ReturnType<typeof computeQuoteAmounts>;
  const amountParameters = {
    tradeType: body.tradeType,
    amount: BigInt(body.amount),
    currencyIn,
    currencyOut,
    appFeeBps,
    gasTopupUsdMicros,
    swapLiquidity,
    // A self-executed quote has no solver to pay.
    solverFees: selfExecuted === undefined,
    serviceBps,
    subsidy: subsidized
      ? {
          components: sponsored,
          maxUsdMicros: maxSubsidizationAmount === undefined ? undefined : BigInt(maxSubsidizationAmount),
        }
      : undefined,
  };
  try {
    amounts = computeQuoteAmounts({ ...amountParameters, rate: fixedRate });
  } catch (error) {
    if (error instanceof AmountTooLowError) throw badRequest("AMOUNT_TOO_LOW", error.shortMessage);
    if (error instanceof SwapLiquidityExceededError)
      throw badRequest("INSUFFICIENT_LIQUIDITY", error.shortMessage);
    throw error;
  }
  const swapImpact = amounts.swapImpact ?? 0n;
  if (swaps && swapImpact > 0n && !("overridePriceImpact" in body && body.overridePriceImpact === true)) {
    const impactBps = (swapImpact * 10_000n) / (amounts.amountOut + swapImpact);
    if (impactBps > swaps.maxImpactBps)
      throw badRequest(
        "SWAP_IMPACT_TOO_HIGH",
        `The swap's price impact is ${Number(impactBps) / 100}% (over ${Number(swaps.maxImpactBps) / 100}%); send overridePriceImpact: true to quote it anyway.`,
      );
  }
  const { amountIn, amountOut, fees } = amounts;
  // The request schemas bound `amount`; fees added to an EXACT_OUTPUT can still push the input over.
  if (amountIn > maxUint256 || amountOut > maxUint256)
    throw badRequest("INVALID_REQUEST", "The quoted amounts must be below 2^256 (a uint256); lower amount.");
  const callValue = txs.reduce((sum, call) => sum + call.value, 0n);
  if (callValue > 0n && (!currencyOut.isNative || callValue > amountOut))
    throw badRequest("INVALID_EXTRA_TXS", "The value of the txs must come out of a native output amount.");

  const slippageBps =
    fixedRate === undefined
      ? slippageToleranceBps({ slippageTolerance: body.slippageTolerance, currencyIn, currencyOut })
      : 0n;
  return {
    originChainId,
    destinationChainId,
    currencyIn,
    currencyOut,
    user,
    recipient,
    refundTo: getAddress(refundTo),
    txs,
    amountIn,
    amountOut,
    minimumOut:
      body.tradeType === "EXACT_OUTPUT" ? amountOut : (amountOut * (10_000n - slippageBps)) / 10_000n,
    swapImpact,
    slippageBps,
    tradeType: body.tradeType,
    latePaymentSlippageBps:
      body.latePaymentSlippageTolerance === undefined ? undefined : BigInt(body.latePaymentSlippageTolerance),
    fixedRate:
      fixedRate === undefined || body.fixedRate === undefined
        ? undefined
        : {
            rate: body.fixedRate,
            feeUsdMicros: fixedRateFeeUsdMicros({
              fixed: amounts,
              market: () => computeQuoteAmounts({ ...amountParameters, swapLiquidity: marketLiquidity }),
              currencyIn,
              currencyOut,
              tradeType: body.tradeType,
            }),
          },
    fees,
    appFees,
    sponsored,
    maxSubsidizationAmount: body.maxSubsidizationAmount,
    depositAddressType,
    appFeeBps,
    gasTopup,
    usePermit: body.usePermit === true && !currencyIn.isNative && depositAddressType === undefined,
    permitExpiry: "permitExpiry" in body ? body.permitExpiry : undefined,
    selfExecuted,
  };
}

function chainOrThrow(chainIds: readonly number[], chainId: number): number {
  if (!chainIds.includes(chainId))
    throw badRequest("UNSUPPORTED_CHAIN", `Chain ${chainId} is not a devnet chain (${chainIds.join(", ")}).`);
  return chainId;
}

function currencyOrThrow(
  currencies: readonly DevnetCurrency[],
  chainId: number,
  address: string,
  invalidCode: string,
): DevnetCurrency {
  if (!isAddress(address, { strict: false }))
    throw badRequest(invalidCode, `Currency ${address} is not an address.`);
  const currency = currencies.find((c) => c.chainId === chainId && isAddressEqual(c.address, address));
  if (!currency)
    throw badRequest("UNSUPPORTED_CURRENCY", `Currency ${address} is not supported on chain ${chainId}.`);
  return currency;
}

/** The destination calls, as the request schema checked them (`data` default `0x`, `value` default 0). */
function toDestinationCalls(txs: QuoteRequest["txs"]): DestinationCall[] {
  return (txs ?? []).map(({ to, data = "0x", value = "0" }) => ({
    to: getAddress(to),
    data: data as Hex,
    value: BigInt(value),
  }));
}

/** The app fees, as the request schema checked them: an EVM `recipient` is paid, any other leaves the fee to the solver. */
function toAppFees(appFees: QuoteRequest["appFees"]): AppFee[] {
  return (appFees ?? []).map(({ recipient, fee }) => ({
    recipient:
      typeof recipient === "string" && isAddress(recipient, { strict: false })
        ? getAddress(recipient)
        : undefined,
    bps: BigInt(fee),
  }));
}
