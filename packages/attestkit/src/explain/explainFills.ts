import type { Hex } from "viem";
import type { UnjudgedPart } from "./parts.js";
import { readChainPart } from "./readChainPart.js";
import type { ChainEvent } from "./readChainTransaction.js";

/** One fill or refund transaction as `explain` reports it. */
export type FillPart = {
  txHash: Hex;
  /** The chain that has it; null when no chain read shows it. */
  chainId: number | null;
  /**
   * `fill` (a devnet fill event, or found on the destination chain), `self-executed` (the user's own
   * transaction, which also paid), `refund` (found on the origin chain) or `unknown`.
   */
  kind: string;
  /** `success` or `reverted`, when found. */
  status: string | null;
  events: ChainEvent[];
  note?: string;
  /** Why the transaction could not be read on any chain it may be on. */
  unjudged?: UnjudgedPart;
};

export type ExplainFillsParameters = {
  /** The status's `txHashes`. */
  hashes: readonly Hex[];
  /** The destination chain, then the origin chain (a refund's). */
  chains: readonly [destination: number, origin: number];
  rpcUrls: ReadonlyMap<number, string>;
  vmTypes: ReadonlyMap<number, string>;
  fetch?: typeof globalThis.fetch | undefined;
  /** The deposit's transaction: the same hash as a fill is a self-executed request's one transaction. */
  deposit?: Hex | null | undefined;
};

/** One transaction, looked for on the destination chain, then on the origin chain. */
async function explainFill(hash: Hex, parameters: ExplainFillsParameters): Promise<FillPart> {
  const [destination, origin] = parameters.chains;
  const part = `fill ${hash}`;
  const unreadable: UnjudgedPart[] = [];
  for (const chainId of [...new Set([destination, origin])]) {
    const { transaction, unjudged } = await readChainPart({ ...parameters, part, chainId, hash });
    if (unjudged) unreadable.push(unjudged);
    if (!transaction?.found) continue;
    const kind = transaction.events.some((e) => e.name === "DevnetFill")
      ? "fill"
      : hash.toLowerCase() === parameters.deposit?.toLowerCase()
        ? "self-executed"
        : chainId !== origin
          ? "fill"
          : "refund";
    return { txHash: hash, chainId, kind, status: transaction.status, events: transaction.events };
  }
  const base = { txHash: hash, chainId: null, kind: "unknown", status: null, events: [] };
  // Not found where it was read: unjudged when a chain it may be on could not be read.
  const [first] = unreadable;
  if (first) return { ...base, note: unreadable.map((u) => u.message).join("; "), unjudged: first };
  return { ...base, note: "not found on the destination or the origin chain" };
}

/**
 * Each fill or refund transaction of the status (`txHashes`), read from the first chain that has it
 * (the destination, then the origin). One no chain could read (another VM, no RPC URL, a failing
 * RPC) is not judged; one the chains read do not have is said so.
 *
 * @param parameters - {@link ExplainFillsParameters}
 * @returns One part per hash, in order. {@link FillPart}
 * @example
 * const fills = await explainFills({ hashes: status.txHashes, chains: [8453, 1], rpcUrls, vmTypes })
 */
export async function explainFills(parameters: ExplainFillsParameters): Promise<FillPart[]> {
  const fills: FillPart[] = [];
  for (const hash of parameters.hashes) fills.push(await explainFill(hash, parameters));
  return fills;
}
