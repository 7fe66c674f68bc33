import type { Hex } from "viem";
import type { ApiChain, DevnetContext } from "../api/types.js";
import { followRelayedCall } from "./followRelayedCall.js";
import { relayerSenderOf } from "./relayerSenderOf.js";

export type ResumeRelayedCallsParameters = {
  /** The restored requests and the log. */
  context: Pick<DevnetContext, "store" | "log">;
  /** The EVM chains, by chain id. */
  chains: ReadonlyMap<number, Pick<ApiChain, "chainId" | "request" | "indexer">>;
};

/**
 * After a restart from a state directory: takes up each gasless execution's request (`relayed`) the
 * process left `waiting`. The relayer's transaction hash is written to the request before its
 * broadcast (`inTxHashes`), so the chain tells what became of it:
 *
 * | the chain knows the transaction | step |
 * |---------------------------------|------|
 * | yes (mined, or still pending) | followed as before the restart (`followRelayedCall`): `success`, or `failure` when it reverted |
 * | no, or no hash was written | `failure` (`UNKNOWN`): the call was never sent, and is not sent now (the caller's state may have moved since its simulation) |
 *
 * @param parameters - {@link ResumeRelayedCallsParameters}
 * @returns Resolves once every such request is settled or followed.
 * @example
 * if (state && stored) await resumeRelayedCalls({ context: { store, log }, chains: apiChains })
 */
export async function resumeRelayedCalls({ context, chains }: ResumeRelayedCallsParameters): Promise<void> {
  for (const request of context.store.all()) {
    if (!request.relayed || request.status !== "waiting") continue;
    const chain = chains.get(request.originChainId);
    const [txHash] = request.inTxHashes;
    const known =
      chain !== undefined &&
      txHash !== undefined &&
      (await chain.request({ method: "eth_getTransactionByHash", params: [txHash] })) !== null;
    if (!known || !chain) {
      context.store.transition(request.requestId, "failure", {
        failReason: "UNKNOWN",
        details: { reason: "the relayer's transaction was not sent before the devnet stopped" },
      });
      continue;
    }
    context.log(`restored request ${request.requestId}: its relayed call ${txHash} is followed`);
    const sender = await relayerSenderOf(chain);
    void followRelayedCall({
      context,
      chain,
      sender,
      requestId: request.requestId,
      txHash: txHash as Hex,
      to: request.relayed.to,
    });
  }
}
