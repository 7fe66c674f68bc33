import type { NobleRecoveryState } from "./nobleRecoveryState.js";

/**
 * The window of a batch table that has served `served` signatures in this thread: narrow (cheap to
 * build) until `widenAfter`, then `batchWindow` (fewer additions per signature). The costs behind
 * the defaults are in `CreateNobleRecoveryParameters`.
 *
 * @param state - The recovery's windows (bits) and `widenAfter` (signatures).
 * @param served - Signatures the table has served (for G's table: all confirmed so far).
 * @returns The window, in bits. Never throws.
 * @example
 * generatorTable(batchTableWindow(state, state.stats.confirmed))
 */
export function batchTableWindow(state: NobleRecoveryState, served: number): number {
  return served >= state.widenAfter ? state.batchWindow : state.narrowWindow;
}
