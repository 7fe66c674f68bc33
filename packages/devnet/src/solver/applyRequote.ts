import { vmTypeOfChain } from "attestkit/attestation";
import type { Hex } from "viem";
import type { SolverContext } from "./solverContext.js";
import { supersedeRequest } from "./supersedeRequest.js";

/**
 * Prices again the fill of an open deposit address that received another amount than quoted (the
 * solver's `requote`) and says which request fills it: on an EVM origin the request itself, its
 * amounts replaced (`details.requote` keeps the quoted ones), as the live service keeps the id there;
 * from Bitcoin a regenerated request (`supersedeRequest`: the live `supersededByRequestId`, "currently
 * only set for Bitcoin (BVM) deposit-address requests").
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The request whose deposit address was paid.
 * @param amount - What arrived, smallest units of the input.
 * @returns The id of the request that fills, or undefined when the amount does not cover the fees.
 * @example
 * const owner = applyRequote(context, requestId, decision.requote)
 * if (!owner) return refundRequest(context, requestId, "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL")
 */
export function applyRequote(context: SolverContext, requestId: Hex, amount: bigint): Hex | undefined {
  const { store, current, requote } = context;
  const request = current(requestId);
  const priced = requote(request, amount);
  if (!priced) return undefined;
  const details = {
    quotedAmountIn: request.amountIn.toString(),
    quotedAmountOut: request.amountOut.toString(),
    amountIn: amount.toString(),
    amountOut: priced.amountOut.toString(),
  };
  if (vmTypeOfChain({ chainId: request.originChainId }) === "bvm")
    return supersedeRequest(context, requestId, {
      amountIn: amount,
      amountOut: priced.amountOut,
      requote: details,
    });
  store.update(requestId, {
    amountIn: amount,
    amountOut: priced.amountOut,
    details: { ...request.details, requote: details },
  });
  return requestId;
}
