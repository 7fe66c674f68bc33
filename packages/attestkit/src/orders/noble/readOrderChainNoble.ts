import { InvalidOrderFieldError, UnknownOrderChainError } from "../errors.js";
import type { OrderChains, OrderVmType } from "../types.js";
import { readStringNoble } from "./internal/readersNoble.js";

// The VMs whose addresses an order can carry (`encodeOrderAddressNoble` has a codec for each).
const vmTypes: ReadonlySet<string> = new Set([
  "ethereum-vm",
  "solana-vm",
  "bitcoin-vm",
  "tron-vm",
  "hyperliquid-vm",
  "lighter-vm",
]);

/**
 * Reads a chain slug field of an order and resolves it at once, so the first unknown slug in
 * EIP-712 order is the one reported (`spec/protocol-v2-orders.md`; the same rule as the viem
 * path's `orderVmTypeOf`).
 *
 * @param chains - Chains by slug: the VM type of each.
 * @param object - The object holding the field.
 * @param field - The field's full path (its last segment is the key read, e.g. `...payment.chainId`).
 * @returns The slug and its chain's VM type.
 * @throws MissingOrderFieldError or InvalidOrderFieldError for a field that is not a non-empty string,
 * UnknownOrderChainError for a slug `chains` lacks, InvalidOrderFieldError (`chains.vmTypes.<slug>`) for a
 * VM no order can use.
 * @example
 * readOrderChainNoble(chains, { chainId: "base" }, "orderData.input.chainId") // ["base", "ethereum-vm"]
 */
export function readOrderChainNoble(
  chains: OrderChains,
  object: Record<string, unknown>,
  field: string,
): [string, OrderVmType] {
  const name = readStringNoble(field, object[field.slice(field.lastIndexOf(".") + 1)]);
  if (!Object.hasOwn(chains.vmTypes, name)) throw new UnknownOrderChainError({ field, chainId: name });
  const vmType = chains.vmTypes[name];
  if (typeof vmType !== "string" || !vmTypes.has(vmType))
    throw new InvalidOrderFieldError({
      field: `chains.vmTypes.${name}`,
      value: vmType,
      reason: "not an order VM type",
    });
  return [name, vmType];
}
