import {
  InvalidOrderFieldError,
  type InvalidOrderFieldErrorType,
  UnknownOrderChainError,
  type UnknownOrderChainErrorType,
} from "./errors.js";
import type { OrderChains, OrderVmType } from "./types.js";

export type OrderVmTypeOfParameters = {
  /** The chain slug, e.g. `"base"` (an order's `chainId`, `recipientChainId`, ...). */
  chainId: string;
  /** The known chains (see `toOrderChains`). */
  chains: OrderChains;
  /** The order field that named the slug, for errors. */
  field?: string | undefined;
};

export type OrderVmTypeOfReturnType = OrderVmType;

export type OrderVmTypeOfErrorType = UnknownOrderChainErrorType | InvalidOrderFieldErrorType;

const known: ReadonlySet<string> = new Set<OrderVmType>([
  "ethereum-vm",
  "solana-vm",
  "bitcoin-vm",
  "tron-vm",
  "hyperliquid-vm",
  "lighter-vm",
]);

/**
 * Tells which VM a chain slug runs, so the order's addresses on it get the right encoding. A slug
 * the chains do not list is an error, never a default.
 *
 * @param parameters - {@link OrderVmTypeOfParameters}
 * @returns The VM type. {@link OrderVmTypeOfReturnType}
 * @throws UnknownOrderChainError for an unlisted slug; InvalidOrderFieldError when the chains map
 * the slug to something that is not an order VM type.
 * @example
 * orderVmTypeOf({ chainId: "solana", chains: { vmTypes: { solana: "solana-vm" } } }) // "solana-vm"
 */
export function orderVmTypeOf({
  chainId,
  chains,
  field = "chainId",
}: OrderVmTypeOfParameters): OrderVmTypeOfReturnType {
  // Own keys only: "constructor" or "__proto__" must not find Object.prototype's members.
  if (!Object.hasOwn(chains.vmTypes, chainId)) throw new UnknownOrderChainError({ field, chainId });
  const vmType = chains.vmTypes[chainId];
  if (typeof vmType !== "string" || !known.has(vmType))
    throw new InvalidOrderFieldError({
      field: `chains.vmTypes.${chainId}`,
      value: vmType,
      reason: "not an order VM type",
    });
  return vmType;
}
