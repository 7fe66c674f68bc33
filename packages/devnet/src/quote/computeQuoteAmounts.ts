import { BaseError } from "attestkit";
import { convertAmount } from "./convertAmount.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";

/** The solver's service fee: 10 basis points of the input. */
export const serviceFeeBps = 10n;

/** The flat relayer gas fee: $0.01, charged in the origin currency. */
export const relayerGasUsdMicros = 10_000n;

/** Fee components that can be sponsored (`sponsoredFeeComponents`). */
export type FeeComponent = "execution" | "swap" | "relay" | "app";

export type ComputeQuoteAmountsParameters = {
  /** `EXPECTED_OUTPUT` is priced like `EXACT_OUTPUT` (they differ in what the fill guarantees). */
  tradeType: "EXACT_INPUT" | "EXACT_OUTPUT" | "EXPECTED_OUTPUT";
  /** Input amount (EXACT_INPUT) or output amount (otherwise), smallest unit. */
  amount: bigint;
  currencyIn: DevnetCurrency;
  currencyOut: DevnetCurrency;
  /** Sum of the `appFees[].fee` basis points. */
  appFeeBps?: bigint | undefined;
  /**
   * The destination gas top-up (`topupGas`), micro-USD: charged with the relayer gas fee (the
   * `execution` component), in the origin currency.
   */
  gasTopupUsdMicros?: bigint | undefined;
  /**
   * The solver's gasless origin transaction (`originGasOverhead` at the origin's gas price,
   * `originGasUsdMicros`), micro-USD: charged with the relayer gas fee too. Default 0.
   */
  originGasUsdMicros?: bigint | undefined;
  /**
   * A swap's pool depth in the output currency's smallest unit: the swapped amount `o` comes out as
   * `o * L / (L + o)` (a constant-product pool), so the price impact grows with the amount. No impact
   * when omitted (bridges of one asset).
   */
  swapLiquidity?: bigint | undefined;
  /** Sponsorship (`subsidizeFees`): which components, up to which USD cap (micro-USD). */
  subsidy?: { components: readonly FeeComponent[]; maxUsdMicros?: bigint | undefined } | undefined;
  /**
   * A fixed rate (`fixedRate`): whole units of output per whole unit of input, as a fraction. The
   * net input converts at it instead of at the prices (fees are still priced in USD).
   */
  rate?: { numerator: bigint; denominator: bigint } | undefined;
  /**
   * Whether the solver's fees (service and relayer gas) are charged: true by default; false for a
   * self-executed same-chain quote, where no solver takes part (only app fees could remain).
   */
  solverFees?: boolean | undefined;
  /** The service fee's basis points: 10 by default (`serviceFeeBps`); `useExternalLiquidity` charges its own. */
  serviceBps?: bigint | undefined;
};

/** Fee components in the origin currency's smallest unit. */
export type QuoteFees = {
  relayerService: bigint;
  relayerGas: bigint;
  app: bigint;
  /** The part of the fees the sponsor pays. */
  subsidized: bigint;
};

export type ComputeQuoteAmountsReturnType = {
  /** What the user deposits on the origin chain. */
  amountIn: bigint;
  /** What the recipient receives on the destination chain. */
  amountOut: bigint;
  fees: QuoteFees;
  /** With `swapLiquidity`: what the price impact took from the output, in the output currency. */
  swapImpact?: bigint;
};

/** The amount does not cover the fees, or the output rounds to zero. */
export class AmountTooLowError extends BaseError {
  override name = "AmountTooLowError";
  constructor({ amount, minimum }: { amount: bigint; minimum: bigint }) {
    super(`Amount ${amount} is too low to cover the fees (minimum ${minimum}).`, {
      metaMessages: [`minimum: ${minimum}`],
    });
  }
}

/** {@link AmountTooLowError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type AmountTooLowErrorType = AmountTooLowError & { name: "AmountTooLowError" };

/**
 * The devnet's fee model. Fees are taken from the input, in the origin currency: a service fee of
 * 10 bps (rounded up), a relayer gas fee (a flat $0.01, plus a gas top-up and a gasless origin
 * transaction's gas when there are) and the app fees' bps (each rounded up);
 * sponsored components are paid by the sponsor up to its cap. The rest converts to the output at fixed
 * prices, rounded down. EXACT_INPUT: the input is `amount`. EXACT_OUTPUT: the smallest input whose
 * net converts to at least `amount`.
 *
 * @param parameters - {@link ComputeQuoteAmountsParameters}
 * @returns Input, output and fees. {@link ComputeQuoteAmountsReturnType}
 * @example
 * computeQuoteAmounts({ tradeType: "EXACT_INPUT", amount: 1_000_000n, currencyIn: usdc, currencyOut: usdc })
 * // { amountIn: 1000000n, amountOut: 989000n, fees: { relayerService: 1000n, relayerGas: 10000n, ... } }
 */
