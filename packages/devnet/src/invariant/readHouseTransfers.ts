import { type Address, isAddressEqual, zeroAddress } from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import type { TokenTransfer } from "../solver/toTokenTransfer.js";
import { isHouseTransfer } from "./isHouseTransfer.js";

export type ReadHouseTransfersParameters = {
  request: ChainRequest;
  /** The devnet's own accounts. */
  house: readonly Address[];
  /** Transfers into the depository that no deposit event takes (`findUnclaimedTransfers`). */
  transfers: readonly TokenTransfer[];
  /** Senders of transactions already looked up, by lower-case hash; filled in here. */
  senders: Map<string, Address>;
};

/**
 * The transfers among `transfers` that are the devnet's own money (`isHouseTransfer`): for a mint,
 * the transaction's sender is looked up (once per transaction, kept in `senders`).
 *
 * @param parameters - {@link ReadHouseTransfersParameters}
 * @returns The devnet's own transfers.
 * @throws What the chain's reads throw.
 * @example
 * const own = await readHouseTransfers({ request, house, transfers, senders })
 */
export async function readHouseTransfers({
  request,
  house,
  transfers,
  senders,
}: ReadHouseTransfersParameters): Promise<Set<TokenTransfer>> {
  const own = new Set<TokenTransfer>();
  for (const transfer of transfers) {
    let txFrom = transfer.from;
    if (isAddressEqual(transfer.from, zeroAddress)) {
      const key = transfer.txHash.toLowerCase();
      const known = senders.get(key);
      txFrom =
        known ??
        (
          (await request({ method: "eth_getTransactionByHash", params: [transfer.txHash] })) as {
            from: Address;
          }
        ).from;
      senders.set(key, txFrom);
    }
    if (isHouseTransfer({ from: transfer.from, txFrom, house })) own.add(transfer);
  }
  return own;
}
