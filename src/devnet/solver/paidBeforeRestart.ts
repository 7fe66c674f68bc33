import type { Hex } from "viem";
import type { RequestStore } from "../state/createRequestStore.js";

export type PaidBeforeRestartParameters = {
  requestId: Hex;
  /** A payment bound to the request on the deposit's own rail, described, or undefined. */
  bound: string | undefined;
  /** Whether a payout for the request is on its destination chain. */
  hasPayout: (requestId: Hex) => Promise<boolean>;
  store: RequestStore;
  log: (message: string) => void;
};

/**
 * Whether a restored request was paid before the restart: a bound payment, or a payout on its
 * destination chain. Such a request is left as it is (never paid twice) and logged for a check by
 * hand.
 *
 * @param parameters - {@link PaidBeforeRestartParameters}
 * @returns true when it was paid.
 * @example
 * if (await paidBeforeRestart({ requestId, bound: undefined, hasPayout, store, log })) return;
 */
export async function paidBeforeRestart({
  requestId,
  bound,
  hasPayout,
  store,
  log,
}: PaidBeforeRestartParameters): Promise<boolean> {
  const why =
    bound ?? ((await hasPayout(requestId)) ? "a payout for it is on its destination chain" : undefined);
  if (why)
    log(`restored request ${requestId} left in "${store.get(requestId)?.status}": ${why}; check it by hand`);
  return why !== undefined;
}
