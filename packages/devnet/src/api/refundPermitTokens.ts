import { encodeFunctionData } from "viem";
import { devnetEip3009TokenAbi } from "../contracts/abis.js";
import type { PermitAuthorization } from "../quote/buildPermitStep.js";
import type { DevnetRequest } from "../state/types.js";
import { sendSolverTransaction } from "./sendSolverTransaction.js";
import type { ApiChain, DevnetContext } from "./types.js";

export type RefundPermitTokensParameters = {
  context: Pick<DevnetContext, "store">;
  /** The chain the token took the authorization on. */
  chain: ApiChain;
  /** The request, `depositing` since the token took the authorization. */
  request: DevnetRequest;
  authorization: PermitAuthorization;
};

/**
 * Fails closed after the solver's deposit of authorized tokens failed: the solver transfers the
 * tokens back to the user who authorized them, and the request moves to `refund` (`failReason`
 * `UNKNOWN`, the transfer in `txHashes` and `details.refund` when it was mined). The authorization
 * stays used: EIP-3009 nonces are spent once.
 *
 * @param parameters - {@link RefundPermitTokensParameters}
 * @example
 * if (!deposited) await refundPermitTokens({ context, chain, request, authorization })
 */
export async function refundPermitTokens({
  context,
  chain,
  request,
  authorization,
}: RefundPermitTokensParameters): Promise<void> {
  const refundHash = await sendSolverTransaction(
    chain,
    encodeFunctionData({
      abi: devnetEip3009TokenAbi,
      functionName: "transfer",
      args: [authorization.from, authorization.value],
    }),
    authorization.token,
  );
  context.store.transition(request.requestId, "refund", {
    failReason: "UNKNOWN",
    ...(refundHash ? { txHashes: [refundHash] } : {}),
    details: {
      reason: "the deposit of the authorized tokens failed; they were sent back",
      ...(refundHash
        ? {
            refund: {
              chainId: chain.chainId,
              txHash: refundHash,
              currency: authorization.token,
              amount: authorization.value.toString(),
              recipient: authorization.from,
            },
          }
        : {}),
    },
  });
}
