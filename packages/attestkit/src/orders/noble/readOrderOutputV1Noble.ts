import type { OrderEncodingOptions } from "../types.js";
import { readHexBytesNoble, readObjectNoble, readUintNoble } from "./internal/readersNoble.js";
import { readOrderAddressNoble } from "./readOrderAddressNoble.js";
import { readOrderBytesListNoble } from "./readOrderBytesListNoble.js";
import { readOrderChainNoble } from "./readOrderChainNoble.js";
import { readOrderListNoble } from "./readOrderListNoble.js";

/** The output of an order v1 as the typed data takes it (EIP-712 `Output`). */
export type OrderOutputV1Noble = {
  chainId: string;
  payments: { recipient: Uint8Array; currency: Uint8Array; minimumAmount: bigint; expectedAmount: bigint }[];
  /** uint32, in seconds. */
  deadline: bigint;
  calls: Uint8Array[];
  extraData: Uint8Array;
};

/**
 * Reads `orderData.output` of an order v1, field by field in EIP-712 order: the chain, each
 * payment (recipient, currency, minimum and expected amounts, addresses in the output chain's
 * VM), the deadline, the calls, the extra data (`spec/protocol-v2-orders.md`).
 *
 * @param options - The chains and the legacy Bitcoin choice.
 * @param value - The field's value.
 * @returns The output. {@link OrderOutputV1Noble}
 * @throws A typed error naming the first malformed field.
 * @example
 * readOrderOutputV1Noble(options, order.output)
 */
export function readOrderOutputV1Noble(options: OrderEncodingOptions, value: unknown): OrderOutputV1Noble {
  const out = readObjectNoble("orderData.output", value);
  const [chainId, vm] = readOrderChainNoble(options.chains, out, "orderData.output.chainId");
  return {
    chainId,
    payments: readOrderListNoble(out.payments, "orderData.output.payments", (payment, p) => ({
      recipient: readOrderAddressNoble(options, payment, `${p}.recipient`, vm),
      currency: readOrderAddressNoble(options, payment, `${p}.currency`, vm),
      minimumAmount: readUintNoble(`${p}.minimumAmount`, payment.minimumAmount, 256),
      expectedAmount: readUintNoble(`${p}.expectedAmount`, payment.expectedAmount, 256),
    })),
    deadline: readUintNoble("orderData.output.deadline", out.deadline, 32, { number: true }),
    calls: readOrderBytesListNoble(out.calls, "orderData.output.calls"),
    extraData: readHexBytesNoble("orderData.output.extraData", out.extraData),
  };
}
