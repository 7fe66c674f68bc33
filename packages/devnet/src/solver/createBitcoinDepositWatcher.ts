import { bitcoinConfirmations } from "attestkit/chains";
import type { Hex } from "viem";
import type { BitcoinChain } from "../bitcoin/createBitcoinChain.js";
import type { BitcoinWallet } from "../bitcoin/deriveBitcoinWallet.js";
import { readChainTransactions } from "../bitcoin/readChainTransactions.js";
import type { BitcoinTransactionRecord } from "../bitcoin/types.js";
import type { RequestStore } from "../state/createRequestStore.js";
import type { Deposit } from "../state/types.js";
import type { Solver } from "./createSolver.js";
import type { TakenPaymentDecision } from "./decidePayment.js";
import { observeBitcoinPayment } from "./observeBitcoinPayment.js";
import { recordBitcoinDepositor } from "./recordBitcoinDepositor.js";
import { sweepBitcoinDeposit } from "./sweepBitcoinDeposit.js";

export type CreateBitcoinDepositWatcherParameters = {
  chain: BitcoinChain;
  /** The Bitcoin chain's id (8253038). */
  chainId: number;
  /** The solver's wallet: deposits pay its P2WPKH address. */
  solverWallet: BitcoinWallet;
  /** Satoshis above which a deposit waits for 2 confirmations instead of 1. */
  highValueThreshold: bigint;
  /** Deposit addresses of quotes (`useDepositAddress`): address -> request id; payments to them need no binding. */
  depositAddresses?: ReadonlyMap<string, Hex> | undefined;
  store: RequestStore;
  /** The solver: it decides and records each payment, and carries it out once confirmed. */
  solver: Pick<Solver, "handlePayment" | "settlePayment" | "restorePayments">;
  log: (message: string) => void;
};

export type BitcoinDepositWatcher = {
  /**
   * After a restart on a kept chain: every payment the chain holds is decided again as when the
   * chain first saw it (`solver.restorePayments`): those no request took yet are taken, and the
   * `pending` requests' payments wait for their confirmations again, then are carried out unless
   * paid before the restart (never paid twice).
   */
  restore: () => void;
  stop: () => void;
};

/**
 * Watches the devnet's Bitcoin chain for payments into the solver, the Bitcoin adapter's observing
 * half (`observeBitcoinPayment`): each is handed to the solver's one decision as soon as its
 * transaction is in the mempool, so its request moves to `pending` at once (the txid as
 * `inTxHashes`; a second payment for a request becomes a `DOUBLE_SPEND` request of its own, one that
 * names no Bitcoin quote an orphan, refunded to its payer after the orphan window). What
 * was decided is carried out once the transaction has 1 confirmation (2 above the high-value
 * threshold), refunds included: an unconfirmed payment is never filled nor paid back. The money
 * moves in BTC (`createBitcoinPayments`). The first payment into a request's deposit address sets
 * its `depositTxHash` and `depositor` (`recordBitcoinDepositor`).
 *
 * @param parameters - {@link CreateBitcoinDepositWatcherParameters}
 * @returns The watcher. {@link BitcoinDepositWatcher}
 * @example
 * const watcher = createBitcoinDepositWatcher({ chain, chainId: 8253038, solverWallet, highValueThreshold, store, solver, log })
 */
export function createBitcoinDepositWatcher({
  chain,
  chainId,
  solverWallet,
  highValueThreshold,
  depositAddresses = new Map(),
  store,
  solver,
  log,
}: CreateBitcoinDepositWatcherParameters): BitcoinDepositWatcher {
  /** Payments taken, waiting for their confirmations, by txid. */
  const awaiting = new Map<
    string,
    {
      payment: Deposit;
      decision: TakenPaymentDecision;
      resumed: boolean;
      confirmations: number;
      depositAddress: string | undefined;
    }
  >();
  const wait = (
    payment: Deposit,
    decision: TakenPaymentDecision,
    resumed: boolean,
    depositAddress: string | undefined,
  ) =>
    awaiting.set(payment.txHash, {
      payment,
      decision,
      resumed,
      confirmations: bitcoinConfirmations({ amount: payment.amount, highValueThreshold }),
      depositAddress,
    });

  const observe = (record: BitcoinTransactionRecord) => {
    const observed = observeBitcoinPayment({
      record,
      chainId,
      solverAddress: solverWallet.p2wpkhAddress,
      depositAddresses,
      // Another chain's quote names no payer here: its orphan goes back to the payment's first input.
      payerOf: (id) => {
        const request = store.findByDepositId(id);
        return request?.originChainId === chainId ? request.user : undefined;
      },
    });
    if (observed?.type === "payment" && observed.depositAddress)
      recordBitcoinDepositor({ store, requestId: observed.payment.id, record });
    return observed;
  };

  const onTransaction = (record: BitcoinTransactionRecord) => {
    const observed = observe(record);
    if (observed?.type !== "payment") return;
    const decision = solver.handlePayment(observed.payment, { hold: true });
    if (decision) wait(observed.payment, decision, false, observed.depositAddress);
    settle();
  };

  /**
   * Hands every payment that has its confirmations to the solver, its block recorded; a deposit
   * address's coins are first swept into the solver's wallet, which pays what follows.
   */
  const settle = () => {
    for (const [txid, { payment, decision, resumed, confirmations, depositAddress }] of awaiting) {
      if ((chain.confirmations(txid) ?? 0) < confirmations) continue;
      awaiting.delete(txid);
      const block = chain.getTransaction(txid)?.status;
      const request = store.get(decision.requestId);
      if (request?.deposit && block?.confirmed)
        store.update(decision.requestId, {
          deposit: { ...request.deposit, blockNumber: BigInt(block.blockHeight) },
        });
      const owner = depositAddress && depositAddresses.get(depositAddress);
      if (depositAddress && owner)
        sweepBitcoinDeposit({
          chain,
          store,
          depositAddress,
          requestId: owner,
          solverAddress: solverWallet.p2wpkhAddress,
          log,
        });
      solver.settlePayment(payment, decision, { resumed });
    }
  };

  const unsubscribes = [chain.onTransaction(onTransaction), chain.onBlock(() => settle())];
  return {
    restore() {
      const paidAddresses = new Map<string, string | undefined>();
      const kept = readChainTransactions(chain).flatMap((record) => {
        const observed = observe(record);
        if (observed?.type !== "payment") return [];
        paidAddresses.set(observed.payment.txHash, observed.depositAddress);
        return [{ payment: observed.payment, seenAt: record.firstSeen }];
      });
      for (const { payment, decision, resumed } of solver.restorePayments(chainId, kept))
        wait(payment, decision, resumed, paidAddresses.get(payment.txHash));
      settle();
    },
    stop: () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    },
  };
}
