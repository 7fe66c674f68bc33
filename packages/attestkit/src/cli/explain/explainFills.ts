import type { Hex } from "viem";
import { type ChainEvent, readChainTransaction } from "../readChainTransaction.js";

/** Each fill or refund transaction, read from the first chain (destination, then origin) that has it. */
export async function explainFills({
  hashes,
  chains,
  rpcs,
}: {
  hashes: Hex[];
  chains: number[];
  rpcs: Map<number, string>;
}) {
  const fills: {
    txHash: Hex;
    chainId: number | null;
    kind: string;
    status: string | null;
    events: ChainEvent[];
    note?: string;
  }[] = [];
  for (const hash of hashes) {
    let entry: (typeof fills)[number] = {
      txHash: hash,
      chainId: null,
      kind: "unknown",
      status: null,
      events: [],
      note: "not found on any chain with an RPC URL",
    };
    for (const chainId of [...new Set(chains)]) {
      const rpcUrl = rpcs.get(chainId);
      if (!rpcUrl) continue;
      const transaction = await readChainTransaction({ rpcUrl, hash });
      if (!transaction.found) continue;
      const kind = transaction.events.some((e) => e.name === "DevnetFill")
        ? "fill"
        : chainId === chains[1]
          ? "refund"
          : "fill";
      entry = { txHash: hash, chainId, kind, status: transaction.status, events: transaction.events };
      break;
    }
    fills.push(entry);
  }
  return fills;
}
