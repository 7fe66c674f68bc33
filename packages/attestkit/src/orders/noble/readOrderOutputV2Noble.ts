import type { OrderEncodingOptions } from "../types.js";
import { readObjectNoble, readUintNoble } from "./internal/readersNoble.js";
import { readOrderAddressNoble } from "./readOrderAddressNoble.js";
import { readOrderBytesListNoble } from "./readOrderBytesListNoble.js";
import { readOrderChainNoble } from "./readOrderChainNoble.js";

/** The output of an order v2 as the typed data takes it (EIP-712 `Output` of v2). */
export type OrderOutputV2Noble = {
  chainId: string;
  withdraw: { currency: Uint8Array; minimumAmount: bigint };
  fill: { currency: Uint8Array; minimumAmount: bigint; recipient: Uint8Array; calls: Uint8Array[] };
};

/**
 * Reads `orderData.output` of an order v2, field by field in EIP-712 order: the chain, the
 * withdrawal (currency, minimum amount), the fill (currency, minimum amount, recipient, calls),
 * every address in the output chain's VM (`spec/protocol-v2-orders.md`).
 *
 * @param options - The chains and the legacy Bitcoin choice.
 * @param value - The field's value.
 * @returns The output. {@link OrderOutputV2Noble}
 * @throws A typed error naming the first malformed field.
 * @example
 * readOrderOutputV2Noble(options, order.output).fill.recipient
 */
export function readOrderOutputV2Noble(options: OrderEncodingOptions, value: unknown): OrderOutputV2Noble {
  const out = readObjectNoble("orderData.output", value);
  const [chainId, vm] = readOrderChainNoble(options.chains, out, "orderData.output.chainId");
  const withdrawObject = readObjectNoble("orderData.output.withdraw", out.withdraw);
  const withdraw = {
    currency: readOrderAddressNoble(options, withdrawObject, "orderData.output.withdraw.currency", vm),
    minimumAmount: readUintNoble(
      "orderData.output.withdraw.minimumAmount",
      withdrawObject.minimumAmount,
      256,
    ),
  };
  const fillObject = readObjectNoble("orderData.output.fill", out.fill);
  const fill = {
    currency: readOrderAddressNoble(options, fillObject, "orderData.output.fill.currency", vm),
    minimumAmount: readUintNoble("orderData.output.fill.minimumAmount", fillObject.minimumAmount, 256),
    recipient: readOrderAddressNoble(options, fillObject, "orderData.output.fill.recipient", vm),
    calls: readOrderBytesListNoble(fillObject.calls, "orderData.output.fill.calls"),
  };
  return { chainId, withdraw, fill };
}
