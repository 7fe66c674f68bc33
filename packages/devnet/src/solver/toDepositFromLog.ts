import { devnetDepositoryAbi } from "attestkit/contracts";
import { type Address, decodeEventLog, hexToBigInt } from "viem";
import { nativeCurrencyAddress } from "../constants.js";
import type { Deposit } from "../state/types.js";
import type { RpcDepositLog } from "./depositIndexerTypes.js";

/**
 * The deposit a log records, if it is one: a `RelayNativeDeposit` (the currency the zero address) or
 * a `RelayErc20Deposit` emitted by the depository. Amounts in the currency's smallest units.
 *
 * @param entry - The log. {@link RpcDepositLog}
 * @param chainId - The chain it is on.
 * @param depository - The depository's address.
 * @returns The deposit ({@link Deposit}), or undefined for a log of another contract, another event
 * or one that does not decode.
 * @example
 * toDepositFromLog(log, 31337, depository) // { chainId, txHash, logIndex, blockNumber, from, currency, amount, id }
 */
export function toDepositFromLog(
  entry: RpcDepositLog,
  chainId: number,
  depository: Address,
): Deposit | undefined {
  if (entry.address.toLowerCase() !== depository.toLowerCase()) return undefined;
  let decoded: ReturnType<typeof decodeEventLog<typeof devnetDepositoryAbi>>;
  try {
    decoded = decodeEventLog({ abi: devnetDepositoryAbi, data: entry.data, topics: entry.topics });
  } catch {
    return undefined;
  }
  const base = {
    chainId,
    txHash: entry.transactionHash,
    logIndex: Number(hexToBigInt(entry.logIndex)),
    blockNumber: hexToBigInt(entry.blockNumber),
  };
  if (decoded.eventName === "RelayNativeDeposit")
    return { ...base, ...decoded.args, currency: nativeCurrencyAddress };
  if (decoded.eventName === "RelayErc20Deposit")
    return {
      ...base,
      from: decoded.args.from,
      currency: decoded.args.token,
      amount: decoded.args.amount,
      id: decoded.args.id,
    };
  return undefined;
}
