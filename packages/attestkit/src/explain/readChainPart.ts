import type { Hex } from "viem";
import { vmTypeOfChain } from "../attestation/vmTypeOfChain.js";
import { describeError } from "../errors/describeError.js";
import type { UnjudgedPart } from "./parts.js";
import { type ReadChainTransactionReturnType, readChainTransaction } from "./readChainTransaction.js";

export type ReadChainPartParameters = {
  /** The part being read (`deposit`, `fill 0x…`), as the report names it. */
  part: string;
  chainId: number;
  hash: Hex;
  /** Each chain's JSON-RPC URL, by chain id. */
  rpcUrls: ReadonlyMap<number, string>;
  /**
   * Each chain's VM type, by chain id, as `GET /chains` names it; a chain not listed there is
   * looked up in the known non-EVM chains (`vmTypeOfChain`: Bitcoin, Solana, ...), else EVM.
   */
  vmTypes: ReadonlyMap<number, string>;
  /** fetch implementation for the RPC calls; the global one by default. */
  fetch?: typeof globalThis.fetch | undefined;
};

/** The transaction as the chain shows it, or why it could not be read. */
export type ReadChainPartReturnType =
  | { transaction: ReadChainTransactionReturnType; unjudged?: undefined }
  | { transaction?: undefined; unjudged: UnjudgedPart };

/**
 * Reads one transaction of a request from its chain, never sending an EVM call to a chain of another
 * VM. A chain of another VM, a chain without an RPC URL, and an RPC that fails are each an unjudged
 * part naming the chain (and the URL), never an error.
 *
 * @param parameters - {@link ReadChainPartParameters}
 * @returns The transaction, or the part that could not be judged. {@link ReadChainPartReturnType}
 * @example
 * const { transaction, unjudged } = await readChainPart({ part: "deposit", chainId, hash, rpcUrls, vmTypes })
 */
export async function readChainPart({
  part,
  chainId,
  hash,
  rpcUrls,
  vmTypes,
  fetch,
}: ReadChainPartParameters): Promise<ReadChainPartReturnType> {
  // `GET /chains` first, else the chains the service is known to run outside the EVM.
  const vmType = vmTypes.get(chainId) ?? vmTypeOfChain({ chainId });
  if (vmType !== "evm")
    return {
      unjudged: {
        part,
        reason: "not-evm",
        message: `chain ${chainId} is a ${vmType} chain: its transactions are not read over EVM JSON-RPC`,
        chainId,
      },
    };
  const url = rpcUrls.get(chainId);
  if (!url)
    return {
      unjudged: { part, reason: "no-rpc-url", message: `no RPC URL for chain ${chainId}`, chainId },
    };
  try {
    return { transaction: await readChainTransaction({ rpcUrl: url, hash, fetch }) };
  } catch (error) {
    const said = (error as { shortMessage?: unknown }).shortMessage;
    const cause = typeof said === "string" ? said : describeError(error).message.split("\n")[0];
    const message = `chain ${chainId}'s RPC at ${url} failed: ${cause}`;
    return { unjudged: { part, reason: "rpc-failed", message, chainId, url } };
  }
}
