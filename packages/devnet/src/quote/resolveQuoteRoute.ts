import type { QuoteRequest } from "attestkit/schemas";
import { chainOrThrow } from "./chainOrThrow.js";
import { currencyOrThrow } from "./currencyOrThrow.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";
import { quoteBadRequest } from "./quoteBadRequest.js";

export type ResolveQuoteRouteParameters = {
  /** A body the shared quote (or price) schema accepted. */
  body: QuoteRequest;
  /** The devnet's chain ids. */
  chainIds: readonly number[];
  /** The devnet's currencies. */
  currencies: readonly DevnetCurrency[];
};

/** The chains and currencies of a quote, and the kind of deposit address it asks for. */
export type QuoteRoute = {
  originChainId: number;
  destinationChainId: number;
  currencyIn: DevnetCurrency;
  currencyOut: DevnetCurrency;
  /** With `useDepositAddress`: `strict` with `strict: true`, else `open`. */
  depositAddressType: "open" | "strict" | undefined;
};

/**
 * Resolves a quote's route, checks in the live service's order: the origin chain, the destination
 * chain, the input currency, the output currency; then a deposit address, which bridges plain
 * transfers only, so it cannot carry destination calls (`txs`).
 *
 * @param parameters - {@link ResolveQuoteRouteParameters}
 * @returns The route. {@link QuoteRoute}
 * @throws DevnetApiError (400) `UNSUPPORTED_CHAIN`, `INVALID_INPUT_CURRENCY`,
 * `INVALID_OUTPUT_CURRENCY`, `UNSUPPORTED_CURRENCY` or `UNSUPPORTED_EXECUTION_TYPE`.
 * @example
 * const { currencyIn, currencyOut } = resolveQuoteRoute({ body, chainIds: [31337, 31338], currencies })
 */
export function resolveQuoteRoute({ body, chainIds, currencies }: ResolveQuoteRouteParameters): QuoteRoute {
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
    throw quoteBadRequest(
      "UNSUPPORTED_EXECUTION_TYPE",
      "Deposit addresses bridge plain transfers: a quote with txs cannot use one.",
    );
  return { originChainId, destinationChainId, currencyIn, currencyOut, depositAddressType };
}
