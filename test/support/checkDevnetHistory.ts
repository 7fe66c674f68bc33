// "One history per chain", asked of a running devnet after a test: each EVM chain's blocks,
// transactions, receipts and logs agree (`checkChainHistory` over its public JSON-RPC, in batches),
// checked for the blocks mined since the last check only, so it stays cheap after every test.
import { checkChainHistory } from "../../packages/devnet/src/invariant/checkChainHistory.js";
import type { DevnetInfo } from "../../packages/devnet/src/start/createDevnetInfo.js";
import { createBatchedRpc } from "./batchedRpc.js";

/** Most blocks of a chain one check reads: the newest ones since the last check (interval mining mines many empty ones). */
const defaultMaxBlocks = 200;

/**
 * Makes a checker of a devnet's chain histories that remembers, per chain, the last block it
 * checked: each call checks the blocks mined since (at most `maxBlocks`, the newest) and throws an
 * error listing every violation.
 *
 * @param maxBlocks - Most blocks per chain per call. Default 200.
 * @returns The checker: call it with the devnet's info; answers the blocks, transactions and logs it checked.
 * @example
 * const checkHistory = createHistoryChecker()
 * afterEach(() => checkHistory(devnet.info))
 */
export function createHistoryChecker(maxBlocks = defaultMaxBlocks) {
  const checked = new Map<number, number>();
  return async (info: DevnetInfo) => {
    const results = await Promise.all(
      info.chains.map(async ({ chainId, rpcUrl }) => {
        const request = createBatchedRpc(rpcUrl);
        const head = Number(await request({ method: "eth_blockNumber" }));
        const fromBlock = Math.max((checked.get(chainId) ?? -1) + 1, head - maxBlocks + 1);
        const result = await checkChainHistory({ request, fromBlock, toBlock: head, concurrency: 100 });
        checked.set(chainId, head);
        return {
          ...result,
          violations: result.violations.map((violation) => `chain ${chainId}: ${violation}`),
        };
      }),
    );
    const violations = results.flatMap((result) => result.violations);
    if (violations.length > 0)
      throw new Error(`The chains' history is not one history:\n${violations.join("\n")}`);
    const sum = (key: "blocks" | "transactions" | "logs") =>
      results.reduce((total, result) => total + result[key], 0);
    return { blocks: sum("blocks"), transactions: sum("transactions"), logs: sum("logs") };
  };
}