export function computeQuoteAmounts(
  parameters: ComputeQuoteAmountsParameters,
): ComputeQuoteAmountsReturnType {
  const {
    tradeType,
    amount,
    currencyIn,
    currencyOut,
    appFeeBps = 0n,
    subsidy,
    gasTopupUsdMicros = 0n,
    originGasUsdMicros = 0n,
    swapLiquidity,
    rate,
    solverFees = true,
    serviceBps = serviceFeeBps,
  } = parameters;
  // What the net input converts at: the prices, or the fixed rate as a pair of prices.
  const pair = rate
    ? {
        from: { decimals: currencyIn.decimals, priceUsdMicros: rate.numerator },
        to: { decimals: currencyOut.decimals, priceUsdMicros: rate.denominator },
      }
    : { from: currencyIn, to: currencyOut };
  const impact = (swapImpact: bigint) => (swapLiquidity === undefined ? {} : { swapImpact });
  const usd = { decimals: 6, priceUsdMicros: 1_000_000n };
  const relayerGas = solverFees
    ? convertAmount({
        amount: relayerGasUsdMicros + gasTopupUsdMicros + originGasUsdMicros,
        from: usd,
        to: currencyIn,
        rounding: "ceil",
      })
    : 0n;
  const cap =
    subsidy?.maxUsdMicros === undefined
      ? undefined
      : convertAmount({ amount: subsidy.maxUsdMicros, from: usd, to: currencyIn, rounding: "floor" });

  const feesFor = (amountIn: bigint): QuoteFees => {
    const relayerService = solverFees ? ceilBps(amountIn, serviceBps) : 0n;
    const app = ceilBps(amountIn, appFeeBps);
    const byComponent: Record<FeeComponent, bigint> = {
      execution: relayerGas,
      relay: relayerService,
      app,
      swap: 0n,
    };
    let subsidized = (subsidy?.components ?? []).reduce((sum, component) => sum + byComponent[component], 0n);
    if (cap !== undefined && subsidized > cap) subsidized = cap;
    return { relayerService, relayerGas, app, subsidized };
  };
  const userFees = (fees: QuoteFees) => fees.relayerService + fees.relayerGas + fees.app - fees.subsidized;

  if (tradeType === "EXACT_INPUT") {
    const fees = feesFor(amount);
    const net = amount - userFees(fees);
    const beforeImpact =
      net > 0n ? convertAmount({ amount: net, from: pair.from, to: pair.to, rounding: "floor" }) : 0n;
    const amountOut =
      swapLiquidity === undefined
        ? beforeImpact
        : (beforeImpact * swapLiquidity) / (swapLiquidity + beforeImpact);
    if (amountOut === 0n)
      throw new AmountTooLowError({
        amount,
        minimum: minimumInput(feesFor, userFees, pair.from, pair.to),
      });
    return { amountIn: amount, amountOut, fees, ...impact(beforeImpact - amountOut) };
  }

  if (amount === 0n) throw new AmountTooLowError({ amount, minimum: 1n });
  if (swapLiquidity !== undefined && amount >= swapLiquidity)
    throw new SwapLiquidityExceededError({ amount, liquidity: swapLiquidity });
  // What must go into the pool for `amount` to come out: the smallest o with o * L / (L + o) >= amount.
  const swapped =
    swapLiquidity === undefined
      ? amount
      : (amount * swapLiquidity + (swapLiquidity - amount) - 1n) / (swapLiquidity - amount);
  const netIn = convertAmount({ amount: swapped, from: pair.to, to: pair.from, rounding: "ceil" });
  let amountIn = netIn + userFees(feesFor(netIn));
  // Fees grow with the input: step up until the net covers the output (two rounds at most in practice).
  for (let shortfall = netIn - (amountIn - userFees(feesFor(amountIn))); shortfall > 0n; ) {
    amountIn += shortfall;
    shortfall = netIn - (amountIn - userFees(feesFor(amountIn)));
  }
  return { amountIn, amountOut: amount, fees: feesFor(amountIn), ...impact(swapped - amount) };
}

/** An exact output at least as large as the swap's pool depth: no input can buy it. */
export class SwapLiquidityExceededError extends BaseError {
  override name = "SwapLiquidityExceededError";
  constructor({ amount, liquidity }: { amount: bigint; liquidity: bigint }) {
    super(`Output ${amount} is not below the swap's liquidity of ${liquidity}.`, {
      metaMessages: [`liquidity: ${liquidity}`],
    });
  }
}

/** {@link SwapLiquidityExceededError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type SwapLiquidityExceededErrorType = SwapLiquidityExceededError & {
  name: "SwapLiquidityExceededError";
};

function ceilBps(amount: bigint, bps: bigint): bigint {
  return (amount * bps + 9_999n) / 10_000n;
}

/** The smallest EXACT_INPUT amount that yields a non-zero output, for the error message. */
function minimumInput(
  feesFor: (amountIn: bigint) => QuoteFees,
  userFees: (fees: QuoteFees) => bigint,
  currencyIn: Pick<DevnetCurrency, "decimals" | "priceUsdMicros">,
  currencyOut: Pick<DevnetCurrency, "decimals" | "priceUsdMicros">,
): bigint {
  const oneOut = convertAmount({ amount: 1n, from: currencyOut, to: currencyIn, rounding: "ceil" });
  let amountIn = oneOut + userFees(feesFor(oneOut));
  for (let shortfall = oneOut - (amountIn - userFees(feesFor(amountIn))); shortfall > 0n; ) {
    amountIn += shortfall;
    shortfall = oneOut - (amountIn - userFees(feesFor(amountIn)));
  }
  return amountIn;
}
