import type { Hex } from "viem";
import type { TransactionSender } from "../chains/createTransactionSender.js";
import { crashPoint } from "../crashPoint.js";
import type { RequestStore } from "../state/createRequestStore.js";
import type { Deposit, DevnetRequest } from "../state/types.js";
import type { DepositAddressTransfer } from "./createDepositAddressWatcher.js";
import { createOrphanQueue } from "./createOrphanQueue.js";
import { createWorkCounter } from "./createWorkCounter.js";
import { decidePayment, paymentRules, type TakenPaymentDecision } from "./decidePayment.js";
import { type KeptPayment, type RestoredPayment, restorePayments } from "./restorePayments.js";
import { resumeRequest } from "./resumeRequest.js";
import { settlePayment } from "./settlePayment.js";
import { createSolverContext, type ExternalChain, type SolverChain } from "./solverContext.js";
import { takePayment } from "./takePayment.js";
import { toDepositDecision } from "./toDepositDecision.js";

export type HandlePaymentOptions = {
  /**
   * Records the payment but leaves carrying it out to the caller (`settlePayment`): a Bitcoin
   * payment waits for its confirmations.
   */
  hold?: boolean | undefined;
};

export type Solver = {
  /**
   * Takes a payment into the solver, on any chain, through the one decision (`decidePayment`, with
   * its chain's rules): recorded at once (`takePayment`) and carried out (`settlePayment`, unless
   * `hold`). Answers the decision when the payment was taken now (undefined when a request already
   * took it). Never throws.
   */
  handlePayment: (payment: Deposit, options?: HandlePaymentOptions) => TakenPaymentDecision | undefined;
  /**
   * Carries out a taken payment's decision (`settlePayment`); `resumed` (after a restart): takes up
   * what its request had done before (`resumeRequest`: a payment on chain is recorded, never sent
   * twice). Never throws.
   */
  settlePayment: (payment: Deposit, decision: TakenPaymentDecision, options?: { resumed?: boolean }) => void;
  /**
   * After a restart on a kept Bitcoin chain or exchange ledger: its payments decided again as when
   * they came (`restorePayments`), for the caller to carry out.
   */
  restorePayments: (chainId: number, kept: readonly KeptPayment[]) => RestoredPayment[];
  /**
   * Takes up a request restored from a state directory whose processing a crash cut short
   * (`resumeRequest`, its steps chosen by `planResume`): a payment on chain that no status records is
   * recorded (with its webhook event), one that never went out is sent, a deposit's decision not yet
   * carried out is carried out; every deposited request reaches a final status. Never throws.
   */
  resume: (requestId: Hex) => void;
  /**
   * A transfer into a request's deposit address was seen, before the sweep: the request moves to
   * `depositing`, and its `depositAddress.depositTxHash` and `depositor` are the first transfer's
   * hash and sender (the interface: `depositTxHash` is "the depositor transfer into the deposit
   * address"; the live `/requests/v3` `user` filter matches "the deposit-address depositor").
   */
  handleDepositAddressTransfer: (transfer: DepositAddressTransfer) => void;
  /**
   * Refunds now every orphaned deposit whose window has passed by the solver's clock (each one's
   * timer does it too; `devnet.idle()` calls this first, so a test that moves the clock need not wait).
   */
  refundDueOrphans: () => void;
  /**
   * Resolves when every payment handed over so far is fully processed; an orphan held for its window
   * counts as processed (it is `pending`, its refund is to come).
   */
  idle: () => Promise<void>;
  /**
   * Like `idle`, but a payout recorded as sent to Bitcoin or the exchange and waiting for its
   * confirmation there is not waited for (nothing of the EVM chains or the records moves until then).
   */
  settled: () => Promise<void>;
};

export type CreateSolverParameters = {
  store: RequestStore;
  chains: ReadonlyMap<number, SolverChain>;
  /** The adapters of the devnet's non-EVM chains, by chain id (Bitcoin, the exchange). */
  externalChains?: ReadonlyMap<number, ExternalChain> | undefined;
  log: (message: string) => void;
  /** The clock, replaceable in tests. */
  now?: (() => number) | undefined;
  /**
   * Prices a request again for the whole `amount` received (EXACT_INPUT, the quote's app fees): an
   * open deposit address fills what arrives. Undefined when the amount does not cover the fees.
   */
  requote?: ((request: DevnetRequest, amount: bigint) => { amountOut: bigint } | undefined) | undefined;
  /**
   * The market's price now of a request's input and output (micro-USD per whole unit): a fill is
   * priced again at it within the quote's tolerance (`decideFillPrice`). None: fills are as quoted.
   */
  marketPrices?: ((request: DevnetRequest) => { in: bigint; out: bigint } | undefined) | undefined;
  /**
   * The fee sponsor's sender per chain: once a `subsidizeFees` request is filled, it pays the
   * sponsored part on the origin chain, or from Bitcoin or the exchange its worth on the EVM
   * destination (`sponsorPaymentOf`; the native currency to the solver, which fronts native fills; a
   * token to the depository, which holds token liquidity).
   */
  sponsors?: ReadonlyMap<number, TransactionSender> | undefined;
  /**
   * How long an orphaned deposit (`ORPHANED_DEPOSIT_REFUND`) waits, `pending`, before its refund, ms of
   * `now`. Default 0: at once.
   */
  orphanRefundDelayMs?: number | undefined;
  /**
   * Whether a wallet is screened out (the devnet's `WalletScreening`): a request whose recipient is
   * is not filled but refunded, `BLOCKED_WALLET`. Default: none is.
   */
  isBlocked?: ((wallet: string) => boolean) | undefined;
  /** Ends the waits of held orphans when the devnet stops. */
  signal?: AbortSignal | undefined;
};

