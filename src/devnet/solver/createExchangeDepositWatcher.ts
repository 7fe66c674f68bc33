import type { Address, Hex } from "viem";
import { exchangeRouteTypes, usdcAssetIndex } from "../exchange/constants.js";
import type { ExchangeLedger, ExchangeTransfer } from "../exchange/createExchangeLedger.js";
import type { RequestStore } from "../state/createRequestStore.js";
import { decideExchangeTransfer } from "./decideExchangeTransfer.js";
import { paidBeforeRestart } from "./paidBeforeRestart.js";

export type CreateExchangeDepositWatcherParameters = {
  ledger: ExchangeLedger;
  /** The exchange's chain id (3586256). */
  chainId: number;
  /** The solver's relayer account: withdrawals are transfers to it, refunds come from it. */
  relayer: { accountIndex: number; apiKey: string };
  store: RequestStore;
  /** Fills a `pending` request on its EVM destination (the solver's fill); resolves when done. */
  fill: (requestId: Hex) => Promise<void>;
  log: (message: string) => void;
  now?: (() => number) | undefined;
};

export type ExchangeDepositWatcher = {
  /** Resolves when every transfer handed over so far is processed. */
  idle: () => Promise<void>;
  /**
   * After a restart on a kept ledger: takes the transfers to the relayer that no request took yet
   * (the process ended between the two writes), each decided at the time it was made, and finishes
   * every `pending` request from the exchange. A request already paid (`hasPayout`: a fill on its
   * destination) or with a transfer back from the relayer (a refund) is left as it is and logged,
   * never paid twice.
   */
  restore: (parameters: { hasPayout: (requestId: Hex) => Promise<boolean> }) => void;
  stop: () => void;
};

/**
 * Watches the exchange ledger for withdrawals: a transfer to the relayer account whose `memo` is the
 * id of a waiting request from the exchange (`decideExchangeTransfer`) moves it to `pending` (the
 * transfer hash in `inTxHashes`) and the solver fills on the EVM destination; too little, another
 * asset or a late transfer is sent back in full from the relayer account to the request's
 * `refundTo` account (`refund`); an overpayment is filled and the excess sent back.
 *
 * @param parameters - {@link CreateExchangeDepositWatcherParameters}
 * @returns The watcher. {@link ExchangeDepositWatcher}
 * @example
 * const watcher = createExchangeDepositWatcher({ ledger, chainId: 3586256, relayer, store, fill: solver.fill, log })
 */
export function createExchangeDepositWatcher({
  ledger,
  chainId,
  relayer,
  store,
  fill,
  log,
  now = Date.now,
}: CreateExchangeDepositWatcherParameters): ExchangeDepositWatcher {
  let work: Promise<void> = Promise.resolve();

  /** Sends USDC-perp back from the relayer account; answers the transfer's hash. */
  const sendBack = (requestId: Hex, to: string, amount: bigint) =>
    ledger.transfer({
      apiKey: relayer.apiKey,
      request: {
        toAccountIndex: to,
        assetIndex: usdcAssetIndex,
        fromRouteType: exchangeRouteTypes.perp,
        toRouteType: exchangeRouteTypes.perp,
        amount,
        usdcFee: 0n,
        memo: requestId,
      },
    }).transfer;

  /** Whether a restored request was paid before the restart (then it is left, and logged). */
  const paidBefore = (requestId: Hex, hasPayout: (requestId: Hex) => Promise<boolean>) => {
    const back = ledger
      .getTransfersByMemo(requestId)
      .find((transfer) => transfer.fromAccountIndex === relayer.accountIndex);
    return paidBeforeRestart({
      requestId,
      bound: back && `exchange transfer ${back.transferId} from the relayer is bound to it`,
      hasPayout,
      store,
      log,
    });
  };

  const onTransfer = (
    transfer: ExchangeTransfer,
    restored?: { hasPayout: (requestId: Hex) => Promise<boolean> },
  ) => {
    if (transfer.fromAccountIndex === relayer.accountIndex) return;
    const taken = restored ? store.get(transfer.memo ?? "0x") : undefined;
    if (
      taken?.status === "pending" &&
      taken.deposit?.txHash === transfer.hash &&
      taken.txHashes.length === 0
    ) {
      // Taken before the restart, not finished: decided again as it was then.
      const decision = decideExchangeTransfer({
        transfer,
        relayerAccountIndex: relayer.accountIndex,
        request: { ...taken, status: "waiting", deposit: undefined },
        chainId,
        assetIndex: usdcAssetIndex,
        now: transfer.createdAt,
      });
      if (decision.type !== "ignore")
        work = work.then(async () => {
          if (!(await paidBefore(decision.requestId, restored?.hasPayout ?? (async () => false))))
            await carryOut(transfer, decision);
        });
      return;
    }
    if (taken?.deposit) return;
    const request = transfer.memo ? store.get(transfer.memo) : undefined;
    const decision = decideExchangeTransfer({
      transfer,
      relayerAccountIndex: relayer.accountIndex,
      request,
      chainId,
      assetIndex: usdcAssetIndex,
      now: restored ? transfer.createdAt : now(),
    });
    if (decision.type === "ignore") {
      if (transfer.toAccountIndex === relayer.accountIndex && !restored)
        log(`exchange transfer ${transfer.transferId} not taken: ${decision.reason}`);
      return;
    }
    const { requestId } = decision;
    store.transition(requestId, "pending", {
      inTxHashes: [transfer.hash],
      deposit: {
        chainId,
        txHash: transfer.hash,
        logIndex: 0,
        blockNumber: BigInt(transfer.transferId),
        from: String(transfer.fromAccountIndex) as Address,
        currency: String(transfer.assetIndex) as Address,
        amount: transfer.amount,
        id: requestId,
      },
    });
    work = work.then(() => carryOut(transfer, decision));
  };

  /** Refunds, or fills then sends any excess back. */
  const carryOut = async (
    transfer: ExchangeTransfer,
    decision: Exclude<ReturnType<typeof decideExchangeTransfer>, { type: "ignore" }>,
  ) => {
    const { requestId } = decision;
    const refundTo = store.get(requestId)?.refundTo as string;
    try {
      if (decision.type === "refund") {
        const refund = sendBack(requestId, refundTo, transfer.amount);
        store.transition(requestId, "refund", {
          failReason: decision.failReason,
          txHashes: [refund.hash],
          details: {
            refund: {
              chainId,
              txHash: refund.hash,
              amount: transfer.amount.toString(),
              recipient: refundTo,
            },
          },
        });
        return;
      }
      await fill(requestId);
      if (decision.excess > 0n && store.get(requestId)?.status === "success") {
        const excess = sendBack(requestId, refundTo, decision.excess);
        store.update(requestId, {
          details: {
            ...store.get(requestId)?.details,
            excessRefund: { chainId, txHash: excess.hash, amount: decision.excess.toString() },
          },
        });
      }
    } catch (error) {
      log(
        `exchange transfer ${transfer.transferId}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };

  const unsubscribe = ledger.onTransfer((transfer) => onTransfer(transfer));
  return {
    idle: () => work,
    stop: unsubscribe,
    restore({ hasPayout }) {
      for (const transfer of ledger.transfers()) onTransfer(transfer, { hasPayout });
    },
  };
}
