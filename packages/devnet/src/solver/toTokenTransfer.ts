import { type Address, getAddress, type Hex, hexToBigInt, toEventSelector } from "viem";
import type { RpcDepositLog } from "./depositIndexerTypes.js";

/** Topic of ERC-20's `Transfer(address indexed from, address indexed to, uint256 value)`. */
export const transferTopic = toEventSelector("Transfer(address,address,uint256)");

/** An ERC-20 `Transfer` event as a deposit indexer reads it. */
export type TokenTransfer = {
  /** The token (the log's emitter). */
  token: Address;
  from: Address;
  to: Address;
  /** In the token's smallest units. */
  amount: bigint;
  txHash: Hex;
  logIndex: number;
  blockNumber: bigint;
};

/**
 * The ERC-20 transfer a log records, if it is one: a `Transfer` event with three topics (an ERC-721
 * `Transfer` has four) and a 32-byte amount.
 *
 * @param entry - The log. {@link RpcDepositLog}
 * @returns The transfer ({@link TokenTransfer}), or undefined for any other log.
 * @example
 * toTokenTransfer(log) // { token, from, to, amount: 5000000n, txHash, logIndex: 2, blockNumber: 41n }
 */
export function toTokenTransfer(entry: RpcDepositLog): TokenTransfer | undefined {
  const [topic, from, to] = entry.topics;
  if (topic !== transferTopic || from === undefined || to === undefined || entry.topics.length !== 3)
    return undefined;
  if (entry.data.length !== 66) return undefined;
  return {
    token: getAddress(entry.address),
    from: getAddress(`0x${from.slice(26)}`),
    to: getAddress(`0x${to.slice(26)}`),
    amount: hexToBigInt(entry.data),
    txHash: entry.transactionHash,
    logIndex: Number(hexToBigInt(entry.logIndex)),
    blockNumber: hexToBigInt(entry.blockNumber),
  };
}
