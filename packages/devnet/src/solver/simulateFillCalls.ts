import type { DevnetRequest } from "../state/types.js";
import type { FillSimulation } from "./decideFill.js";
import { revertDetails } from "./revertDetails.js";
import type { SolverChain } from "./solverContext.js";

export type SimulateFillCallsParameters = {
  /** The destination chain, whose sender estimates the calls. */
  chain: SolverChain;
  /** The request whose destination calls (`txs`, capped by `txsGasLimit`) are simulated. */
  request: DevnetRequest;
};

/**
 * Simulates a request's destination calls before anything is sent, so that a revert costs the solver
 * nothing: each call's gas is estimated in order (the first with the quote's EIP-7702 authorizations,
 * whose gas counts, as it is sent with them); the first that reverts, or the one whose running total
 * goes over `txsGasLimit` (it would run out of gas), is the answer.
 *
 * @param parameters - {@link SimulateFillCallsParameters}
 * @returns The first revert, or `undefined` when every call goes through. {@link FillSimulation}
 * @example
 * const simulation = await simulateFillCalls({ chain, request })
 * decideFill({ request, liquidity, simulation, now: Date.now() })
 */
export async function simulateFillCalls({
  chain,
  request,
}: SimulateFillCallsParameters): Promise<FillSimulation> {
  let simulation: FillSimulation;
  let gasUsed = 0n;
  for (const [index, call] of request.txs.entries()) {
    try {
      // The first call is sent with the quote's authorizations (`planFill`): simulated with them.
      const authorizationList = index === 0 ? request.authorizationList : undefined;
      gasUsed += await chain.sender.estimateGas({
        to: call.to,
        data: call.data,
        value: call.value,
        authorizationList,
      });
    } catch (error) {
      simulation = { revert: revertDetails({ index, to: call.to, error }) };
      break;
    }
    // `txsGasLimit` caps the calls' total gas: the call that goes over it runs out of gas.
    if (request.txsGasLimit !== undefined && gasUsed > BigInt(request.txsGasLimit)) {
      simulation = {
        revert: {
          index,
          to: call.to,
          message: `out of gas: the calls need ${gasUsed} gas, txsGasLimit is ${request.txsGasLimit}`,
          outOfGas: true,
        },
      };
      break;
    }
  }
  return simulation;
}
