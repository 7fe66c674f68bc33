import { type Address, getAddress, type Hex, hexToBigInt, numberToHex, toEventSelector } from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import type { DepositAddressTransfer, WatchedDepositAddress } from "./depositAddressTypes.js";

const transferTopic = toEventSelector("Transfer(address,address,uint256)");

type RpcLog = { address: Address; topics: Hex[]; data: Hex; transactionHash: Hex; logIndex: Hex };

export type ReadTokenDepositTransfersParameters = {
  request: ChainRequest;
  /** The watched addresses, by lower-case address. */
  watched: ReadonlyMap<string, WatchedDepositAddress>;
  /** The first block to read. */
  fromBlock: bigint;
  /** The last block to read (included). */
  toBlock: bigint;
};

/**
 * The token transfers into watched deposit addresses in a range of blocks: ERC-20 `Transfer` events
 * (three topics: an ERC-721 `Transfer` has four) of any token whose recipient is watched (a token the
 * quote did not ask for too: it is swept and refunded like any deposit in the wrong currency).
 *
 * @param parameters - {@link ReadTokenDepositTransfersParameters}
 * @returns The transfers, in log order, amounts in the token's smallest units. {@link DepositAddressTransfer}
 * @example
 * await readTokenDepositTransfers({ request, watched, fromBlock: 10n, toBlock: 12n })
 */
export async function readTokenDepositTransfers({
  request,
  watched,
  fromBlock,
  toBlock,
}: ReadTokenDepositTransfersParameters): Promise<DepositAddressTransfer[]> {
  const logs = (await request({
    method: "eth_getLogs",
    params: [{ fromBlock: numberToHex(fromBlock), toBlock: numberToHex(toBlock), topics: [transferTopic] }],
  })) as RpcLog[];
  const transfers: DepositAddressTransfer[] = [];
  for (const entry of logs) {
    const to = entry.topics[2];
    if (!to || entry.topics.length !== 3) continue;
    const target = watched.get(`0x${to.slice(26)}`.toLowerCase());
    if (!target) continue;
    transfers.push({
      watched: target,
      txHash: entry.transactionHash,
      from: getAddress(`0x${(entry.topics[1] as Hex).slice(26)}`),
      currency: getAddress(entry.address),
      amount: hexToBigInt(entry.data),
    });
  }
  return transfers;
}
