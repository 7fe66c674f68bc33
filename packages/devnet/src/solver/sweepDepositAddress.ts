import { type Address, encodeFunctionData } from "viem";
import type { TransactionSender } from "../chains/createTransactionSender.js";
import { devnetDepositAddressFactoryAbi } from "../contracts/abis.js";
import type { WatchedDepositAddress } from "./depositAddressTypes.js";

export type SweepDepositAddressParameters = {
  /** The solver's sender on the chain. */
  sender: TransactionSender;
  /** The chain's `DevnetDepositAddressFactory`. */
  factory: Address;
  /** The tokens the sweep moves besides the native balance. */
  tokens: readonly Address[];
  entry: WatchedDepositAddress;
  log: (message: string) => void;
};

/**
 * Sweeps a deposit address through the factory (`sweep(orderId, depositor, tokens)`): it deploys the
 * address's proxy if needed and deposits everything the address holds into the depository under the
 * order id, where the depository's indexer sees an ordinary deposit. Waits for the receipt; a
 * reverted sweep is logged.
 *
 * @param parameters - {@link SweepDepositAddressParameters}
 * @throws What sending or waiting for the receipt throws.
 * @example
 * await sweepDepositAddress({ sender, factory, tokens, entry, log })
 */
export async function sweepDepositAddress({
  sender,
  factory,
  tokens,
  entry,
  log,
}: SweepDepositAddressParameters): Promise<void> {
  const hash = await sender.send({
    to: factory,
    data: encodeFunctionData({
      abi: devnetDepositAddressFactoryAbi,
      functionName: "sweep",
      args: [entry.orderId, entry.depositor, [...tokens]],
    }),
  });
  const receipt = await sender.waitForReceipt(hash);
  if (receipt.status !== "success") log(`sweep of ${entry.address} (${entry.requestId}) reverted: ${hash}`);
}
