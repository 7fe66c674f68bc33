import type { Hex } from "viem";
import { exchangeRouteTypes, usdcAssetIndex } from "../exchange/constants.js";
import type { ExchangeLedger } from "../exchange/createExchangeLedger.js";
import { paymentRules } from "./decidePayment.js";
import type { ExternalChain } from "./solverContext.js";

export type CreateExchangePaymentsParameters = {
  ledger: ExchangeLedger;
  /** The solver's relayer account, which pays: its index and API key. */
  relayer: { accountIndex: number; apiKey: string };
};

/**
 * The solver's adapter of the external exchange: every payment it makes there is a ledger transfer
 * of USDC-perp (asset 0, route 0) from the relayer account, `memo` = the request id. The ledger
 * settles at once: a payout to the request's recipient account index is `submitted` then `success`,
 * with the transfer's hash as the fill hash; a payment back (a refund, an excess) counts once made. A
 * transfer from the relayer with the request's id as memo is how a restart finds what was paid.
 * Payments on the exchange follow `paymentRules.exchange`.
 *
 * @param parameters - {@link CreateExchangePaymentsParameters}
 * @returns The adapter. {@link ExternalChain}
 * @example
 * createSolver({ ..., externalChains: new Map([[3586256, createExchangePayments({ ledger, relayer })]]) })
 */
export function createExchangePayments({ ledger, relayer }: CreateExchangePaymentsParameters): ExternalChain {
  const pay = (requestId: Hex, to: string, amount: bigint, clientTransferId?: string) =>
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
        ...(clientTransferId === undefined ? {} : { clientTransferId }),
      },
    }).transfer.hash;
  return {
    rules: paymentRules.exchange,
    payout: async (request) => ({
      txHash: pay(
        request.requestId,
        request.recipient,
        request.amountOut,
        `fill-${request.requestId.slice(2, 34)}`,
      ),
      settled: Promise.resolve(),
    }),
    payBack: async ({ requestId, to, amount }) => ({ hash: pay(requestId, to, amount), amount }),
    find: (requestId) =>
      ledger
        .getTransfersByMemo(requestId)
        .find((transfer) => transfer.fromAccountIndex === relayer.accountIndex)?.hash,
    follow: async (hash) => {
      if (!ledger.transfers().some((transfer) => transfer.hash === hash))
        throw new Error(`exchange payout ${hash} is not in the ledger`);
    },
  };
}
