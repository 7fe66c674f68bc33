import { type Hex, hexToNumber } from "viem";
import type { ArchiveMethods } from "../state/prepareArchiveMethods.js";
import { answerFromArchive, archivedMethods } from "./answerFromArchive.js";
import { archiveNewBlocks } from "./archiveNewBlocks.js";
import type { ChainRequest } from "./createDevnetChains.js";

export type WithChainArchiveParameters = {
  chainId: number;
  /** The request function everything else uses (journaled): calls that are not history go to it. */
  request: ChainRequest;
  /** The chain's own request function: the archive reads new blocks with it. */
  raw: ChainRequest;
  archive: ArchiveMethods;
  log?: ((message: string) => void) | undefined;
};

export type WithChainArchiveReturnType = {
  request: ChainRequest;
  /** Archives every block the chain has mined so far (`archiveNewBlocks`); resolves once done. */
  catchUp: () => Promise<void>;
};

/** Calls that change the chain: none runs while the archive reads new blocks. */
const changesChain = (method: string) =>
  method.startsWith("eth_send") || method.startsWith("evm_") || method.startsWith("hardhat_");

/** The block number of a live transaction or receipt, when it has one. */
const blockOf = (result: unknown) => {
  const number = (result as { blockNumber?: unknown } | null)?.blockNumber;
  return typeof number === "string" ? hexToNumber(number as Hex) : undefined;
};

/**
 * Serves a chain's history from the state database's block archive, so that it is one history
 * across restarts: a restart rebuilds the chain's state (snapshot and journal) but not its blocks,
 * whose hashes and contents would differ. Every block the chain mines is archived, as served, before
 * anything about it is answered: a history read ({@link archivedMethods}) first archives the blocks
 * mined since the last one (`archiveNewBlocks`), then is answered from the archive
 * (`answerFromArchive`); the chain answers only the pending block and transactions the archive does
 * not hold (pending ones). Archiving waits for the calls that change the chain in flight (and holds
 * new ones back): a transaction is in the journal before its block is archived, so a restart
 * rebuilds what the archive shows. An `evm_revert` drops the archived blocks it took off the chain.
 * Other calls pass through.
 *
 * @param parameters - {@link WithChainArchiveParameters}
 * @returns The request function, and `catchUp`. {@link WithChainArchiveReturnType}
 * @example
 * const { request } = withChainArchive({ chainId, request: journaled, raw: chain.request, archive: state })
 */
export function withChainArchive({
  chainId,
  request,
  raw,
  archive,
  log,
}: WithChainArchiveParameters): WithChainArchiveReturnType {
  const head = () => archive.archivedChainHead(chainId) ?? -1;
  /** Calls that change the chain, in flight; who waits for there to be none. */
  let inFlight = 0;
  const drained: (() => void)[] = [];
  /** Set while the archive reads new blocks: calls that change the chain wait for it. */
  let gate: Promise<void> | undefined;
  let running: Promise<number> | undefined;

  const archiveOnce = async () => {
    let open = () => {};
    gate = new Promise<void>((resolve) => (open = resolve));
    try {
      if (inFlight > 0) await new Promise<void>((resolve) => drained.push(resolve));
      const through = hexToNumber((await raw({ method: "eth_blockNumber" })) as Hex);
      return await archiveNewBlocks({ chainId, request: raw, archive, through, log });
    } finally {
      gate = undefined;
      open();
    }
  };
  const catchUp = async () => {
    const live = hexToNumber((await raw({ method: "eth_blockNumber" })) as Hex);
    while (head() < live) {
      // One archiving at a time; one started before this call may stop short of `live`: go again.
      const ours = running === undefined;
      running ??= archiveOnce().finally(() => (running = undefined));
      // The chain has no block past its head: nothing more to wait for.
      if ((await running) === 0 && ours) return;
    }
  };
  const change: ChainRequest = async (args) => {
    while (gate) await gate;
    inFlight++;
    try {
      const result = await request(args);
      // A revert takes blocks off the chain: the archive forgets them too, the chain mines new ones.
      if (args.method === "evm_revert" && result === true)
        archive.dropArchivedBlocksAfter(
          chainId,
          hexToNumber((await raw({ method: "eth_blockNumber" })) as Hex),
        );
      return result;
    } finally {
      inFlight--;
      if (inFlight === 0) for (const resolve of drained.splice(0)) resolve();
    }
  };
  const history: ChainRequest = async (args) => {
    const ask = () =>
      answerFromArchive({ chainId, archive, head: head(), method: args.method, params: args.params ?? [] });
    await catchUp();
    const answer = head() < 0 ? undefined : ask();
    if (answer) return answer.result;
    const result = await request(args);
    const number = blockOf(result);
    if (number === undefined || number <= head()) return result;
    // Mined since the catch-up: archive its block, then answer as the archive does.
    await catchUp();
    return ask()?.result ?? result;
  };
  return {
    request: (args) =>
      archivedMethods.has(args.method)
        ? history(args)
        : changesChain(args.method)
          ? change(args)
          : request(args),
    catchUp,
  };
}
