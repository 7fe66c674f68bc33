import { type Hex, hexToNumber, keccak256, numberToHex } from "viem";
import type { ChainSnapshot, JournaledBlock, JournaledChainCall } from "../state/openStateDatabase.js";
import { alignChainWithArchive } from "./alignChainWithArchive.js";
import { applyChainSnapshot } from "./applyChainSnapshot.js";
import type { ChainRequest } from "./createDevnetChains.js";

/**
 * JSON-RPC methods that change a chain's state: the journal records them (once the chain accepted
 * them) and a restart replays them in order. Reads are not recorded.
 */
const stateChangingMethods: ReadonlySet<string> = new Set([
  "eth_sendRawTransaction",
  "eth_sendTransaction",
  "evm_mine",
  "hardhat_mine",
  "evm_increaseTime",
  "evm_setNextBlockTimestamp",
  "evm_snapshot",
  "evm_revert",
  "evm_setAutomine",
  "evm_setIntervalMining",
  "evm_setBlockGasLimit",
  "hardhat_setBalance",
  "hardhat_setCode",
  "hardhat_setNonce",
  "hardhat_setStorageAt",
  "hardhat_setCoinbase",
  "hardhat_setPrevRandao",
  "hardhat_setNextBlockBaseFeePerGas",
  "hardhat_setMinGasPrice",
  "hardhat_impersonateAccount",
  "hardhat_stopImpersonatingAccount",
  "hardhat_dropTransaction",
]);

/** Methods that send a transaction: journaled with the block that mined it. */
const transactionMethods: ReadonlySet<string> = new Set(["eth_sendRawTransaction", "eth_sendTransaction"]);

/** Mining mode switches are not replayed: the devnet sets its mining mode after the replay. */
const notReplayed: ReadonlySet<string> = new Set(["evm_setAutomine", "evm_setIntervalMining"]);

type RpcBlock = { number: Hex; timestamp: Hex; baseFeePerGas?: Hex | null };

const toJournaledBlock = (block: RpcBlock): JournaledBlock => ({
  number: hexToNumber(block.number),
  timestamp: hexToNumber(block.timestamp),
  baseFeePerGas: block.baseFeePerGas ?? null,
});

export type JournalChainParameters = {
  chainId: number;
  /** The chain's own request function. */
  request: ChainRequest;
  /** Stores one accepted state-changing call (synchronously, before the caller hears of it); returns its number. */
  append: (call: JournaledChainCall) => number;
  /** Stores the block a transaction journaled while pending was mined in. */
  setBlock: (seq: number, block: JournaledBlock) => void;
  /** Ends the follow-up of pending transactions. */
  signal?: AbortSignal | undefined;
  /** How often a pending transaction's receipt is looked up, in ms. Default 25. */
  pollMs?: number | undefined;
};

/**
 * Wraps a chain's request function so that every state-changing call the chain accepts
 * ({@link stateChangingMethods}) is recorded, with its block (number, timestamp, base fee), before the
 * answer goes back to the caller. A transaction still pending (interval mining) is recorded at once
 * and its block filled in when it is mined. Replaying the record on a fresh chain with the same
 * genesis ({@link replayChainJournal}) rebuilds the same blocks' effects: accounts, balances (gas
 * included), contracts and nonces.
 *
 * @param parameters - {@link JournalChainParameters}
 * @returns The recording request function.
 * @example
 * const request = journalChain({ chainId, request: chain.request, append: db.appendChainCall, setBlock: db.setChainCallBlock })
 */
export function journalChain({
  chainId,
  request,
  append,
  setBlock,
  signal,
  pollMs = 25,
}: JournalChainParameters): ChainRequest {
  const blockOf = async (tag: Hex | "latest") =>
    (await request({ method: "eth_getBlockByNumber", params: [tag, false] })) as RpcBlock | null;
  const receiptBlock = async (hash: unknown) => {
    const receipt = (await request({ method: "eth_getTransactionReceipt", params: [hash] })) as {
      blockNumber: Hex;
    } | null;
    return receipt ? blockOf(receipt.blockNumber) : null;
  };
  /** Waits for a pending transaction's block, then records it; gives up when the chain drops it. */
  const follow = async (seq: number, hash: unknown) => {
    while (!signal?.aborted) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      try {
        const block = await receiptBlock(hash);
        if (block) return setBlock(seq, toJournaledBlock(block));
        // Dropped (hardhat_dropTransaction, journaled too): nothing will mine it.
        if ((await request({ method: "eth_getTransactionByHash", params: [hash] })) === null) return;
      } catch {
        if (signal?.aborted) return;
      }
    }
  };

  return async (args) => {
    const result = await request(args);
    if (!stateChangingMethods.has(args.method)) return result;
    const call = { chainId, method: args.method, params: args.params ?? [] };
    if (transactionMethods.has(args.method)) {
      const block = await receiptBlock(result);
      const seq = append({ ...call, block: block ? toJournaledBlock(block) : null });
      if (!block) void follow(seq, result);
      return result;
    }
    const latest = await blockOf("latest");
    append({ ...call, block: latest ? toJournaledBlock(latest) : null });
    return result;
  };
}

