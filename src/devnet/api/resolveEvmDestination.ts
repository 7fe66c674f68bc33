import { type Address, isAddress, isAddressEqual } from "viem";
import type { QuoteRequest } from "../../schemas/index.js";
import { quoteBadRequest } from "./quoteBadRequest.js";
import type { DevnetContext } from "./types.js";

/**
 * The EVM chain and output currency of a quote from Bitcoin or the exchange: the destination must be
 * an EVM chain of the devnet (400 `UNSUPPORTED_CHAIN`, naming the ones it fills on) and the currency
 * one it lists there (400 `UNSUPPORTED_CURRENCY`).
 *
 * @example
 * const { destination, currencyOut } = resolveEvmDestination({ context, body, from: "Bitcoin" })
 */
export function resolveEvmDestination({
  context,
  body,
  from,
}: {
  context: DevnetContext;
  body: Pick<QuoteRequest, "destinationChainId" | "destinationCurrency">;
  /** The origin, as the message names it ("Bitcoin", "the exchange"). */
  from: string;
}) {
  const destination = context.chains.get(body.destinationChainId);
  if (!destination)
    throw quoteBadRequest(
      "UNSUPPORTED_CHAIN",
      `Chain ${body.destinationChainId} is not an EVM chain of the devnet; from ${from} the devnet fills on ${[...context.chains.keys()].join(", ")}.`,
    );
  const currencyOut = isAddress(body.destinationCurrency, { strict: false })
    ? context.currencies.find(
        (c) =>
          c.chainId === destination.chainId && isAddressEqual(c.address, body.destinationCurrency as Address),
      )
    : undefined;
  if (!currencyOut)
    throw quoteBadRequest(
      "UNSUPPORTED_CURRENCY",
      `Currency ${body.destinationCurrency} is not supported on chain ${destination.chainId}.`,
    );
  return { destination, currencyOut };
}
