import type { Address, Hex } from "viem";

/** A call frame as the chain's `debug_traceTransaction` with `callTracer` gives it. */
export type CallFrame = {
  from: Address;
  to?: Address | undefined;
  input: Hex;
  /** Set when the call reverted: its logs and those of its inner calls were undone. */
  error?: string | undefined;
  calls?: CallFrame[] | undefined;
};

/**
 * Every call of a traced transaction that took effect, in the order they ran (a call, then its inner
 * calls, depth first): the transaction's own call first; a reverted call and everything inside it
 * are left out, as their events are.
 *
 * @param frame - The transaction's top call frame. {@link CallFrame}
 * @returns The calls, each with its target and calldata.
 * @example
 * listCalls(trace) // [{ to: multicall, input }, { to: token, input: "0xa9059cbb…" }]
 */
export function listCalls(frame: CallFrame): { to: Address; input: Hex }[] {
  if (frame.error !== undefined) return [];
  return [
    ...(frame.to === undefined ? [] : [{ to: frame.to, input: frame.input }]),
    ...(frame.calls ?? []).flatMap(listCalls),
  ];
}
