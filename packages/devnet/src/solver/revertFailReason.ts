import type { RevertDetails } from "../state/types.js";

/** The `failReason` of a fill whose destination call (or transaction) reverted, from the live vocabulary. */
export type RevertFailReason =
  | "QUOTED_GAS_LIMIT_EXCEEDED"
  | "TRANSACTION_REVERTED"
  | "EXECUTION_REVERTED"
  | "MISSING_REVERT_DATA";

/**
 * Names why a fill reverted with the live service's execution-error codes, never `UNKNOWN`, from what
 * the devnet knows of the revert, in this order:
 *
 * | the revert | `failReason` |
 * | --- | --- |
 * | the calls need more gas than the quote's `txsGasLimit` (`outOfGas`) | `QUOTED_GAS_LIMIT_EXCEEDED` |
 * | a fill transaction was mined and reverted (`txHash`) | `TRANSACTION_REVERTED` |
 * | a call reverted in simulation with revert data (an error string, a custom error) | `EXECUTION_REVERTED` |
 * | a call reverted in simulation with no revert data (`revert()`, no such function) | `MISSING_REVERT_DATA` |
 *
 * @param revert - `details.revert` of the request.
 * @returns The reason. {@link RevertFailReason}
 * @example
 * revertFailReason({ index: 0, to, data: "0x08c379a0..." }) // "EXECUTION_REVERTED"
 */
export function revertFailReason(revert: RevertDetails): RevertFailReason {
  if (revert.outOfGas === true) return "QUOTED_GAS_LIMIT_EXCEEDED";
  if (revert.txHash !== undefined) return "TRANSACTION_REVERTED";
  if (revert.data !== undefined && revert.data.length > 2) return "EXECUTION_REVERTED";
  return "MISSING_REVERT_DATA";
}
