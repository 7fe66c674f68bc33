import type { OrderEncodingOptions } from "../types.js";
import {
  readEvmAddressNoble,
  readObjectNoble,
  readStringNoble,
  readUintNoble,
} from "./internal/readersNoble.js";
import type { NormalizeOrderNobleReturnType } from "./normalizedOrderNoble.js";
import { readOrderAddressNoble } from "./readOrderAddressNoble.js";
import { readOrderChainNoble } from "./readOrderChainNoble.js";
import { readOrderFeesNoble } from "./readOrderFeesNoble.js";
import { readOrderListNoble } from "./readOrderListNoble.js";
import { readOrderOutputV2Noble } from "./readOrderOutputV2Noble.js";
import { readOrderRefundV2Noble } from "./readOrderRefundV2Noble.js";

/**
 * Reads an `orderData` of version v2 into its typed data, field by field in EIP-712 order (the
 * relayer's chain and address, the salt, the deadline, the input, the refunds, the output, the
 * fees; `spec/protocol-v2-orders.md`). Its signed payment is its input.
 *
 * @param options - The chains and the legacy Bitcoin choice.
 * @param order - The order object (its version already read as `v2`).
 * @returns The version, the message and the signed payment. {@link NormalizeOrderNobleReturnType}
 * @throws A typed error naming the first malformed field.
 * @example
 * normalizeOrderV2Noble({ chains }, order).payment // { chainId: "base", currency, amount }
 */
export function normalizeOrderV2Noble(
  options: OrderEncodingOptions,
  order: Record<string, unknown>,
): NormalizeOrderNobleReturnType {
  const version = "v2";
  const relayerChainId = readStringNoble("orderData.relayerChainId", order.relayerChainId);
  const relayer = readEvmAddressNoble("orderData.relayer", order.relayer);
  const salt = readUintNoble("orderData.salt", order.salt, 256, { hex: true });
  const deadline = readUintNoble("orderData.deadline", order.deadline, 32, { number: true });
  const inputObject = readObjectNoble("orderData.input", order.input);
  const [chainId, vm] = readOrderChainNoble(options.chains, inputObject, "orderData.input.chainId");
  const input = {
    chainId,
    currency: readOrderAddressNoble(options, inputObject, "orderData.input.currency", vm),
    amount: readUintNoble("orderData.input.amount", inputObject.amount, 256),
  };
  const refunds = readOrderListNoble(order.refunds, "orderData.refunds", (refund, path) =>
    readOrderRefundV2Noble(options, refund, path),
  );
  const output = readOrderOutputV2Noble(options, order.output);
  const fees = readOrderFeesNoble(options, order.fees);
  const message = { version, relayerChainId, relayer, salt, deadline, input, refunds, output, fees };
  return { version, message, payment: input };
}
