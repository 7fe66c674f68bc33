import type { OrderEncodingOptions } from "../types.js";
import { readEvmAddressNoble, readStringNoble, readUintNoble } from "./internal/readersNoble.js";
import type { NormalizeOrderNobleReturnType } from "./normalizedOrderNoble.js";
import { readOrderFeesNoble } from "./readOrderFeesNoble.js";
import { readOrderInputV1Noble } from "./readOrderInputV1Noble.js";
import { readOrderListNoble } from "./readOrderListNoble.js";
import { readOrderOutputV1Noble } from "./readOrderOutputV1Noble.js";

/**
 * Reads an `orderData` of version v1 into its typed data, field by field in EIP-712 order (the
 * solver's chain and address, the salt, the inputs, the output, the fees;
 * `spec/protocol-v2-orders.md`). Its signed payment is the first input's.
 *
 * @param options - The chains and the legacy Bitcoin choice.
 * @param order - The order object (its version already read as `v1`).
 * @returns The version, the message and the signed payment. {@link NormalizeOrderNobleReturnType}
 * @throws A typed error naming the first malformed field.
 * @example
 * normalizeOrderV1Noble({ chains }, order).message.solver // 20 bytes
 */
export function normalizeOrderV1Noble(
  options: OrderEncodingOptions,
  order: Record<string, unknown>,
): NormalizeOrderNobleReturnType {
  const version = "v1";
  const solverChainId = readStringNoble("orderData.solverChainId", order.solverChainId);
  const solver = readEvmAddressNoble("orderData.solver", order.solver);
  const salt = readUintNoble("orderData.salt", order.salt, 256, { hex: true });
  const inputs = readOrderListNoble(order.inputs, "orderData.inputs", (input, path) =>
    readOrderInputV1Noble(options, input, path),
  );
  const output = readOrderOutputV1Noble(options, order.output);
  const message = {
    version,
    solverChainId,
    solver,
    salt,
    inputs,
    output,
    fees: readOrderFeesNoble(options, order.fees),
  };
  const first = inputs[0]?.payment;
  return {
    version,
    message,
    payment: first && { chainId: first.chainId, currency: first.currency, amount: first.amount },
  };
}
