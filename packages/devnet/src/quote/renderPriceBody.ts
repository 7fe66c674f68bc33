import type { responseSchemas } from "attestkit/schemas";
import { formatUnits } from "viem";
import type * as z from "zod";
import { renderAmount, toUsd } from "../api/renderAmount.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import { fallbackTypeOf } from "./fallbackTypeOf.js";
import type { PricedQuote } from "./priceQuote.js";

/** Gas the origin transactions take, for `fees.gas` (an estimate the wallet refines). */
export const depositGas = { native: 35_000n, erc20: 70_000n, approve: 50_000n } as const;

/** What the quote reads from the origin chain (zero gas off the EVM chains). */
export type QuoteChainReads = {
  /** The origin's gas price, wei. */
  gasPrice: bigint;
  /** The user's balance of the input currency. */
  userBalance: bigint;
  /** True when the user's allowance to the depository is short of the input (ERC-20 origin). */
  needsApproval: boolean;
  /** Seconds the origin takes to take the deposit (`details.timeEstimate`; Bitcoin: its block time). Default 1. */
  timeEstimate?: number | undefined;
};

export type RenderPriceBodyParameters = {
  priced: PricedQuote;
  reads: QuoteChainReads;
  /** The origin chain's native currency (what gas is paid in). */
  nativeIn: DevnetCurrency;
  /** Base URL, for logos. */
  url: string;
  /** `useFallbacks` of the body: with destination calls, `details.fallbackType` is `transfer` (`fallbackTypeOf`). */
  useFallbacks?: boolean | undefined;
};

/**
 * Renders the `POST /price` body (and the `fees` and `details` of a quote) from a priced route and
 * the origin chain's reads, typed against the price response schema.
 *
 * @param parameters - {@link RenderPriceBodyParameters}
 * @returns `{ fees, details }`.
 * @example
 * renderPriceBody({ priced, reads, nativeIn, url }).details.operation // "bridge"
 */
export function renderPriceBody({ priced, reads, nativeIn, url, useFallbacks }: RenderPriceBodyParameters) {
  const { currencyIn, currencyOut, amountIn, amountOut, minimumOut, fees } = priced;
  const amount = (currency: DevnetCurrency, value: bigint, minimum?: bigint) =>
    renderAmount({ currency, amount: value, minimumAmount: minimum, url });
  const gasUnits =
    (currencyIn.isNative ? depositGas.native : depositGas.erc20) +
    (reads.needsApproval ? depositGas.approve : 0n);
  const userFees = fees.relayerService + fees.relayerGas + fees.app - fees.subsidized;
  const swapUsd = toUsd({ currency: currencyOut, amount: priced.swapImpact });
  const beforeSwap = amountOut + priced.swapImpact;
  const inUsd = Number(toUsd({ currency: currencyIn, amount: amountIn }));
  const feeUsd = (value: bigint) => toUsd({ currency: currencyIn, amount: value });
  const negative = (usd: string) => (usd === "0" ? "0" : `-${usd}`);
  return {
    fees: {
      gas: amount(nativeIn, gasUnits * reads.gasPrice),
      relayer: amount(currencyIn, fees.relayerService + fees.relayerGas),
      relayerGas: amount(currencyIn, fees.relayerGas),
      relayerService: amount(currencyIn, fees.relayerService),
      app: amount(currencyIn, fees.app),
      subsidized: amount(currencyIn, fees.subsidized),
    },
    details: {
      // A self-executed same-chain quote names what the user's transaction does (send, wrap, unwrap, swap).
      operation: priced.selfExecuted ?? (currencyIn.groupID === currencyOut.groupID ? "bridge" : "swap"),
      sender: priced.user,
      recipient: priced.recipient,
      currencyIn: amount(currencyIn, amountIn),
      currencyOut: amount(currencyOut, amountOut, minimumOut),
      refundCurrency: amount(currencyIn, amountIn),
      totalImpact: {
        usd: negative(formatUsd(Number(feeUsd(userFees)) + Number(swapUsd))),
        percent:
          inUsd === 0 ? "0" : (-((Number(feeUsd(userFees)) + Number(swapUsd)) / inUsd) * 100).toFixed(4),
      },
      swapImpact: {
        usd: negative(swapUsd),
        percent:
          priced.swapImpact === 0n
            ? "0"
            : (-(Number(priced.swapImpact) / Number(beforeSwap)) * 100).toFixed(4),
      },
      expandedPriceImpact: {
        swap: { usd: negative(swapUsd) },
        execution: { usd: negative(feeUsd(fees.relayerGas)) },
        relay: { usd: negative(feeUsd(fees.relayerService)) },
        app: { usd: negative(feeUsd(fees.app)) },
        sponsored: { usd: feeUsd(fees.subsidized) },
      },
      rate: rate(amountIn, currencyIn, amountOut, currencyOut),
      ...(priced.gasTopup
        ? { currencyGasTopup: amount(priced.gasTopup.currency, priced.gasTopup.amount) }
        : {}),
      slippageTolerance: slippageTolerance(priced),
      timeEstimate: reads.timeEstimate ?? 1,
      userBalance: reads.userBalance.toString(),
      fallbackType: fallbackTypeOf({ useFallbacks, txs: priced.txs }),
      isFixedRate: priced.fixedRate !== undefined,
      fixedRateFee: { usd: formatUsdMicros(priced.fixedRate?.feeUsdMicros ?? 0n) },
      route: {
        origin: {
          inputCurrency: amount(currencyIn, amountIn),
          outputCurrency: amount(currencyIn, amountIn),
          router: priced.swapSource?.leg === "origin" ? "devnet-swap-router" : "devnet-depository",
          includedSwapSources: priced.swapSource?.leg === "origin" ? [priced.swapSource.name] : [],
        },
        destination: {
          inputCurrency: amount(currencyOut, amountOut),
          outputCurrency: amount(currencyOut, amountOut, minimumOut),
          router: "devnet-solver",
          includedSwapSources: priced.swapSource?.leg === "destination" ? [priced.swapSource.name] : [],
        },
      },
    },
  } satisfies z.input<typeof responseSchemas.price>;
}

