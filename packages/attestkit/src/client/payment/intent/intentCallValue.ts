import type { PaymentIntent } from "../types.js";

/**
 * The native value the intent's destination calls carry (`txs[].value`), summed; 0 for none.
 *
 * @param intent - The quote request.
 * @returns Wei.
 * @example
 * intentCallValue({ ...intent, txs: [{ to, data: "0x", value: "5" }] }) // 5n
 */
export function intentCallValue(intent: PaymentIntent): bigint {
  return (intent.txs ?? []).reduce((sum, call) => sum + integer((call as { value?: unknown }).value), 0n);
}

/** A non-negative integer from an intent field, 0 when absent or not one. */
export function integer(value: unknown): bigint {
  if (typeof value === "bigint") return value >= 0n ? value : 0n;
  if ((typeof value === "string" || typeof value === "number") && /^[0-9]+$/.test(String(value)))
    return BigInt(value);
  return 0n;
}
