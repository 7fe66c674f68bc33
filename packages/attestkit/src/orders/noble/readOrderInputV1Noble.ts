import type { OrderEncodingOptions } from "../types.js";
import { readObjectNoble, readUintNoble } from "./internal/readersNoble.js";
import { readOrderAddressNoble } from "./readOrderAddressNoble.js";
import { readOrderChainNoble } from "./readOrderChainNoble.js";
import { readOrderListNoble } from "./readOrderListNoble.js";
import { type OrderRefundV1Noble, readOrderRefundV1Noble } from "./readOrderRefundV1Noble.js";

/** An input of an order v1 as the typed data takes it (EIP-712 `Input`: its `Payment`, its refund legs). */
export type OrderInputV1Noble = {
  payment: { chainId: string; currency: Uint8Array; amount: bigint; weight: bigint };
  refunds: OrderRefundV1Noble[];
};

/**
 * Reads one input of an order v1, field by field in EIP-712 order: its payment (chain, currency,
 * amount, weight), then each refund leg (chain, recipient, currency, minimum amount, deadline,
 * extra data), addresses in the VM of their leg's chain (`spec/protocol-v2-orders.md`).
 *
 * @param options - The chains and the legacy Bitcoin choice.
 * @param input - The input object.
 * @param path - Its path, e.g. `orderData.inputs[0]`.
 * @returns The input. {@link OrderInputV1Noble}
 * @throws A typed error naming the first malformed field.
 * @example
 * readOrderInputV1Noble(options, input, "orderData.inputs[0]")
 */
export function readOrderInputV1Noble(
  options: OrderEncodingOptions,
  input: Record<string, unknown>,
  path: string,
): OrderInputV1Noble {
  const payment = readObjectNoble(`${path}.payment`, input.payment);
  const [chainId, vm] = readOrderChainNoble(options.chains, payment, `${path}.payment.chainId`);
  const paid = {
    chainId,
    currency: readOrderAddressNoble(options, payment, `${path}.payment.currency`, vm),
    amount: readUintNoble(`${path}.payment.amount`, payment.amount, 256),
    weight: readUintNoble(`${path}.payment.weight`, payment.weight, 256),
  };
  const refunds = readOrderListNoble(input.refunds, `${path}.refunds`, (refund, refundPath) =>
    readOrderRefundV1Noble(options, refund, refundPath),
  );
  return { payment: paid, refunds };
}
