import { type Hex, hashStruct } from "viem";
import { orderTypesV1, orderTypesV2 } from "./constants.js";
import { type ToOrderStructErrorType, type ToOrderStructParameters, toOrderStruct } from "./toOrderStruct.js";

export type HashOrderParameters = ToOrderStructParameters;

/** The order id: 32 bytes, lowercase hex. */
export type HashOrderReturnType = Hex;

export type HashOrderErrorType = ToOrderStructErrorType;

/**
 * Computes an order's id: the EIP-712 `hashStruct` of `orderData` under the types of its version
 * (no domain, no `\x19\x01` prefix), with every address encoded for its chain's VM.
 *
 * @param parameters - {@link HashOrderParameters}
 * @returns The order id. {@link HashOrderReturnType}
 * @throws The errors of {@link toOrderStruct}.
 * @example
 * const orderId = hashOrder({ orderData: quote.protocol.v2.orderData, chains })
 * orderId === quote.protocol.v2.orderId // for a genuine quote
 */
export function hashOrder(parameters: HashOrderParameters): HashOrderReturnType {
  const struct = toOrderStruct(parameters);
  return struct.version === "v1"
    ? hashStruct({ types: orderTypesV1, primaryType: "Order", data: struct })
    : hashStruct({ types: orderTypesV2, primaryType: "Order", data: struct });
}