/**
 * Creates the devnet solver: the executor of two pure decisions. `decidePayment` says what a payment
 * into the solver becomes, on every chain (fill, refund, a request of its own for a payment no quote
 * can take, or left for a stray on Bitcoin and the exchange); `decideFill` says
 * whether a fill goes out once the destination chain was read (liquidity, a simulation of the
 * destination calls, the ttl). The executor only carries them out: every status change goes through
 * the store's transition table, every refund goes to the request's `refundTo` (`planRefund`), and a
 * failure is always followed by one refund attempt. A fill is the `txs` calls then the payout
 * (`planFill`): `submitted` once sent, `success` once mined; a revert on chain is a `failure`
 * followed by a refund. An overpayment is filled as quoted and the excess refunded.
 *
 * The solver only wires its parts to one context (`createSolverContext`) and counts the work in
 * flight: `takePayment` then `settlePayment` (a payment: `fillRequest`, `fillExternal` for Bitcoin
 * and the exchange, `refundRequest`, `collectSponsorship`, `refundExcess`), `restorePayments` and
 * `resumeRequest` (after a restart: `readResumeFacts`, `planResume`, `carryOutResume`). Each chain's adapter
 * observes its payments (the EVM deposit indexer, the Bitcoin and exchange watchers) and moves its
 * own money (`payBack`, `ExternalChain`).
 *
 * @param parameters - {@link CreateSolverParameters}
 * @returns The solver. {@link Solver}
 * @example
 * const solver = createSolver({ store, chains, log: console.warn })
 * indexer = createDepositIndexer({ ..., onDeposit: (deposit) => solver.handlePayment(deposit) })
 */
export function createSolver({
  store,
  chains,
  externalChains = new Map(),
  log,
  now = Date.now,
  requote = () => undefined,
  marketPrices = () => undefined,
  sponsors = new Map(),
  orphanRefundDelayMs = 0,
  isBlocked,
  signal,
}: CreateSolverParameters): Solver {
  const work = createWorkCounter(log);
  const { track } = work;
  const orphans = createOrphanQueue({
    now,
    signal,
    onDue: (requestId) =>
      track(`orphan ${requestId}`, async () => {
        const request = store.get(requestId);
        const refunded = (request?.sent ?? []).some((payment) => payment.purpose === "refund");
        if (request?.status !== "pending" || !request.deposit || !request.decision || refunded) return;
        await settlePayment(context, request.deposit, requestId, request.decision);
      }),
  });
  const context = createSolverContext({
    store,
    chains,
    externalChains,
    log,
    now,
    requote,
    marketPrices,
    sponsors,
    orphanRefundDelayMs,
    isBlocked,
    holdOrphan: orphans.hold,
    park: work.park,
  });

  const settle: Solver["settlePayment"] = (payment, decision, { resumed = false } = {}) =>
    track(`payment ${payment.txHash} of ${payment.id}`, async () => {
      if (resumed) return resumeRequest(context, decision.requestId, toDepositDecision(decision));
      await settlePayment(context, payment, decision.requestId, toDepositDecision(decision));
    });

  return {
    handleDepositAddressTransfer({ watched, txHash, from }) {
      const request = store.get(watched.requestId);
      if (!request?.depositAddress || request.depositAddress.depositTxHash !== null) return;
      const depositAddress = { ...request.depositAddress, depositor: from, depositTxHash: txHash };
      if (request.status === "waiting") store.transition(request.requestId, "depositing", { depositAddress });
      else store.update(request.requestId, { depositAddress });
    },
    handlePayment(payment, { hold = false } = {}) {
      const what = `payment ${payment.txHash} on chain ${payment.chainId}`;
      try {
        const rules = externalChains.get(payment.chainId)?.rules ?? paymentRules.evm;
        const request = store.findByDepositId(payment.id);
        const decision = decidePayment({ payment, request, rules, now: now() });
        if (!takePayment(context, payment, decision)) return undefined;
        crashPoint("deposit-taken", decision.type);
        if (!hold) settle(payment, decision);
        return decision;
      } catch (error) {
        log(`${what}: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }
    },
    settlePayment: settle,
    restorePayments(chainId, kept) {
      const adapter = externalChains.get(chainId);
      return adapter ? restorePayments(context, { chainId, adapter }, kept) : [];
    },
    resume(requestId) {
      track(`restored request ${requestId}`, () => resumeRequest(context, requestId));
    },
    refundDueOrphans: orphans.release,
    idle: work.idle,
    settled: work.settled,
  };
}
