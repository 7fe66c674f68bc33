import type { QuoteRequest } from "attestkit/schemas";
import { getAddress, type Hex, hexToBigInt } from "viem";
import type { ApiChain, DevnetContext } from "../api/types.js";
import { atMarketPrice } from "../prices/atMarketPrice.js";
import { chooseSwapSource } from "./chooseSwapSource.js";
import { decideExecution } from "./decideExecution.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import { exactOutputSurplus } from "./exactOutputSurplus.js";
import { priceQuote } from "./priceQuote.js";
import { quoteBadRequest } from "./quoteBadRequest.js";
import { readOriginChain } from "./readOriginChain.js";
import { depositGas } from "./renderPriceBody.js";
import type { PricedRoute } from "./types.js";

/** What `priceEvmRoute` reads of the devnet: its EVM chains, its currencies, their prices now and the swap model. */
export type PriceEvmRouteDeps = Pick<DevnetContext, "chains" | "currencies" | "swaps" | "prices">;

/**
 * `useExternalLiquidity` (canonical+ bridging, "trading speed for liquidity"): the devnet's choice of
 * its time estimate, 10 minutes (a canonical bridge's pace; the devnet's fill itself is not delayed)...
 */
const externalLiquidityTimeEstimate = 600;

/** ...and of its service fee: 5 basis points instead of 10 (the solver fronts no liquidity of its own). */
const externalLiquidityServiceBps = 5n;

/**
 * Prices a route between the devnet's EVM chains with the full fee model (`priceQuote`) and reads
 * the origin chain (`readOriginChain`): the pricer of `POST /price` and of the `evm->evm` route. A
 * same-chain route is self-executed unless `decideExecution` sends it through the solver: priced
 * without the solver's fees (`priced.selfExecuted`). The swap-source fields pick the pool of a swap
 * (`chooseSwapSource`: `priced.swapSource`); `referrerAddress` receives the app fees that name no
 * recipient; `useExternalLiquidity` has its own time estimate and service fee (below); a permit
 * quote's `originGasOverhead` is priced at the origin's gas price, read here.
 *
 * @param context - {@link PriceEvmRouteDeps}
 * @param body - A body the shared quote (or price) schema accepted.
 * @returns The priced route. {@link PricedRoute}
 * @throws DevnetApiError 400 with `priceQuote`'s codes.
 * @example
 * const { priced, reads, nativeIn } = await priceEvmRoute(context, body)
 */
export async function priceEvmRoute(context: PriceEvmRouteDeps, body: QuoteRequest): Promise<PricedRoute> {
  const contracts = context.chains.get(body.originChainId)?.contracts;
  const execution = decideExecution({
    body,
    currencies: context.currencies,
    hasSameChainContracts: contracts?.weth !== undefined && contracts.swapRouter !== undefined,
  });
  const selfExecuted = execution.type === "self" ? execution.operation : undefined;
  const groupOf = (chainId: number, address: string) =>
    context.currencies.find((c) => c.chainId === chainId && c.address.toLowerCase() === address.toLowerCase())
      ?.groupID;
  const inGroup = groupOf(body.originChainId, body.originCurrency);
  const outGroup = groupOf(body.destinationChainId, body.destinationCurrency);
  const swaps = inGroup !== outGroup && selfExecuted !== "wrap" && selfExecuted !== "unwrap";
  // The swap sources (`includedSwapSources`, ...) pick the pool a swap goes through.
  const { source, leg, model } = chooseSwapSource({
    body,
    swaps,
    model: context.swaps,
  });
  const externalLiquidity = body.useExternalLiquidity === true && selfExecuted === undefined;
  // A permit's `originGasOverhead` is priced at the origin's gas price now (`originGasUsdMicros`).
  const originChain = context.chains.get(body.originChainId);
  const originGasPrice =
    body.usePermit === true &&
    "originGasOverhead" in body &&
    body.originGasOverhead !== undefined &&
    originChain
      ? hexToBigInt((await originChain.request({ method: "eth_gasPrice" })) as Hex)
      : undefined;
  const quoted = priceQuote({
    body,
    selfExecuted,
    serviceBps: externalLiquidity ? externalLiquidityServiceBps : undefined,
    originGasPrice,
    chainIds: [...context.chains.keys()],
    // At the market's price now: a quote a moment later may price another amount.
    currencies: context.currencies.map((currency) => atMarketPrice(context.prices, currency)),
    swaps: model,
  });
  const referrerAddress = "referrerAddress" in body ? body.referrerAddress : undefined;
  const depositGasLimit = depositGasLimitOf(body, quoted.currencyIn.isNative);
  const priced = {
    ...quoted,
    swapSource: source === undefined ? undefined : { name: source, leg },
    // `explicitDeposit: false`: the deposit is a direct transfer to the depository, the order id as a
    // native transfer's calldata or as a token `transfer`'s trailing 32 bytes.
    directDeposit: "explicitDeposit" in body && body.explicitDeposit === false,
    depositGasLimit,
    // The surplus of an exact-output swap: swept to the recipient, or the solver's with
    // `enableTrueExactOutput: true` (none with a fixed rate: the rate is the price).
    outputSurplus:
      ("enableTrueExactOutput" in body && body.enableTrueExactOutput === true) || body.fixedRate !== undefined
        ? 0n
        : exactOutputSurplus({ priced: quoted, tradeType: body.tradeType, swaps, model }),
    // An app fee that names no recipient is the referrer's (`referrerAddress`), else the solver's.
    appFees: quoted.appFees.map((fee) =>
      fee.recipient === undefined && referrerAddress !== undefined
        ? { ...fee, recipient: getAddress(referrerAddress) }
        : fee,
    ),
  };
  const origin = context.chains.get(priced.originChainId) as ApiChain;
  const destination = context.chains.get(priced.destinationChainId) as ApiChain;
  const read = await readOriginChain({ origin, ...priced });
  // A token `transfer` to the depository spends no allowance: no approval comes first.
  const reads = priced.directDeposit ? { ...read, needsApproval: false } : read;
  return {
    priced,
    reads: externalLiquidity ? { ...reads, timeEstimate: externalLiquidityTimeEstimate } : reads,
    nativeIn: context.currencies.find((c) => c.chainId === origin.chainId && c.isNative) as DevnetCurrency,
    originSlug: origin.name,
    destinationSlug: destination.name,
    depository: origin.contracts.depository,
  };
}

/**
 * `gasLimitForDepositSpecifiedTxs`: the gas limit the deposit transaction is sent with (its step
 * item's `gas`). Below what the deposit itself takes it would run out of gas: 400
 * `INVALID_GAS_LIMIT_FOR_DEPOSIT_SPECIFIED_TXS`.
 */
function depositGasLimitOf(body: QuoteRequest, nativeIn: boolean): bigint | undefined {
  if (!("gasLimitForDepositSpecifiedTxs" in body) || body.gasLimitForDepositSpecifiedTxs === undefined)
    return undefined;
  const limit = BigInt(body.gasLimitForDepositSpecifiedTxs);
  const needed = nativeIn ? depositGas.native : depositGas.erc20;
  if (limit < needed)
    throw quoteBadRequest(
      "INVALID_GAS_LIMIT_FOR_DEPOSIT_SPECIFIED_TXS",
      `gasLimitForDepositSpecifiedTxs ${limit} is below the ${needed} gas the deposit itself takes.`,
    );
  return limit;
}
