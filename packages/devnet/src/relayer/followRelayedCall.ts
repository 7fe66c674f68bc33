import type { Hex } from "viem";
import type { ApiChain, DevnetContext } from "../api/types.js";
import type { TransactionSender } from "../chains/createTransactionSender.js";
import { decideRelayedOutcome } from "./decideRelayedOutcome.js";

export type FollowRelayedCallParameters = {
  /** The requests and the log. */
  context: Pick<DevnetContext, "store" | "log">;
  /** The chain the call was sent on: its deposits are indexed once the call is mined. */
  chain: Pick<ApiChain, "indexer">;
  /** The relayer's sender that sent it. */
  sender: Pick<TransactionSender, "waitForReceipt">;
  requestId: Hex;
  /** The relayer's transaction. */
  txHash: Hex;
  /** The call's target. */
  to: DecideRelayedOutcomeTarget;
};

type DecideRelayedOutcomeTarget = Parameters<typeof decideRelayedOutcome>[0]["to"];

/**
 * Waits until the relayer's call of a gasless execution is mined, then carries out what
 * `decideRelayedOutcome` decides for its request (a status change, which sends its webhook event and
 * stream update, or a note in `details`), and has the chain's deposits indexed at once (a call that
 * deposits moves its request without waiting for the next scan). A receipt that cannot be read (the
 * devnet stopping) is logged and leaves the request as it is.
 *
 * @param parameters - {@link FollowRelayedCallParameters}
 * @example
 * void followRelayedCall({ context, chain, sender, requestId, txHash, to })
 */
export async function followRelayedCall({
  context,
  chain,
  sender,
  requestId,
  txHash,
  to,
}: FollowRelayedCallParameters): Promise<void> {
  let mined: "success" | "reverted";
  try {
    mined = (await sender.waitForReceipt(txHash)).status;
  } catch (error) {
    context.log(`relayed call ${txHash}: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  const request = context.store.get(requestId);
  if (!request) return;
  const outcome = decideRelayedOutcome({ request, txHash, mined, to });
  if (outcome.type === "transition") context.store.transition(requestId, outcome.to, outcome.patch);
  if (outcome.type === "update") context.store.update(requestId, outcome.patch);
  void chain.indexer.scan();
}
