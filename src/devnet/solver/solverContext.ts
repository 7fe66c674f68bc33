import type { Hex } from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import type { TransactionSender } from "../chains/createTransactionSender.js";
import type { DevnetContracts } from "../chains/deployDevnetContracts.js";
import { DevnetChainNotFoundError } from "../errors.js";
import type { RequestStore } from "../state/createRequestStore.js";
import type { DevnetRequest } from "../state/types.js";

/** What the solver needs of one chain. */
export type SolverChain = {
  chainId: number;
  request: ChainRequest;
  sender: TransactionSender;
  contracts: DevnetContracts;
};

/**
 * A payout on a chain that is not an EVM chain of the devnet (Bitcoin, the exchange): sends it and
 * answers its transaction hash (`submitted`) and a promise that settles once it is final (`success`)
 * or rejects (`failure`, then a refund). Throws before sending when it cannot pay (no liquidity).
 */
export type ExternalPayout = (request: DevnetRequest) => Promise<{ txHash: string; settled: Promise<void> }>;

/** Finds and follows a payout already sent to a non-EVM destination (after a restart). */
export type ExternalFollower = {
  /** The hash of a payment from the solver bound to the request, if one was sent. */
  find: (request: DevnetRequest) => string | undefined;
  /** Resolves once the payment of that hash is final; rejects when it is unknown or never will be. */
  follow: (txHash: string) => Promise<void>;
};

/** What every part of the solver works with: its settings (defaults filled in) and the store's helpers. */
export type SolverContext = {
  store: RequestStore;
  chains: ReadonlyMap<number, SolverChain>;
  /** Payouts to the devnet's non-EVM destinations, by chain id (Bitcoin, the exchange). */
  externalPayouts: ReadonlyMap<number, ExternalPayout> | undefined;
  /** How to find and follow a payout already sent on those destinations, by chain id (restarts). */
  externalFollowers: ReadonlyMap<number, ExternalFollower>;
  log: (message: string) => void;
  /** The clock. */
  now: () => number;
  /** Prices a request again for the whole amount received; undefined when it does not cover the fees. */
  requote: (request: DevnetRequest, amount: bigint) => { amountOut: bigint } | undefined;
  /** The fee sponsor's sender per chain. */
  sponsors: ReadonlyMap<number, TransactionSender>;
  /** The chain of that id; throws `DevnetChainNotFoundError` when the solver has none. */
  chainOf: (chainId: number) => SolverChain;
  /** The request as the store holds it now (records are replaced on every change). */
  current: (requestId: Hex) => DevnetRequest;
  /** Adds to the request's details without a status change. */
  addDetails: (requestId: Hex, details: Record<string, unknown>) => void;
};

export type CreateSolverContextParameters = Omit<SolverContext, "chainOf" | "current" | "addDetails">;

/**
 * Creates what the solver's parts share: the settings they read and three helpers over the store and
 * the chains (`chainOf`, `current`, `addDetails`).
 *
 * @param parameters - {@link CreateSolverContextParameters}
 * @returns The context. {@link SolverContext}
 * @example
 * const context = createSolverContext({ store, chains, externalPayouts: undefined, externalFollowers: new Map(), log, now: Date.now, requote, sponsors: new Map() })
 * context.chainOf(31337).sender.address
 */
export function createSolverContext(parameters: CreateSolverContextParameters): SolverContext {
  const { store, chains } = parameters;
  const current = (requestId: Hex): DevnetRequest => store.get(requestId) as DevnetRequest;
  return {
    ...parameters,
    chainOf(chainId) {
      const chain = chains.get(chainId);
      if (!chain) throw new DevnetChainNotFoundError({ chainId, chainIds: [...chains.keys()] });
      return chain;
    },
    current,
    addDetails(requestId, details) {
      store.update(requestId, { details: { ...current(requestId).details, ...details } });
    },
  };
}
