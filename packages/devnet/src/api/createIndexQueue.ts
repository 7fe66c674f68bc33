import type { Hex } from "viem";
import type { DepositIndexer } from "../solver/createDepositIndexer.js";

/** The chains a queue can index: each chain's indexer. */
type QueueChain = { chainId: number; indexer: Pick<DepositIndexer, "indexTransaction"> };

export type IndexQueue = {
  /**
   * Queues a transaction that is not in a block yet: it is indexed once it is. False when the queue
   * is full (the caller asks again later); a transaction already queued stays queued once.
   */
  add: (chainId: number, txHash: Hex) => boolean;
  /** Transactions waiting for their block. */
  size: () => number;
  /** Checks every queued transaction now (also runs on a timer). Concurrent calls share one pass. */
  check: () => Promise<void>;
  stop: () => void;
};

export type CreateIndexQueueParameters = {
  chains: ReadonlyMap<number, QueueChain>;
  /** Time between checks. Default 100 ms. */
  pollMs?: number | undefined;
  /** Most transactions waiting at once. Default 1,000. */
  maxPending?: number | undefined;
  /** How long a transaction may wait for its block before it is dropped. Default 10 minutes. */
  maxAgeMs?: number | undefined;
  now?: (() => number) | undefined;
  log?: ((message: string) => void) | undefined;
};

/**
 * Creates the queue of `POST /transactions/index` calls made before their transaction was mined
 * (interval mining): like the live service, the call is accepted, and the transaction is indexed
 * once it is in a block. Bounded: at most `maxPending` transactions wait, each at most `maxAgeMs`
 * (a transaction dropped from the mempool is forgotten then, and the periodic scan of the
 * depository still sees any deposit it makes later).
 *
 * @param parameters - {@link CreateIndexQueueParameters}
 * @returns The queue. {@link IndexQueue}
 * @example
 * const queue = createIndexQueue({ chains })
 * if (!queue.add(31337, txHash)) throw new Error("queue full")
 */
export function createIndexQueue({
  chains,
  pollMs = 100,
  maxPending = 1_000,
  maxAgeMs = 600_000,
  now = Date.now,
  log = () => {},
}: CreateIndexQueueParameters): IndexQueue {
  const pending = new Map<string, { chainId: number; txHash: Hex; queuedAt: number }>();
  let checking: Promise<void> | undefined;
  let stopped = false;

  const checkOnce = async () => {
    for (const [key, entry] of [...pending]) {
      if (stopped) return;
      if (now() - entry.queuedAt > maxAgeMs) {
        pending.delete(key);
        log(
          `index queue: ${entry.txHash} on chain ${entry.chainId} not mined within ${maxAgeMs} ms, dropped`,
        );
        continue;
      }
      const chain = chains.get(entry.chainId);
      if (!chain) {
        pending.delete(key);
        continue;
      }
      try {
        if ((await chain.indexer.indexTransaction(entry.txHash)) !== null) pending.delete(key);
      } catch (error) {
        if (!stopped)
          log(`index queue: ${entry.txHash}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  const check = () => {
    if (!checking)
      checking = checkOnce().finally(() => {
        checking = undefined;
      });
    return checking;
  };
  const timer = setInterval(() => {
    if (pending.size > 0) void check();
  }, pollMs);
  timer.unref();

  return {
    add(chainId, txHash) {
      if (stopped) return false;
      const key = `${chainId}:${txHash.toLowerCase()}`;
      if (pending.has(key)) return true;
      if (pending.size >= maxPending) return false;
      pending.set(key, { chainId, txHash, queuedAt: now() });
      return true;
    },
    size: () => pending.size,
    check,
    stop() {
      stopped = true;
      clearInterval(timer);
      pending.clear();
    },
  };
}
