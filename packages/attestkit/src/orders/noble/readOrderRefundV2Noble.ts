import type { OrderEncodingOptions } from "../types.js";
import { readUintNoble } from "./internal/readersNoble.js";
import { readOrderAddressNoble } from "./readOrderAddressNoble.js";
import { readOrderChainNoble } from "./readOrderChainNoble.js";

/** A refund leg of an order v2 as the typed data takes it (EIP-712 `Refund` of v2). */
export type OrderRefundV2Noble = {
  chainId: string;
  currency: Uint8Array;
  /** uint256. */
  minimumAmount: bigint;
  recipient: Uint8Array;
};

/**
 * Reads one refund leg of an order v2, field by field in EIP-712 order: the chain, the currency
 * (in that chain's VM), the minimum amount, the recipient (`spec/protocol-v2-orders.md`).
 *
 * @param options - The chains and the legacy Bitcoin choice.
 * @param refund - The refund object.
 * @param path - Its path, e.g. `orderData.refunds[0]`.
 * @returns The refund leg. {@link OrderRefundV2Noble}
 * @throws A typed error naming the first malformed field.
 * @example
 * readOrderRefundV2Noble(options, refund, "orderData.refunds[0]")
 */
export function readOrderRefundV2Noble(
  options: OrderEncodingOptions,
  refund: Record<string, unknown>,
  path: string,
): OrderRefundV2Noble {
  const [chainId, vm] = readOrderChainNoble(options.chains, refund, `${path}.chainId`);
  return {
    chainId,
    currency: readOrderAddressNoble(options, refund, `${path}.currency`, vm),
    minimumAmount: readUintNoble(`${path}.minimumAmount`, refund.minimumAmount, 256),
    recipient: readOrderAddressNoble(options, refund, `${path}.recipient`, vm),
  };
}