export type ReplayChainJournalParameters = {
  request: ChainRequest;
  /** The calls of this chain, in order (with their sequence numbers when a snapshot is given). */
  calls: readonly (JournaledChainCall & { seq?: number | undefined })[];
  /**
   * The chain's latest snapshot: applied (`applyChainSnapshot`) before the first call after it; the
   * calls it covers are no longer in the journal but for those that change no account.
   */
  snapshot?: ChainSnapshot | undefined;
  /**
   * The chain's block archive (`withChainArchive`): its newest block, and the block the archive holds
   * a transaction in (by hash). A transaction the archive does not hold goes into a block after the
   * archive's head, so that no block the archive serves is rebuilt with it.
   */
  archive?:
    | {
        head: { number: number; timestamp: number };
        blockOf: (hash: string) => JournaledBlock | undefined;
      }
    | undefined;
  log?: ((message: string) => void) | undefined;
};

/**
 * Replays a chain's journal on a fresh chain started from the same genesis (same chain id, accounts
 * and `initialDate`): with automatic mining off, each transaction is sent, and the transactions of one
 * recorded block are mined together into a block with the recorded timestamp and base fee, so gas
 * costs and time-dependent contract checks (deadlines) come out the same. Other calls run in order
 * between blocks. Empty blocks of interval mining are not rebuilt: block numbers may differ. A call the
 * chain refuses now is logged and skipped. With a snapshot, the replay starts from it: the work is
 * bounded by the snapshot and the calls since. With the chain's block archive, a transaction journaled
 * while pending takes the block the archive holds it in, and one the archive does not hold is sent
 * only once the chain is at the archive's height (`alignChainWithArchive`): the blocks the archive
 * serves keep their transactions, the new ones come after. Automatic mining is on again at the end.
 *
 * @param parameters - {@link ReplayChainJournalParameters}
 * @returns How many calls were replayed.
 * @example
 * await replayChainJournal({ request: chain.request, calls: db.loadChainCalls().filter((c) => c.chainId === chainId) })
 */
export async function replayChainJournal({
  request,
  calls,
  snapshot,
  archive,
  log = () => {},
}: ReplayChainJournalParameters): Promise<number> {
  let replayed = 0;
  let lastTimestamp = 0;
  /** The recorded block whose transactions were sent and are not mined yet. */
  let open: JournaledBlock | undefined;
  /** Transactions sent that had no recorded block (pending at the crash). */
  let loose = false;
  const mine = async (block: JournaledBlock | null | undefined) => {
    if (block) {
      lastTimestamp = Math.max(block.timestamp, lastTimestamp);
      await request({ method: "evm_setNextBlockTimestamp", params: [numberToHex(lastTimestamp)] });
      if (block.baseFeePerGas)
        await request({ method: "hardhat_setNextBlockBaseFeePerGas", params: [block.baseFeePerGas] });
    }
    await request({ method: "evm_mine", params: [] });
  };
  const mineOpen = async () => {
    if (!open) return;
    const block = open;
    open = undefined;
    await mine(block);
  };

  /** The block the archive holds a raw transaction in that was journaled while pending. */
  const archivedBlockOf = (call: JournaledChainCall) =>
    (archive && call.method === "eth_sendRawTransaction" && typeof call.params[0] === "string"
      ? archive.blockOf(keccak256(call.params[0] as Hex))
      : undefined) ?? null;

  let restored = snapshot === undefined;
  const restore = async () => {
    if (restored || !snapshot) return;
    restored = true;
    await mineOpen();
    lastTimestamp = Math.max(lastTimestamp, await applyChainSnapshot({ request, snapshot }));
  };

  await request({ method: "evm_setAutomine", params: [false] });
  try {
    for (const call of calls) {
      if (snapshot && (call.seq ?? 0) > snapshot.seq) await restore();
      if (notReplayed.has(call.method)) continue;
      try {
        if (transactionMethods.has(call.method)) {
          const block = call.block ?? archivedBlockOf(call);
          if (archive && (block === null || block.number > archive.head.number)) {
            await mineOpen();
            await alignChainWithArchive({ request, head: archive.head });
            lastTimestamp = Math.max(lastTimestamp, archive.head.timestamp);
          }
          if (block && open && block.number !== open.number) await mineOpen();
          if (block) open ??= block;
          else loose = true;
          await request({ method: call.method, params: call.params });
        } else if (call.method === "evm_mine") {
          // The block a caller mined by hand: the open one if it holds the same transactions.
          if (open && call.block && open.number === call.block.number) await mineOpen();
          else {
            await mineOpen();
            await mine(call.block);
          }
        } else {
          await mineOpen();
          await request({ method: call.method, params: call.params });
        }
        replayed++;
      } catch (error) {
        log(
          `replay of ${call.method} on chain ${call.chainId}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    await mineOpen();
    await restore();
    // Transactions that were pending at the crash go into one more block.
    if (loose) await request({ method: "evm_mine", params: [] });
  } finally {
    await request({ method: "evm_setAutomine", params: [true] });
  }
  return replayed;
}
