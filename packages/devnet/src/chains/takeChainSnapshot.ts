import { type Hex, numberToHex } from "viem";
import type {
  ChainSnapshot,
  JournaledBlock,
  JournaledChainCall,
  SnapshotAccount,
} from "../state/openStateDatabase.js";
import type { ChainRequest } from "./createDevnetChains.js";

/**
 * The journal rows a snapshot never compacts: calls that change no account (time, gas limit,
 * coinbase, impersonation, mining mode). They are replayed before the snapshot is applied.
 */
export const snapshotKeptMethods: readonly string[] = [
  "evm_increaseTime",
  "evm_setBlockGasLimit",
  "evm_setAutomine",
  "evm_setIntervalMining",
  "hardhat_setCoinbase",
  "hardhat_setPrevRandao",
  "hardhat_setMinGasPrice",
  "hardhat_impersonateAccount",
  "hardhat_stopImpersonatingAccount",
];

/** Calls that mine, or send a transaction: the snapshot ends at the last one mined. */
const minedMethods: ReadonlySet<string> = new Set([
  "eth_sendRawTransaction",
  "eth_sendTransaction",
  "evm_mine",
  "hardhat_mine",
]);

/** Admin calls that set an account directly: their account (and slot) is read into the snapshot. */
const accountSetters: ReadonlySet<string> = new Set([
  "hardhat_setBalance",
  "hardhat_setCode",
  "hardhat_setNonce",
  "hardhat_setStorageAt",
]);

export type TakeChainSnapshotParameters = {
  chainId: number;
  /** The running chain (reads only). */
  request: ChainRequest;
  /** The chain's previous snapshot, if any: it is carried forward and updated. */
  previous: ChainSnapshot | undefined;
  /** The chain's journal rows, in order (those after `previous.seq` are read). */
  calls: readonly (JournaledChainCall & { seq: number })[];
  /** The highest block whose deposits every watcher has read: the snapshot goes no further. */
  safeBlock: bigint;
};

export type TakeChainSnapshotReturnType = {
  snapshot: ChainSnapshot;
  /** The receipts of the transactions it covers (the restored chain will not have them). */
  receipts: { hash: string; receipt: unknown }[];
};

/**
 * Reads a snapshot of a running chain: the state, at the last block the journal shows mined (no
 * transaction before it pending, not past `safeBlock`), of every account that a transaction since
 * the previous snapshot touched (the chain's `prestateTracer` of each: senders, recipients, created
 * contracts, the coinbase, and the storage slots they used) or that an admin call set, merged into
 * the previous snapshot. Restoring it (`applyChainSnapshot`) and replaying the journal rows after it
 * rebuilds the same accounts as replaying the whole journal, so a restart's work is bounded by the
 * snapshot and the calls since, not by the chain's history. Undefined when no new block qualifies.
 *
 * @param parameters - {@link TakeChainSnapshotParameters}
 * @returns The snapshot and the receipts it covers, or undefined.
 * @example
 * const taken = await takeChainSnapshot({ chainId, request, previous, calls, safeBlock })
 */
export async function takeChainSnapshot({
  chainId,
  request,
  previous,
  calls,
  safeBlock,
}: TakeChainSnapshotParameters): Promise<TakeChainSnapshotReturnType | undefined> {
  const from = previous?.seq ?? 0;
  let last: { seq: number; block: JournaledBlock } | undefined;
  const setters: (JournaledChainCall & { seq: number })[] = [];
  for (const call of calls) {
    if (call.seq <= from) continue;
    if (minedMethods.has(call.method)) {
      // A pending transaction (or one past the safe block) ends the snapshot before it.
      if (call.block === null || BigInt(call.block.number) > safeBlock) break;
      last = { seq: call.seq, block: call.block };
    } else if (accountSetters.has(call.method)) setters.push(call);
  }
  const previousBlock = previous?.block.number ?? 0;
  if (!last || last.block.number <= previousBlock) return undefined;
  const target = last.block.number;
  const tag = numberToHex(target);

  // What the transactions of the new blocks touched.
  const touched = new Map<string, Set<string>>();
  const touch = (address: string, slots: Iterable<string> = []) => {
    const key = address.toLowerCase();
    const set = touched.get(key) ?? new Set<string>();
    for (const slot of slots) set.add(slot.toLowerCase());
    touched.set(key, set);
  };
  const receipts: TakeChainSnapshotReturnType["receipts"] = [];
  for (let number = previousBlock + 1; number <= target; number++) {
    const block = (await request({
      method: "eth_getBlockByNumber",
      params: [numberToHex(number), false],
    })) as {
      transactions: Hex[];
    } | null;
    for (const hash of block?.transactions ?? []) {
      const prestate = (await request({
        method: "debug_traceTransaction",
        params: [hash, { tracer: "prestateTracer" }],
      })) as Record<string, { storage?: Record<string, string> }>;
      for (const [address, account] of Object.entries(prestate))
        touch(address, Object.keys(account.storage ?? {}));
      const receipt = (await request({ method: "eth_getTransactionReceipt", params: [hash] })) as {
        contractAddress?: string | null;
      };
      if (receipt.contractAddress) touch(receipt.contractAddress);
      receipts.push({ hash, receipt });
    }
  }
  for (const { seq, method, params } of setters)
    if (seq <= last.seq)
      touch(String(params[0]), method === "hardhat_setStorageAt" ? [slotKey(String(params[1]))] : []);

  // Their state at the snapshot's block, over the previous snapshot's.
  const accounts: Record<string, SnapshotAccount> = { ...previous?.accounts };
  for (const [address, slots] of touched) {
    const before = accounts[address];
    const storage: Record<string, Hex> = { ...before?.storage };
    for (const slot of slots) {
      const value = (await request({ method: "eth_getStorageAt", params: [address, slot, tag] })) as Hex;
      if (BigInt(value) === 0n) delete storage[slot];
      else storage[slot] = value;
    }
    accounts[address] = {
      balance: (await request({ method: "eth_getBalance", params: [address, tag] })) as Hex,
      nonce: (await request({ method: "eth_getTransactionCount", params: [address, tag] })) as Hex,
      code: (await request({ method: "eth_getCode", params: [address, tag] })) as Hex,
      storage,
    };
  }
  return { snapshot: { chainId, seq: last.seq, block: last.block, accounts }, receipts };
}

/** A storage slot as a 32-byte key (the tracer's form). */
const slotKey = (slot: string) => `0x${BigInt(slot).toString(16).padStart(64, "0")}`;
