import type { OrderEncodingOptions } from "../types.js";
import { readUintNoble } from "./internal/readersNoble.js";
import { readOrderAddressNoble } from "./readOrderAddressNoble.js";
import { readOrderChainNoble } from "./readOrderChainNoble.js";

/** A hub fee as the typed data takes it (EIP-712 `Fee`). */
export type OrderFeeNoble = {
  recipientChainId: string;
  recipient: Uint8Array;
  currencyChainId: string;
  currency: Uint8Array;
  /** uint256. */
  amount: bigint;
};

/**
 * Reads one hub fee of an order, field by field in EIP-712 order: the recipient's chain and
 * address, the currency's chain and address, the amount (`spec/protocol-v2-orders.md`).
 *
 * @param options - The chains and the legacy Bitcoin choice.
 * @param fee - The fee object.
 * @param path - Its path, e.g. `orderData.fees[0]`.
 * @returns The fee. {@link OrderFeeNoble}
 * @throws A typed error naming the first malformed field.
 * @example
 * readOrderFeeNoble(options, fee, "orderData.fees[0]")
 */
export function readOrderFeeNoble(
  options: OrderEncodingOptions,
  fee: Record<string, unknown>,
  path: string,
): OrderFeeNoble {
  const [recipientChainId, recipientVm] = readOrderChainNoble(
    options.chains,
    fee,
    `${path}.recipientChainId`,
  );
  const recipient = readOrderAddressNoble(options, fee, `${path}.recipient`, recipientVm);
  const [currencyChainId, currencyVm] = readOrderChainNoble(options.chains, fee, `${path}.currencyChainId`);
  const currency = readOrderAddressNoble(options, fee, `${path}.currency`, currencyVm);
  return {
    recipientChainId,
    recipient,
    currencyChainId,
    currency,
    amount: readUintNoble(`${path}.amount`, fee.amount, 256),
  };
}
