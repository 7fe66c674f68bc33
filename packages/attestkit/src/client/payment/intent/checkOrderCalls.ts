import { encodeAbiParameters, type Hex } from "viem";
import type { PaymentCheck } from "../types.js";
import { integer } from "./intentCallValue.js";
import { fail, type IntentContext, pass } from "./intentContext.js";

/**
 * `calls`: the order's destination calls are exactly the intent's `txs`, in order, each
 * `abi.encode(address to, bytes data, uint256 value)` (the service's encoding, as the devnet writes
 * it); no call redirected, dropped or added. An intent without `txs` signs none.
 *
 * @param context - {@link IntentContext}
 * @returns One check.
 * @example
 * checks.push(...checkOrderCalls(context))
 */
export function checkOrderCalls(context: IntentContext): PaymentCheck[] {
  const { order, intent } = context;
  const wanted = (intent.txs ?? []).map((call) =>
    encodeCall(call as { to?: unknown; data?: unknown; value?: unknown }),
  );
  const signed = order.calls.value.map((call) => call.toLowerCase());
  if (wanted.length !== signed.length)
    return [
      fail(
        "calls",
        order.calls.path,
        "call-count-mismatch",
        `${wanted.length} calls (the intent's txs)`,
        `${signed.length} calls`,
      ),
    ];
  for (const [i, call] of wanted.entries())
    if (call !== signed[i])
      return [
        fail(
          "calls",
          `${order.calls.path}[${i}]`,
          "call-mismatch",
          call ?? "a call the intent's txs name",
          signed[i] as string,
        ),
      ];
  return [pass("calls", order.calls.path, `${signed.length} calls`)];
}

/** `abi.encode(to, data, value)` of one of the intent's calls, lowercase; undefined when it is malformed. */
function encodeCall(call: { to?: unknown; data?: unknown; value?: unknown }): Hex | undefined {
  try {
    return encodeAbiParameters(
      [{ type: "address" }, { type: "bytes" }, { type: "uint256" }],
      [call.to as Hex, (call.data ?? "0x") as Hex, integer(call.value)],
    ).toLowerCase() as Hex;
  } catch {
    return undefined;
  }
}
