import { type Address, isAddressEqual, zeroAddress } from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import { isHouseTransfer } from "../invariant/isHouseTransfer.js";
import type { Deposit } from "../state/types.js";
import { readTransactionCalls, type TransactionCalls } from "./readTransactionCalls.js";
import type { TokenTransfer } from "./toTokenTransfer.js";
import { trailingTransferId, zeroId } from "./trailingTransferId.js";

export type ReadStrayDepositsParameters = {
  chainId: number;
  request: ChainRequest;
  depository: Address;
  /**
   * The devnet's own accounts (the solver, the fee sponsor): a transfer from one, or a mint in a
   * transaction one sent (the depository's liquidity), is the devnet's money, not a deposit
   * (`isHouseTransfer`).
   */
  house: readonly Address[];
  /** The transfers into the depository that no deposit event took (`findUnclaimedTransfers`). */
  transfers: readonly TokenTransfer[];
};

/**
 * Turns the stray token transfers into the depository into deposits the solver decides like any
 * other: each is credited to the sender of the tokens (the minter for a mint) under the id its
 * `transfer(depository, amount)` call carries as the calldata's trailing 32 bytes (`trailingTransferId`),
 * or the zero id when it carries none or the call is not a `transfer` (a `transferFrom`, a mint); the
 * zero id names no request, so the payment is refunded as an orphan. The calls are read from the
 * transaction's trace (`callTracer`), so a transfer made by a contract (a smart wallet, a multicall) is
 * read like one the sender made itself; without a trace, from the transaction. The devnet's own
 * transfers (`house`) are left out. Amounts in the token's smallest units.
 *
 * @param parameters - {@link ReadStrayDepositsParameters}
 * @returns The deposits, one per stray transfer (its log index), in log order. {@link Deposit}
 * @throws What the chain's reads throw.
 * @example
 * const deposits = await readStrayDeposits({ chainId, request, depository, house: [solver, sponsor], transfers })
 */
export async function readStrayDeposits({
  chainId,
  request,
  depository,
  house,
  transfers,
}: ReadStrayDepositsParameters): Promise<Deposit[]> {
  const deposits: Deposit[] = [];
  const traces = new Map<string, TransactionCalls>();
  for (const transfer of transfers) {
    const key = transfer.txHash.toLowerCase();
    const trace = traces.get(key) ?? (await readTransactionCalls(request, transfer.txHash));
    traces.set(key, trace);
    if (isHouseTransfer({ from: transfer.from, txFrom: trace.from, house })) continue;
    const minted = isAddressEqual(transfer.from, zeroAddress);
    // The first call of this token that pays this transfer names its id; it is used up.
    const index = trace.calls.findIndex(
      (call) =>
        isAddressEqual(call.to, transfer.token) &&
        trailingTransferId(call.input, depository, transfer.amount) !== undefined,
    );
    const [call] = index >= 0 ? trace.calls.splice(index, 1) : [];
    deposits.push({
      chainId,
      txHash: transfer.txHash,
      logIndex: transfer.logIndex,
      blockNumber: transfer.blockNumber,
      from: minted ? trace.from : transfer.from,
      currency: transfer.token,
      amount: transfer.amount,
      id: (call && trailingTransferId(call.input, depository, transfer.amount)) ?? zeroId,
    });
  }
  return deposits;
}
