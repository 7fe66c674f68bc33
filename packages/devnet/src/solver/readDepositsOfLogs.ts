import { isAddressEqual } from "viem";
import type { Deposit } from "../state/types.js";
import type { DepositIndexerState, RpcDepositLog } from "./depositIndexerTypes.js";
import { findUnclaimedTransfers } from "./findUnclaimedTransfers.js";
import { readStrayDeposits } from "./readStrayDeposits.js";
import { toDepositFromLog } from "./toDepositFromLog.js";
import { type TokenTransfer, toTokenTransfer } from "./toTokenTransfer.js";

/**
 * Every deposit into the depository that logs record, in every form: the depository's deposit
 * events (`depositNative`, `depositErc20`, the plain and the id-carrying native transfer), and the
 * token transfers into it that no deposit event takes (`findUnclaimedTransfers`): an ERC-20
 * `transfer(depository, amount)` with the order id as the calldata's trailing 32 bytes, a plain one,
 * a mint (`readStrayDeposits`, which leaves the devnet's own transfers out). Nothing that arrives is
 * left without a deposit, so each is credited to its request or refunded.
 *
 * @param state - The indexer. {@link DepositIndexerState}
 * @param logs - Logs of the chain (the depository's and the transfers into it, or a receipt's), in order.
 * @returns The deposits, in block and log order. {@link Deposit}
 * @throws What the chain's reads throw.
 * @example
 * const deposits = await readDepositsOfLogs(state, receipt.logs)
 */
export async function readDepositsOfLogs(
  state: DepositIndexerState,
  logs: readonly RpcDepositLog[],
): Promise<Deposit[]> {
  const { chainId, request, depository, house } = state;
  const events = logs.flatMap((entry) => toDepositFromLog(entry, chainId, depository) ?? []);
  const transfers = logs.flatMap((entry): TokenTransfer[] => {
    const transfer = toTokenTransfer(entry);
    return transfer && isAddressEqual(transfer.to, depository) ? [transfer] : [];
  });
  const strays = await readStrayDeposits({
    chainId,
    request,
    depository,
    house,
    transfers: findUnclaimedTransfers(transfers, events),
  });
  return [...events, ...strays].sort((a, b) =>
    a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
  );
}
