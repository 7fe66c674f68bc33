import { type Address, getAddress, type Hex, hexToBigInt, numberToHex } from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import { nativeCurrencyAddress } from "../constants.js";
import type { DepositAddressTransfer, WatchedDepositAddress } from "./depositAddressTypes.js";

type RpcBlock = { transactions: { hash: Hex; from: Address; to: Address | null; value: Hex }[] };

export type ReadNativeDepositTransfersParameters = {
  request: ChainRequest;
  /** The watched addresses, by lower-case address. */
  watched: ReadonlyMap<string, WatchedDepositAddress>;
  /** The first block to read. */
  fromBlock: bigint;
  /** The last block to read (included). */
  toBlock: bigint;
};

/**
 * The native transfers into watched deposit addresses in a range of blocks: the transactions sent to
 * one with a value (wei). A transfer made by a contract's internal call is not a transaction, so it
 * is not seen here; the next seen transfer's sweep takes it along.
 *
 * @param parameters - {@link ReadNativeDepositTransfersParameters}
 * @returns The transfers, in block and transaction order, the currency the zero address. {@link DepositAddressTransfer}
 * @example
 * await readNativeDepositTransfers({ request, watched, fromBlock: 10n, toBlock: 12n })
 */
export async function readNativeDepositTransfers({
  request,
  watched,
  fromBlock,
  toBlock,
}: ReadNativeDepositTransfersParameters): Promise<DepositAddressTransfer[]> {
  const transfers: DepositAddressTransfer[] = [];
  for (let number = fromBlock; number <= toBlock; number++) {
    const block = (await request({
      method: "eth_getBlockByNumber",
      params: [numberToHex(number), true],
    })) as RpcBlock | null;
    for (const tx of block?.transactions ?? []) {
      const entry = tx.to ? watched.get(tx.to.toLowerCase()) : undefined;
      const amount = hexToBigInt(tx.value);
      if (entry && amount > 0n)
        transfers.push({
          watched: entry,
          txHash: tx.hash,
          from: getAddress(tx.from),
          currency: nativeCurrencyAddress,
          amount,
        });
    }
  }
  return transfers;
}
