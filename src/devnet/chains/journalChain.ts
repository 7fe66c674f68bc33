import { type Hex, hexToNumber, numberToHex } from "viem";
import type { JournaledChainCall } from "../state/openStateDatabase.js";
import type { ChainRequest } from "./createDevnetChains.js";

/**
 * JSON-RPC methods that change a chain's state: the journal records them (once the chain accepted
 * them) and a restart replays them in order. Reads are not recorded.
 */
export const stateChangingMethods: ReadonlySet<string> = new Set([
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

/** Methods that make a block at once under instant mining: replayed with the block's recorded timestamp. */
const blockMakingMethods: ReadonlySet<string> = new Set([
  "eth_sendRawTransaction",
  "eth_sendTransaction",
  "evm_mine",
]);

/** Mining mode switches are not replayed: the devnet sets its mining mode after the replay. */
const notReplayed: ReadonlySet<string> = new Set(["evm_setAutomine", "evm_setIntervalMining"]);

export type JournalChainParameters = {
  chainId: number;
  /** The chain's own request function. */
  request: ChainRequest;
  /** Stores one accepted state-changing call (synchronously, before the caller hears of it). */
  append: (call: JournaledChainCall) => void;
};

/**
 * Wraps a chain's request function so that every state-changing call the chain accepts
 * ({@link stateChangingMethods}) is recorded, with the timestamp of the latest block after it, before
 * the answer goes back to the caller. Replaying the record on a fresh chain with the same genesis
 * ({@link replayChainJournal}) rebuilds the same accounts, balances, contracts and nonces.
 *
 * @param parameters - {@link JournalChainParameters}
 * @returns The recording request function.
 * @example
 * const request = journalChain({ chainId, request: chain.request, append: db.appendChainCall })
 */
export function journalChain({ chainId, request, append }: JournalChainParameters): ChainRequest {
  return async (args) => {
    const result = await request(args);
    if (stateChangingMethods.has(args.method)) {
      const latest = (await request({ method: "eth_getBlockByNumber", params: ["latest", false] })) as {
        timestamp: Hex;
      } | null;
      append({
        chainId,
        method: args.method,
        params: args.params ?? [],
        timestamp: latest ? hexToNumber(latest.timestamp) : null,
      });
    }
    return result;
  };
}

export type ReplayChainJournalParameters = {
  request: ChainRequest;
  /** The calls of this chain, in order. */
  calls: readonly JournaledChainCall[];
  log?: ((message: string) => void) | undefined;
};

/**
 * Replays a chain's journal on a fresh chain started from the same genesis (same chain id, accounts
 * and `initialDate`), in instant mining: each call in order, a block-making call with the recorded
 * block timestamp, so time-dependent contract checks (deadlines) decide as they did. Under interval
 * mining the transactions of one block land in blocks of their own: the state is the same, block
 * numbers may differ. A call the chain refuses now is logged and skipped.
 *
 * @param parameters - {@link ReplayChainJournalParameters}
 * @returns How many calls were replayed.
 * @example
 * await replayChainJournal({ request: chain.request, calls: db.loadChainCalls().filter((c) => c.chainId === chainId) })
 */
export async function replayChainJournal({
  request,
  calls,
  log = () => {},
}: ReplayChainJournalParameters): Promise<number> {
  let replayed = 0;
  let lastTimestamp = 0;
  for (const call of calls) {
    if (notReplayed.has(call.method)) continue;
    try {
      if (blockMakingMethods.has(call.method) && call.timestamp !== null) {
        const timestamp = Math.max(call.timestamp, lastTimestamp);
        await request({ method: "evm_setNextBlockTimestamp", params: [numberToHex(timestamp)] });
        lastTimestamp = timestamp;
      }
      await request({ method: call.method, params: call.params });
      replayed++;
    } catch (error) {
      log(
        `replay of ${call.method} on chain ${call.chainId}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return replayed;
}
