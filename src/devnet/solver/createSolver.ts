import type { Hex } from "viem";
import type { TransactionSender } from "../chains/createTransactionSender.js";
import type { RequestStore } from "../state/createRequestStore.js";
import type { Deposit, DevnetRequest } from "../state/types.js";
import type { DepositAddressTransfer } from "./createDepositAddressWatcher.js";
import { fillRequest } from "./fillRequest.js";
import { hasPayout } from "./hasPayout.js";
import { processDeposit } from "./processDeposit.js";
import { resumeRequest } from "./resumeRequest.js";
import {
  createSolverContext,
  type ExternalFollower,
  type ExternalPayout,
  type SolverChain,
} from "./solverContext.js";

export type Solver = {
  /** Takes an indexed deposit through the state machine (fill, or refund); never throws. */
  handleDeposit: (deposit: Deposit) => void;
  /**
   * Takes up a request restored from a state directory whose processing a crash cut short: a
   * `submitted` fill whose transactions are all on chain ends in `success` (or `failure` and a refund
   * if one reverted); a `pending` quoted request with no transaction yet and no payout on chain is
   * filled. Anything that may already have moved money (a refund, destination calls, a fill cut
   * between two transactions) is left as it is and logged: never paid twice. Never throws.
   */
  resume: (requestId: Hex) => void;
  /**
   * Whether a payout for the request is already out: a `DevnetFill` for it on its EVM destination,
   * or a payment bound to it on an external destination (`externalFollowers`).
   */
  hasPayout: (requestId: Hex) => Promise<boolean>;
  /**
   * A transfer into a request's deposit address was seen, before the sweep: the request moves to
   * `depositing` and its `depositAddress.depositTxHash` is set (the first transfer's).
   */
  handleDepositAddressTransfer: (transfer: DepositAddressTransfer) => void;
  /**
   * Fills a `pending` request whose deposit was taken elsewhere (a Bitcoin deposit, once confirmed):
   * `decideFill`, the payout, `submitted` then `success` (or `failure` and a refund). Resolves when
   * done; never rejects.
   */
  fill: (requestId: Hex) => Promise<void>;
  /** Resolves when every deposit handed over so far is fully processed. */
  idle: () => Promise<void>;
};

export type CreateSolverParameters = {
  store: RequestStore;
  chains: ReadonlyMap<number, SolverChain>;
  /** Payouts to the devnet's non-EVM destinations, by chain id (Bitcoin, the exchange). */
  externalPayouts?: ReadonlyMap<number, ExternalPayout> | undefined;
  /** How to find and follow a payout already sent on those destinations, by chain id (restarts). */
  externalFollowers?: ReadonlyMap<number, ExternalFollower> | undefined;
  log: (message: string) => void;
  /** The clock, replaceable in tests. */
  now?: (() => number) | undefined;
  /**
   * Prices a request again for the whole `amount` received (EXACT_INPUT, the quote's app fees): an
   * open deposit address fills what arrives. Undefined when the amount does not cover the fees.
   */
  requote?: ((request: DevnetRequest, amount: bigint) => { amountOut: bigint } | undefined) | undefined;
  /**
   * The fee sponsor's sender per chain: once a `subsidizeFees` request is filled, it pays the
   * sponsored part on the origin chain (the native currency to the solver, which fronts native
   * fills; a token to the depository, which holds token liquidity).
   */
  sponsors?: ReadonlyMap<number, TransactionSender> | undefined;
};

