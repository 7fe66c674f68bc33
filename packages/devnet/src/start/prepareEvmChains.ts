import { createTransactionSender, type TransactionSender } from "../chains/createTransactionSender.js";
import type { DevnetContracts } from "../chains/deployDevnetContracts.js";
import type { DevnetBoot } from "./bootDevnet.js";
import { restoreOrDeployContracts } from "./restoreOrDeployContracts.js";

/** The EVM chains ready for the solver: its senders, and the contracts on each chain. */
export type PrepareEvmChainsReturnType = {
  /** The solver's sender per chain, origin first. */
  senders: TransactionSender[];
  /** How often a sender polls for a receipt, ms: a quarter block with interval mining, at least 10. */
  receiptPollMs: number;
  /** The contracts per chain, origin first. */
  contracts: DevnetContracts[];
};

/**
 * Makes the EVM chains ready: a transaction sender of the solver's per chain, the contracts
 * deployed on a first run or taken back from the state (`restoreOrDeployContracts`), then interval
 * mining switched on when a block time is set (after the deployment, which mines at once).
 *
 * @param boot - What the start fixed so far. {@link DevnetBoot}
 * @returns The senders and the contracts. {@link PrepareEvmChainsReturnType}
 * @example
 * const { senders, receiptPollMs, contracts } = await prepareEvmChains(boot)
 */
export async function prepareEvmChains(boot: DevnetBoot): Promise<PrepareEvmChainsReturnType> {
  const { settings, state, stored, rawChains, chains, chainIds, genesisMs, resources } = boot;
  const { blockTimeMs, log } = settings;
  const receiptPollMs = blockTimeMs === undefined ? 10 : Math.max(10, Math.floor(blockTimeMs / 4));
  const senders = chains.map((chain) =>
    createTransactionSender({
      chainId: chain.chainId,
      request: chain.request,
      account: boot.solverAccount,
      signal: resources.stopController.signal,
      receiptPollMs,
    }),
  );
  const contracts = await restoreOrDeployContracts({
    state,
    stored,
    rawChains,
    chains,
    senders,
    sponsor: boot.sponsorAccount.address,
    chainIds,
    genesisMs,
    log,
  });
  if (blockTimeMs !== undefined) for (const chain of chains) await chain.setIntervalMining(blockTimeMs);
  return { senders, receiptPollMs, contracts };
}