/**
 * `details.slippageTolerance`, as the live samples write it (`quote.evm-swap.json`: percent with two
 * decimals, value in the smallest unit). Where the price may slip: on the destination for
 * `EXACT_INPUT` and `EXPECTED_OUTPUT` (the output may arrive lower, down to `minimumAmount`); on the
 * origin for `EXACT_OUTPUT`, whose output is guaranteed: the solver absorbs a move of up to the
 * tolerance of the input (`decideFillPrice`).
 */
function slippageTolerance(priced: PricedQuote) {
  const { currencyIn, currencyOut, amountIn, amountOut, minimumOut, slippageBps } = priced;
  const none = { usd: "0", value: "0", percent: "0.00" };
  const percent = (Number(slippageBps) / 100).toFixed(2);
  if (priced.tradeType === "EXACT_OUTPUT") {
    const absorbed = (amountIn * slippageBps) / 10_000n;
    return {
      origin: { usd: toUsd({ currency: currencyIn, amount: absorbed }), value: absorbed.toString(), percent },
      destination: none,
    };
  }
  return {
    origin: none,
    destination: {
      usd: toUsd({ currency: currencyOut, amount: amountOut - minimumOut }),
      value: (amountOut - minimumOut).toString(),
      percent,
    },
  };
}

/** Signed micro-USD as a decimal USD string (`-0.5`, `0`, `1.25`). */
function formatUsdMicros(micros: bigint): string {
  const sign = micros < 0n ? "-" : "";
  const abs = micros < 0n ? -micros : micros;
  const fraction = (abs % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return `${sign}${abs / 1_000_000n}${fraction ? `.${fraction}` : ""}`;
}

/** A USD number as the decimal string the other USD fields use (up to 6 decimals, no trailing zeros). */
function formatUsd(usd: number): string {
  return String(Number(usd.toFixed(6)));
}

/** Whole units of output per whole unit of input. */
function rate(
  amountIn: bigint,
  currencyIn: DevnetCurrency,
  amountOut: bigint,
  currencyOut: DevnetCurrency,
): string {
  const input = Number(formatUnits(amountIn, currencyIn.decimals));
  return input === 0 ? "0" : String(Number(formatUnits(amountOut, currencyOut.decimals)) / input);
}
