import type { DevnetRequest, RequestDetails, RevertDetails } from "../state/types.js";
import { isExpiredUnfilled } from "./isExpiredUnfilled.js";
import { type RevertFailReason, revertFailReason } from "./revertFailReason.js";

/** The first destination call that reverted in simulation: its index, target and the details of the revert. */
export type FillSimulation = { revert: RevertDetails } | undefined;

/** What the solver does with a `pending` request before it sends its fill. */
export type FillDecision =
  | { type: "send" }
  /** The fill cannot be made: the request moves to `failure` with `failReason`, then is refunded. */
  | {
      type: "fail";
      failReason: "SOLVER_CAPACITY_EXCEEDED" | RevertFailReason;
      details?: RequestDetails | undefined;
    }
  /**
   * A destination call reverts in simulation and the quote asked for `useFallbacks`: the fallback
   * route delivers the plain output to the recipient without the calls (`fallback`).
   */
  | { type: "fallback"; details: RequestDetails }
  /** The ttl passed while the fill was prepared: refunded straight from `pending`. */
  | { type: "refund"; failReason: "TTL_EXPIRED" };

export type DecideFillParameters = {
  request: DevnetRequest;
  /** What the solver holds of the output currency on the destination chain. */
  liquidity: bigint;
  /** The simulation of the request's destination calls: the first revert, if any. */
  simulation: FillSimulation;
  /** The solver's clock, ms. */
  now: number;
};

/**
 * Decides, from what the destination chain told the solver, whether a request's fill goes out, in
 * this order: too little liquidity (`failure` `SOLVER_CAPACITY_EXCEEDED`), a destination call that
 * reverts in simulation (`failure` with `revertFailReason`'s code, e.g. `EXECUTION_REVERTED`, the
 * revert in `details.revert`; with `useFallbacks`
 * the fallback instead: the plain output without the calls, `details.revert` kept), the ttl passed
 * (`refund` `TTL_EXPIRED`, unless the quote set `latePaymentSlippageTolerance`); otherwise send. A failure is always followed by a refund.
 *
 * @param parameters - {@link DecideFillParameters}
 * @returns The decision. {@link FillDecision}
 * @example
 * decideFill({ request, liquidity, simulation: undefined, now: Date.now() }) // { type: "send" }
 */
export function decideFill({ request, liquidity, simulation, now }: DecideFillParameters): FillDecision {
  if (liquidity < request.amountOut) return { type: "fail", failReason: "SOLVER_CAPACITY_EXCEEDED" };
  if (simulation && request.useFallbacks === true)
    return { type: "fallback", details: { ...request.details, revert: simulation.revert } };
  if (simulation)
    return {
      type: "fail",
      failReason: revertFailReason(simulation.revert),
      details: { ...request.details, revert: simulation.revert },
    };
  if (isExpiredUnfilled({ request, now })) return { type: "refund", failReason: "TTL_EXPIRED" };
  return { type: "send" };
}
