import type { Address, Hex } from "viem";
import { exchangeRouteTypes, usdcAssetIndex } from "../exchange/constants.js";
import type { ExchangeLedger, ExchangeTransfer } from "../exchange/createExchangeLedger.js";
import type { RequestStore } from "../state/createRequestStore.js";
import { decideExchangeTransfer } from "./decideExchangeTransfer.js";

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

  const onTransfer = (transfer: ExchangeTransfer) => {
    if (transfer.fromAccountIndex === relayer.accountIndex) return;
    const request = transfer.memo ? store.get(transfer.memo) : undefined;
    const decision = decideExchangeTransfer({
      transfer,
      relayerAccountIndex: relayer.accountIndex,
      request,
      chainId,
      assetIndex: usdcAssetIndex,
      now: now(),
    });
    if (decision.type === "ignore") {
      if (transfer.toAccountIndex === relayer.accountIndex)
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
    work = work.then(async () => {
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
    });
  };

  const unsubscribe = ledger.onTransfer(onTransfer);
  return { idle: () => work, stop: unsubscribe };
}
