import { devnetDepositoryAbi } from "attestkit/contracts";
import { encodeFunctionData, type Hex } from "viem";
import { devnetEip3009TokenAbi } from "../contracts/abis.js";
import type { PermitAuthorization } from "../quote/buildPermitStep.js";
import type { DevnetRequest } from "../state/types.js";
import { permitFailed } from "./permitFailed.js";
import { refundPermitTokens } from "./refundPermitTokens.js";
import { sendSolverTransaction } from "./sendSolverTransaction.js";
import type { ApiChain, DevnetContext } from "./types.js";

export type SubmitPermitParameters = {
  context: Pick<DevnetContext, "store" | "permits" | "chains">;
  /** The request id as the body wrote it (named in the errors). */
  requestId: Hex;
  /** The request, checked by `checkPermitAuthorization`. */
  request: DevnetRequest;
  authorization: PermitAuthorization;
  /** The authorization's signature. */
  signature: Hex;
};

/**
 * Carries out a checked authorization, in this order: marks it submitted (kept before anything is
 * sent, so a second post, even after a restart, finds it submitted); submits
 * `receiveWithAuthorization` on the origin token (released again when the token refuses it); moves
 * the request to `depositing` with that transaction (before the deposit is sent, so the indexer's
 * `depositing` -> `pending` never races it); then deposits the tokens into the depository under
 * the order id, credited to the user (`depositErc20`), and wakes the indexer. A failed deposit sends
 * the tokens back (`refundPermitTokens`).
 *
 * @param parameters - {@link SubmitPermitParameters}
 * @throws DevnetApiError 400 `PERMIT_FAILED`: already submitted, refused by the token, or the
 * deposit failed (the tokens were sent back).
 * @example
 * await submitPermit({ context, requestId, request, authorization, signature })
 */
export async function submitPermit({
  context,
  requestId,
  request,
  authorization,
  signature,
}: SubmitPermitParameters): Promise<void> {
  const chain = context.chains.get(authorization.chainId) as ApiChain;
  if (!context.permits.markSubmitted(request.requestId))
    throw permitFailed("PERMIT_FAILED", `The authorization of request ${requestId} was already submitted.`);
  const receivedHash = await sendSolverTransaction(
    chain,
    encodeFunctionData({
      abi: devnetEip3009TokenAbi,
      functionName: "receiveWithAuthorization",
      args: [
        authorization.from,
        authorization.to,
        authorization.value,
        authorization.validAfter,
        authorization.validBefore,
        authorization.nonce,
        signature,
      ],
    }),
    authorization.token,
  );
  if (!receivedHash) {
    context.permits.release(request.requestId);
    throw permitFailed("PERMIT_FAILED", "The token refused the authorization.");
  }
  context.store.transition(request.requestId, "depositing", { inTxHashes: [receivedHash] });
  const deposited = await sendSolverTransaction(
    chain,
    encodeFunctionData({
      abi: devnetDepositoryAbi,
      functionName: "depositErc20",
      args: [authorization.from, authorization.token, authorization.value, authorization.nonce],
    }),
    chain.contracts.depository,
  );
  if (!deposited) {
    await refundPermitTokens({ context, chain, request, authorization });
    throw permitFailed("PERMIT_FAILED", "The deposit of the authorized tokens failed; they were sent back.");
  }
  void chain.indexer.scan();
}
