import type { NetworkConnection } from "hardhat/types/network";
import { type Address, getContract, type Hex, zeroAddress } from "viem";
import { attestedDepositReceiverAbi } from "../../packages/attestkit/src/contracts/index.js";
import { MissingContractError } from "../../packages/attestkit/src/deploy/errors.js";
import { DeployParametersError, parseRecipient, type Recipient } from "./parseDeployParameters.js";

/** Changes to apply to a deployed receiver; every field is optional. */
export type ReceiverUpdate = {
  receiver: Address;
  /** New primary solver (`0x000...0` for none). */
  primarySolver?: Address | undefined;
  addSolvers?: Address[] | undefined;
  removeSolvers?: Address[] | undefined;
  /** Replaces the ERC-1271 contract solver list. */
  contractSolvers?: Address[] | undefined;
  addWhitelist?: Recipient[] | undefined;
  removeWhitelist?: Recipient[] | undefined;
  allowAnyRecipient?: boolean | undefined;
  paused?: boolean | undefined;
};

/**
 * Validates an update file (parsed JSON).
 *
 * @param value - The parsed JSON.
 * @returns The typed update.
 * @example
 * parseReceiverUpdate({ receiver: "0x…", addSolvers: ["0x…"] })
 */
export function parseReceiverUpdate(value: unknown): ReceiverUpdate {
  if (typeof value !== "object" || value === null)
    throw new DeployParametersError({ field: "(root)", problem: "is not an object" });
  const raw = value as Record<string, unknown>;
  const address = (v: unknown, field: string): Address => {
    if (typeof v !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(v)) {
      throw new DeployParametersError({ field, problem: `is not an EVM address: ${JSON.stringify(v)}` });
    }
    return v as Address;
  };
  const list = <T>(v: unknown, field: string, item: (x: unknown, f: string) => T): T[] | undefined => {
    if (v === undefined) return undefined;
    if (!Array.isArray(v)) throw new DeployParametersError({ field, problem: "is not an array" });
    return v.map((x, i) => item(x, `${field}[${i}]`));
  };
  const flag = (v: unknown, field: string): boolean | undefined => {
    if (v === undefined || typeof v === "boolean") return v;
    throw new DeployParametersError({ field, problem: "is not a boolean" });
  };
  return {
    receiver: address(raw.receiver, "receiver"),
    primarySolver: raw.primarySolver === undefined ? undefined : address(raw.primarySolver, "primarySolver"),
    addSolvers: list(raw.addSolvers, "addSolvers", address),
    removeSolvers: list(raw.removeSolvers, "removeSolvers", address),
    contractSolvers: list(raw.contractSolvers, "contractSolvers", address),
    addWhitelist: list(raw.addWhitelist, "addWhitelist", parseRecipient),
    removeWhitelist: list(raw.removeWhitelist, "removeWhitelist", parseRecipient),
    allowAnyRecipient: flag(raw.allowAnyRecipient, "allowAnyRecipient"),
    paused: flag(raw.paused, "paused"),
  };
}

/**
 * Applies an update to a deployed receiver from its owner (the connection's first account), one
 * transaction per kind of change, waiting for each.
 *
 * @param parameters - The connection and the update.
 * @returns The applied actions with their transaction hashes.
 * @example
 * await updateReceiver({ connection, update: { receiver, addSolvers: [next] } })
 */
export async function updateReceiver({
  connection,
  update,
}: {
  connection: NetworkConnection;
  update: ReceiverUpdate;
}): Promise<{ action: string; hash: Hex }[]> {
  const publicClient = await connection.viem.getPublicClient();
  // A restarted local node holds nothing at the old address: every call would "succeed" on no code.
  const code = await publicClient.getCode({ address: update.receiver });
  if (code === undefined || code === "0x")
    throw new MissingContractError({
      contract: "The receiver",
      address: update.receiver,
      chainId: await publicClient.getChainId(),
      hint: "Nothing was changed. Check the update file's receiver and the network; after a local node restarts, deploy again (npm run deploy) and update the new address.",
    });
  const [wallet] = await connection.viem.getWalletClients();
  if (!wallet) throw new Error("the network has no account to send from");
  const receiver = getContract({
    abi: attestedDepositReceiverAbi,
    address: update.receiver,
    client: { public: publicClient, wallet },
  });
  const done: { action: string; hash: Hex }[] = [];
  const send = async (action: string, hash: Promise<Hex>) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
    if (receipt.status !== "success") throw new Error(`${action} reverted (${receipt.transactionHash})`);
    done.push({ action, hash: receipt.transactionHash });
  };
  const words = (list: Recipient[]) => list.map(({ chainId, user }) => ({ chainId, user }));
  if (update.primarySolver !== undefined) {
    await send("setPrimarySolver", receiver.write.setPrimarySolver([update.primarySolver ?? zeroAddress]));
  }
  if (update.addSolvers?.length)
    await send("addSolvers", receiver.write.setSolvers([update.addSolvers, true]));
  if (update.removeSolvers?.length)
    await send("removeSolvers", receiver.write.setSolvers([update.removeSolvers, false]));
  if (update.contractSolvers !== undefined) {
    await send("setContractSolvers", receiver.write.setContractSolvers([update.contractSolvers]));
  }
  if (update.addWhitelist?.length) {
    await send("addWhitelist", receiver.write.setRecipients([words(update.addWhitelist), true]));
  }
  if (update.removeWhitelist?.length) {
    await send("removeWhitelist", receiver.write.setRecipients([words(update.removeWhitelist), false]));
  }
  if (update.allowAnyRecipient !== undefined) {
    await send("setAllowAnyRecipient", receiver.write.setAllowAnyRecipient([update.allowAnyRecipient]));
  }
  if (update.paused !== undefined) await send("setPaused", receiver.write.setPaused([update.paused]));
  return done;
}
