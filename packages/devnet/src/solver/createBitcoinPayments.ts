import type { Hex } from "viem";
import type { BitcoinChain } from "../bitcoin/createBitcoinChain.js";
import type { BitcoinWallet } from "../bitcoin/deriveBitcoinWallet.js";
import { estimateWalletPaymentFee } from "../bitcoin/estimateWalletPaymentFee.js";
import { findBoundPayment } from "../bitcoin/findBoundPayment.js";
import { payFromBitcoinWallet } from "../bitcoin/payFromBitcoinWallet.js";
import { paymentRules } from "./decidePayment.js";
import type { ExternalChain } from "./solverContext.js";

export type CreateBitcoinPaymentsParameters = {
  chain: BitcoinChain;
  /** The solver's wallet, which pays. */
  wallet: BitcoinWallet;
  /** Aborts the wait for a payout's confirmation (the devnet stops). */
  signal: AbortSignal;
};

/**
 * The solver's adapter of the Bitcoin chain: every payment it makes there is a real segwit
 * transaction from its wallet with the request id bound by OP_RETURN (`payFromBitcoinWallet`). A
 * payout pays the request's recipient (`bc1…`) its `amountOut`, broadcast to the mempool
 * (`submitted`) and settled at its first confirmation (`success`); a payment back (a refund, an
 * excess) counts once in the mempool; an orphan's refund (`ORPHANED_DEPOSIT_REFUND`) pays back the
 * amount less the network fee of paying it (at the chain's fee rate), as no quote priced that fee. A payment from the wallet bound to a request is how a restart
 * finds what was paid. Payments on Bitcoin follow `paymentRules.bitcoin`.
 *
 * @param parameters - {@link CreateBitcoinPaymentsParameters}
 * @returns The adapter. {@link ExternalChain}
 * @example
 * createSolver({ ..., externalChains: new Map([[8253038, createBitcoinPayments({ chain, wallet, signal })]]) })
 */
export function createBitcoinPayments({
  chain,
  wallet,
  signal,
}: CreateBitcoinPaymentsParameters): ExternalChain {
  const pay = (requestId: Hex, to: string, amount: bigint) =>
    payFromBitcoinWallet({ chain, wallet, to, amount, requestId }).txid;
  return {
    rules: paymentRules.bitcoin,
    async payout(request) {
      const txid = pay(request.requestId, request.recipient, request.amountOut);
      return { txHash: txid, settled: waitForConfirmation(chain, txid, signal) };
    },
    payBack: async ({ requestId, to, amount, failReason }) => {
      // An orphan's refund pays its own network fee: its payer gets the amount less the fee.
      const sent =
        failReason === "ORPHANED_DEPOSIT_REFUND"
          ? amount - estimateWalletPaymentFee({ chain, wallet, to, amount, requestId })
          : amount;
      // Bitcoin txids are written as they are (64 hex digits), as the live service shows them.
      return { hash: pay(requestId, to, sent) as Hex, amount: sent };
    },
    find: (requestId) => findBoundPayment(chain, wallet, requestId)?.txid,
    follow: (txid) =>
      chain.getTransaction(txid) === undefined
        ? Promise.reject(new Error(`Bitcoin payout ${txid} is not on the chain`))
        : waitForConfirmation(chain, txid, signal),
  };
}

/** Resolves at the payment's first confirmation; rejects when the devnet stops first. */
function waitForConfirmation(chain: BitcoinChain, txid: string, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const confirmed = () => (chain.confirmations(txid) ?? 0) >= 1;
    if (confirmed()) return resolve();
    const onAbort = () => {
      off();
      reject(new Error(`the devnet stopped before Bitcoin payout ${txid} was confirmed`));
    };
    const off = chain.onBlock(() => {
      if (!confirmed()) return;
      off();
      signal.removeEventListener("abort", onAbort);
      resolve();
    });
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
