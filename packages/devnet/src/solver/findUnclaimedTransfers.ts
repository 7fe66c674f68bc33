import { isAddressEqual } from "viem";
import type { Deposit } from "../state/types.js";
import type { TokenTransfer } from "./toTokenTransfer.js";

/**
 * The token transfers into the depository that no deposit event accounts for: each
 * `RelayErc20Deposit` takes the nearest transfer of its token into the depository before it in the
 * same transaction (its own `transferFrom`), whatever the amount (a fee-on-transfer token delivers
 * less than it names); the transfers left over are stray (a plain `transfer`, one with the order id
 * as the calldata's trailing 32 bytes, a mint).
 *
 * @param transfers - Transfers into the depository, in log order. {@link TokenTransfer}
 * @param deposits - The deposit events of the same logs. {@link Deposit}
 * @returns The transfers no deposit event takes, in log order.
 * @example
 * findUnclaimedTransfers([transferOfDepositErc20, plainTransfer], [erc20Deposit]) // [plainTransfer]
 */
export function findUnclaimedTransfers(
  transfers: readonly TokenTransfer[],
  deposits: readonly Deposit[],
): TokenTransfer[] {
  const left = [...transfers];
  for (const deposit of deposits) {
    let taken = -1;
    left.forEach((transfer, index) => {
      if (
        transfer.txHash.toLowerCase() === deposit.txHash.toLowerCase() &&
        transfer.logIndex < deposit.logIndex &&
        isAddressEqual(transfer.token, deposit.currency)
      )
        taken = index;
    });
    if (taken >= 0) left.splice(taken, 1);
  }
  return left;
}
