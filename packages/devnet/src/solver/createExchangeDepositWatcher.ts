import type { ExchangeLedger, ExchangeTransfer } from "../exchange/createExchangeLedger.js";
import type { Solver } from "./createSolver.js";
import { observeExchangeTransfer } from "./observeExchangeTransfer.js";

export type CreateExchangeDepositWatcherParameters = {
  ledger: ExchangeLedger;
  /** The exchange's chain id (3586256). */
  chainId: number;
  /** The solver's relayer account index: withdrawals are transfers to it. */
  relayerAccountIndex: number;
  /** The solver: it decides each payment and carries it out. */
  solver: Pick<Solver, "handlePayment" | "settlePayment" | "restorePayments">;
};

export type ExchangeDepositWatcher = {
  /**
   * After a restart on a kept ledger: every transfer to the relayer is decided again as when it was
   * made (`solver.restorePayments`): those no request took yet are taken, and the `pending`
   * requests' transfers are carried out unless paid before the restart (never paid twice).
   */
  restore: () => void;
  stop: () => void;
};

/**
 * Watches the exchange ledger for payments into the solver, the exchange adapter's observing half
 * (`observeExchangeTransfer`): every transfer to the relayer account goes through the solver's one
 * decision at once (`pending`, the transfer hash in `inTxHashes`): one whose `memo` names a request
 * from the exchange is filled on its EVM destination or sent back from the relayer account
 * (`createExchangePayments`); one that names none (no memo, an id no quote has) is an orphan, sent
 * back to its sender after the orphan window.
 *
 * @param parameters - {@link CreateExchangeDepositWatcherParameters}
 * @returns The watcher. {@link ExchangeDepositWatcher}
 * @example
 * const watcher = createExchangeDepositWatcher({ ledger, chainId: 3586256, relayerAccountIndex: 1000, solver })
 */
export function createExchangeDepositWatcher({
  ledger,
  chainId,
  relayerAccountIndex,
  solver,
}: CreateExchangeDepositWatcherParameters): ExchangeDepositWatcher {
  const observe = (transfer: ExchangeTransfer) =>
    observeExchangeTransfer({ transfer, chainId, relayerAccountIndex });
  const unsubscribe = ledger.onTransfer((transfer) => {
    const observed = observe(transfer);
    if (observed?.type === "payment") solver.handlePayment(observed.payment);
  });
  return {
    stop: unsubscribe,
    restore() {
      const kept = ledger.transfers().flatMap((transfer) => {
        const observed = observe(transfer);
        return observed?.type === "payment"
          ? [{ payment: observed.payment, seenAt: transfer.createdAt }]
          : [];
      });
      for (const { payment, decision, resumed } of solver.restorePayments(chainId, kept))
        solver.settlePayment(payment, decision, { resumed });
    },
  };
}
