import type { QuoteRequest } from "attestkit/schemas";
import type { Address } from "viem";
import type { DevnetApiError } from "../errors.js";
import type { DestinationCall } from "../state/types.js";
import { checkQuotedAmounts } from "./checkQuotedAmounts.js";
import { checkSwapImpact } from "./checkSwapImpact.js";
import { computePricedAmounts } from "./computePricedAmounts.js";
import type { FeeComponent, QuoteFees } from "./computeQuoteAmounts.js";
import type { SelfExecutedOperation } from "./decideExecution.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import { fixedRateFeeUsdMicros } from "./fixedRateFeeUsdMicros.js";
import { originGasUsdMicros } from "./originGasUsdMicros.js";
import { parseFixedRate } from "./parseFixedRate.js";
import { planGasTopup } from "./planGasTopup.js";
import { readQuoteSubsidy } from "./readQuoteSubsidy.js";
import { resolveQuoteParties } from "./resolveQuoteParties.js";
import { resolveQuoteRoute } from "./resolveQuoteRoute.js";
import { slippageToleranceBps } from "./slippageToleranceBps.js";
import { type AppFee, toAppFees } from "./toAppFees.js";
import { toDestinationCalls } from "./toDestinationCalls.js";

export { defaultGasTopupUsdMicros } from "./planGasTopup.js";
export { feeComponents } from "./readQuoteSubsidy.js";
export type { AppFee } from "./toAppFees.js";

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
  /**
   * The origin chain's gas price now, wei per gas unit: what a gasless (permit) quote's
   * `originGasOverhead` is priced at. Default 0 (nothing priced).
   */
  originGasPrice?: bigint | undefined;
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
   * `explicitDeposit: false`: the deposit is a direct transfer to the depository instead of a
   * depository call: a native transfer with the order id as calldata, or the token's
   * `transfer(depository, amount)` with the order id as the trailing 32 bytes.
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

export type PriceQuoteErrorType = DevnetApiError;

/**
 * Prices a route with the devnet's fee model, without reading any chain: resolves the chains and
 * currencies, the user, recipient and refund address, the destination calls (`txs`) and app fees
 * (their shapes are the request schema's to check), then computes input, output, fees and
 * sponsorship. A gasless (permit) quote's `originGasOverhead` is priced at `originGasPrice`.
 * Refusals are the live service's 400 answers.
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
export function priceQuote(parameters: PriceQuoteParameters): PricedQuote {
  const { body, chainIds, currencies, swaps, selfExecuted, serviceBps, originGasPrice = 0n } = parameters;
  const route = resolveQuoteRoute({ body, chainIds, currencies });
  const { originChainId, destinationChainId, currencyIn, currencyOut, depositAddressType } = route;
  const { user, recipient, refundTo } = resolveQuoteParties(body);
  const txs = toDestinationCalls(body.txs);
  const appFees = toAppFees(body.appFees);
  const appFeeBps = appFees.reduce((sum, fee) => sum + fee.bps, 0n);
  const subsidy = readQuoteSubsidy(body);
  const { gasTopupUsdMicros, gasTopup } = planGasTopup({ body, currencies, destinationChainId, currencyOut });
  const fixedRate = body.fixedRate === undefined ? undefined : parseFixedRate(body.fixedRate);
  const usePermit = body.usePermit === true && !currencyIn.isNative && depositAddressType === undefined;
  const nativeIn = currencies.find((currency) => currency.chainId === originChainId && currency.isNative);
  // The permit is the solver's gasless origin transaction: `originGasOverhead` prices its gas.
  const originGas =
    nativeIn === undefined
      ? 0n
      : originGasUsdMicros({
          originGasOverhead: "originGasOverhead" in body ? body.originGasOverhead : undefined,
          gasless: usePermit,
          gasPrice: originGasPrice,
          nativeIn,
        });
  const { amounts, market } = computePricedAmounts({
    body,
    currencyIn,
    currencyOut,
    appFeeBps,
    gasTopupUsdMicros,
    originGasUsdMicros: originGas,
    subsidy,
    swaps,
    selfExecuted,
    serviceBps,
    fixedRate,
  });
  const swapImpact = amounts.swapImpact ?? 0n;
  checkSwapImpact({ body, swaps, swapImpact, amountOut: amounts.amountOut });
  const { amountIn, amountOut, fees } = amounts;
  checkQuotedAmounts({ amountIn, amountOut, txs, currencyOut });
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
    refundTo,
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
              market,
              currencyIn,
              currencyOut,
              tradeType: body.tradeType,
            }),
          },
    fees,
    appFees,
    sponsored: subsidy.sponsored,
    maxSubsidizationAmount: body.maxSubsidizationAmount,
    depositAddressType,
    appFeeBps,
    gasTopup,
    usePermit,
    permitExpiry: "permitExpiry" in body ? body.permitExpiry : undefined,
    selfExecuted,
  };
}