/**
 * Creates the devnet solver: the executor of two pure decisions. `decideDeposit` says what a deposit
 * becomes (fill, refund, or a request of its own for a deposit no quote can take); `decideFill` says
 * whether a fill goes out once the destination chain was read (liquidity, a simulation of the
 * destination calls, the ttl). The executor only carries them out: every status change goes through
 * the store's transition table, every refund goes to the request's `refundTo` (`planRefund`), and a
 * failure is always followed by one refund attempt. A fill is the `txs` calls then the payout
 * (`planFill`): `submitted` once sent, `success` once mined; a revert on chain is a `failure`
 * followed by a refund. An overpayment is filled as quoted and the excess refunded.
 *
 * The solver only wires its parts to one context (`createSolverContext`) and counts the work in
 * flight: `processDeposit` (a deposit), `fillRequest` (a fill, `fillExternal` for Bitcoin and the
 * exchange), `refundRequest`, `collectSponsorship`, `resumeRequest` (after a restart), `hasPayout`.
 *
 * @param parameters - {@link CreateSolverParameters}
 * @returns The solver. {@link Solver}
 * @example
 * const solver = createSolver({ store, chains, log: console.warn })
 * indexer = createDepositIndexer({ ..., onDeposit: solver.handleDeposit })
 */
/**
 * Creates the devnet solver: the executor of two pure decisions. `decideDeposit` says what a deposit
 * becomes (fill, refund, or a request of its own for a deposit no quote can take); `decideFill` says
 * whether a fill goes out once the destination chain was read (liquidity, a simulation of the
 * destination calls, the ttl). The executor only carries them out: every status change goes through
 * the store's transition table, every refund goes to the request's `refundTo` (`planRefund`), and a
 * failure is always followed by one refund attempt. A fill is the `txs` calls then the payout
 * (`planFill`): `submitted` once sent, `success` once mined; a revert on chain is a `failure`
 * followed by a refund. An overpayment is filled as quoted and the excess refunded.
 *
 * The solver only wires its parts to one context (`createSolverContext`) and counts the work in
 * flight: `processDeposit` (a deposit), `fillRequest` (a fill, `fillExternal` for Bitcoin and the
 * exchange), `refundRequest`, `collectSponsorship`, `resumeRequest` (after a restart), `hasPayout`.
 *
 * @param parameters - {@link CreateSolverParameters}
 * @returns The solver. {@link Solver}
 * @example
 * const solver = createSolver({ store, chains, log: console.warn })
 * indexer = createDepositIndexer({ ..., onDeposit: solver.handleDeposit })
 */
export function createSolver({
  store,
  chains,
  externalPayouts,
  externalFollowers = new Map(),
  log,
  now = Date.now,
  requote = () => undefined,
  sponsors = new Map(),
}: CreateSolverParameters): Solver {
  const context = createSolverContext({
    store,
    chains,
    externalPayouts,
    externalFollowers,
    log,
    now,
    requote,
    sponsors,
  });
  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];

  /** Runs one piece of work, counted by `idle`; logs what it throws. */
  const track = (what: string, work: () => Promise<void>) => {
    inFlight++;
    work()
      .catch((error) => log(`${what}: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        inFlight--;
        if (inFlight === 0) {
          const waiters = idleWaiters;
          idleWaiters = [];
          for (const resolve of waiters) resolve();
        }
      });
  };

  return {
    handleDepositAddressTransfer({ watched, txHash }) {
      const request = store.get(watched.requestId);
      if (!request?.depositAddress || request.depositAddress.depositTxHash !== null) return;
      const depositAddress = { ...request.depositAddress, depositTxHash: txHash };
      if (request.status === "waiting") store.transition(request.requestId, "depositing", { depositAddress });
      else store.update(request.requestId, { depositAddress });
    },
    handleDeposit(deposit) {
      track(`deposit ${deposit.txHash} of ${deposit.id}`, () => processDeposit(context, deposit));
    },
    resume(requestId) {
      track(`restored request ${requestId}`, () => resumeRequest(context, requestId));
    },
    hasPayout: (requestId) => hasPayout(context, requestId),
    fill(requestId) {
      return new Promise((resolve) =>
        track(`fill of ${requestId}`, () => fillRequest(context, requestId).finally(() => resolve())),
      );
    },
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve))),
  };
}
