import type { Account, Address, Chain, Hex, PublicClient, Transport, WalletClient } from "viem";
import { attestedDepositReceiverAbi } from "../contracts/abis.js";
import { DeploymentFailedError } from "./errors.js";

export type WriteReceiverSettingParameters = {
  /** Sends the transaction; its account must be the receiver's owner. */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  /** Waits for the receipt, on the same chain. */
  publicClient: PublicClient;
  /** The deployed receiver. */
  receiver: Address;
  /** The owner-only setter. */
  functionName: "setChainSlug" | "setOrderRecipients";
  /** Its arguments. */
  args: readonly unknown[];
  /** Receipt polling interval in ms (viem's default when omitted). */
  pollingInterval?: number | undefined;
};

/**
 * Calls one of the receiver's owner-only order settings and waits for it to be mined.
 *
 * @param parameters - {@link WriteReceiverSettingParameters}
 * @returns The transaction hash.
 * @throws DeploymentFailedError when the transaction reverts.
 * @example
 * const hash = await writeReceiverSetting({ walletClient, publicClient, receiver, functionName: "setChainSlug", args: ["base"] })
 */
export async function writeReceiverSetting({
  walletClient,
  publicClient,
  receiver,
  functionName,
  args,
  pollingInterval,
}: WriteReceiverSettingParameters): Promise<Hex> {
  const hash = await walletClient.writeContract({
    address: receiver,
    abi: attestedDepositReceiverAbi,
    functionName,
    args,
    account: walletClient.account,
    chain: walletClient.chain ?? null,
  } as Parameters<typeof walletClient.writeContract>[0]);
  const receipt = await publicClient.waitForTransactionReceipt({
    hash,
    ...(pollingInterval !== undefined ? { pollingInterval } : {}),
  });
  if (receipt.status !== "success")
    throw new DeploymentFailedError({ contract: `AttestedDepositReceiver.${functionName}`, hash });
  return hash;
}
