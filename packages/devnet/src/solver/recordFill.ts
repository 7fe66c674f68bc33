import type { Hex } from "viem";
import { revertFailReason } from "./revertFailReason.js";
import type { SolverContext } from "./solverContext.js";

export type RecordFillParameters = {
  /** `fill`: the request's own fill; `fallback`: the fallback route (`useFallbacks`). */
  route: "fill" | "fallback";
  /** Every transaction of the route, all mined with status 1. */
  txHashes: readonly Hex[];
};

/**
 * Records a fill whose transactions are all mined and successful: `success` (through `submitted`
 * when the request is still `pending`), or `fallback` with the route in `details.fallback`. Used once
 * a fill is mined, and by a restart for a fill on chain that no status recorded yet.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The filled request (`pending` or `submitted`).
 * @param parameters - {@link RecordFillParameters}
 * @example
 * recordFill(context, requestId, { route: "fill", txHashes: [hash] })
 */
export function recordFill(
  { store, current }: SolverContext,
  requestId: Hex,
  { route, txHashes }: RecordFillParameters,
): void {
  const request = current(requestId);
  if (route === "fallback") {
    store.transition(requestId, "fallback", {
      // Why the calls were left out: their revert, named as a failure of them would be.
      failReason: request.details?.revert ? revertFailReason(request.details.revert) : "UNKNOWN",
      txHashes: [...txHashes],
      details: {
        ...request.details,
        fallback: { reason: "a destination call reverts", txHashes: [...txHashes] },
      },
    });
    return;
  }
  if (request.status === "pending") store.transition(requestId, "submitted", { txHashes: [...txHashes] });
  else store.update(requestId, { txHashes: [...txHashes] });
  store.transition(requestId, "success");
}
