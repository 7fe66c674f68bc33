import type { OrderEncodingOptions } from "../types.js";
import { readHexBytesNoble, readUintNoble } from "./internal/readersNoble.js";
import { readOrderAddressNoble } from "./readOrderAddressNoble.js";
import { readOrderChainNoble } from "./readOrderChainNoble.js";

/** A refund leg of an order v1's input as the typed data takes it (EIP-712 `Refund`). */
export type OrderRefundV1Noble = {
  chainId: string;
  recipient: Uint8Array;
  currency: Uint8Array;
  /** uint256. */
  minimumAmount: bigint;
  /** uint32, in seconds. */
  deadline: bigint;
  extraData: Uint8Array;
};

/**
 * Reads one refund leg of an order v1's input, field by field in EIP-712 order: the chain, the
 * recipient and currency (in that chain's VM), the minimum amount, the deadline, the extra data
 * (`spec/protocol-v2-orders.md`).
 *
 * @param options - The chains and the legacy Bitcoin choice.
 * @param refund - The refund object.
 * @param path - Its path, e.g. `orderData.inputs[0].refunds[1]`.
 * @returns The refund leg. {@link OrderRefundV1Noble}
 * @throws A typed error naming the first malformed field.
 * @example
 * readOrderRefundV1Noble(options, refund, "orderData.inputs[0].refunds[0]")
 */
export function readOrderRefundV1Noble(
  options: OrderEncodingOptions,
  refund: Record<string, unknown>,
  path: string,
): OrderRefundV1Noble {
  const [chainId, vm] = readOrderChainNoble(options.chains, refund, `${path}.chainId`);
  return {
    chainId,
    recipient: readOrderAddressNoble(options, refund, `${path}.recipient`, vm),
    currency: readOrderAddressNoble(options, refund, `${path}.currency`, vm),
    minimumAmount: readUintNoble(`${path}.minimumAmount`, refund.minimumAmount, 256),
    deadline: readUintNoble(`${path}.deadline`, refund.deadline, 32, { number: true }),
    extraData: readHexBytesNoble(`${path}.extraData`, refund.extraData),
  };
}
