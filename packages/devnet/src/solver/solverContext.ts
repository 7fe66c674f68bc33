import type { Hex } from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import type { TransactionSender } from "../chains/createTransactionSender.js";
import type { DevnetContracts } from "../chains/deployDevnetContracts.js";
import { DevnetChainNotFoundError } from "../errors.js";
import type { RequestStore } from "../state/createRequestStore.js";
import type { DevnetRequest, RequestDetails } from "../state/types.js";
import type { PaymentRules } from "./decidePayment.js";

/** What the solver needs of one chain. */
export type SolverChain = {
  chainId: number;
  request: ChainRequest;
  sender: TransactionSender;
  contracts: DevnetContracts;
};

/**
 * The solver's adapter of a chain that is not one of the devnet's EVM chains (Bitcoin, the
 * exchange): how the one decision treats its payments, and its own money movement for what the solver
 * pays there. Its watcher observes the payments (`createBitcoinDepositWatcher`,
 * `createExchangeDepositWatcher`).
 */
export type ExternalChain = {
  /** How the one decision (`decidePayment`) treats payments on this chain. */
  rules: PaymentRules;
  /**
   * Pays a request's output to its recipient here: answers the hash (`submitted`) and a promise that
   * settles once it is final (`success`) or rejects (`failure`, then a refund). Throws before sending
   * when it cannot pay (no liquidity).
   */
  payout: (request: DevnetRequest) => Promise<{ txHash: string; settled: Promise<void> }>;
  /**
   * Sends an amount back here, bound to the request (a refund, an excess; `failReason`, a refund's):
   * answers the hash once sent and the amount sent (on Bitcoin an orphan's refund pays its own network
   * fee: the amount less it).
   */
  payBack: (parameters: {
    requestId: Hex;
    to: string;
    amount: bigint;
    failReason?: string | undefined;
  }) => Promise<{ hash: Hex; amount: bigint }>;
  /**
   * The hash of a payment from the solver here bound to the request (a payout or a payment back), if
   * one was sent: how a restart tells what was paid.
   */
  find: (requestId: Hex) => string | undefined;
  /** Resolves once the payment of that hash is final; rejects when it is unknown or never will be. */
  follow: (txHash: string) => Promise<void>;
};

/** What every part of the solver works with: its settings (defaults filled in) and the store's helpers. */
export type SolverContext = {
  store: RequestStore;
  chains: ReadonlyMap<number, SolverChain>;
  /** The adapters of the devnet's non-EVM chains, by chain id (Bitcoin, the exchange). */
  externalChains: ReadonlyMap<number, ExternalChain>;
  log: (message: string) => void;
  /** The clock. */
  now: () => number;
  /** Prices a request again for the whole amount received; undefined when it does not cover the fees. */
  requote: (request: DevnetRequest, amount: bigint) => { amountOut: bigint } | undefined;
  /**
   * The market's price now of a request's input and output, micro-USD per whole unit (a fill is
   * priced again at it, `decideFillPrice`); undefined when a currency has no price (filled as quoted).
   */
  marketPrices: (request: DevnetRequest) => { in: bigint; out: bigint } | undefined;
  /** The fee sponsor's sender per chain. */
  sponsors: ReadonlyMap<number, TransactionSender>;
  /** How long an orphaned deposit waits before its refund, ms of `now` (`holdOrphanRefund`). */
  orphanRefundDelayMs: number;
  /** Whether a wallet is screened out (`WalletScreening.isBlocked`); none is without it. */
  isBlocked?: ((wallet: string) => boolean) | undefined;
  /** Asks the solver to carry out a held orphan's refund once `dueAt` (ms of `now`) has come. */
  holdOrphan: (requestId: Hex, dueAt: number) => void;
  /** Marks a wait for another chain's confirmation of a recorded payment (`WorkCounter.park`). */
  park: <value>(waiting: Promise<value>) => Promise<value>;
  /** The chain of that id; throws `DevnetChainNotFoundError` when the solver has none. */
  chainOf: (chainId: number) => SolverChain;
  /** The request as the store holds it now (records are replaced on every change). */
  current: (requestId: Hex) => DevnetRequest;
  /** Adds to the request's details without a status change. */
  addDetails: (requestId: Hex, details: RequestDetails) => void;
};

export type CreateSolverContextParameters = Omit<SolverContext, "chainOf" | "current" | "addDetails">;

/**
 * Creates what the solver's parts share: the settings they read and three helpers over the store and
 * the chains (`chainOf`, `current`, `addDetails`).
 *
 * @param parameters - {@link CreateSolverContextParameters}
 * @returns The context. {@link SolverContext}
 * @example
 * const context = createSolverContext({ store, chains, externalChains: new Map(), log, now: Date.now, requote, sponsors: new Map(), orphanRefundDelayMs: 0, holdOrphan: () => {}, park: (waiting) => waiting })
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
