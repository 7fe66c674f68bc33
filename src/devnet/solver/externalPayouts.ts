import type { BitcoinChain } from "../bitcoin/createBitcoinChain.js";
import type { BitcoinWallet } from "../bitcoin/deriveBitcoinWallet.js";
import { findBoundPayment } from "../bitcoin/findBoundPayment.js";
import { payFromBitcoinWallet } from "../bitcoin/payFromBitcoinWallet.js";
import { exchangeRouteTypes, usdcAssetIndex } from "../exchange/constants.js";
import type { ExchangeLedger } from "../exchange/createExchangeLedger.js";
import type { ExternalFollower, ExternalPayout } from "./solverContext.js";

export type CreateBitcoinPayoutParameters = {
  chain: BitcoinChain;
  /** The solver's wallet, which pays. */
  wallet: BitcoinWallet;
  /** Aborts the wait for the payout's confirmation (the devnet stops). */
  signal: AbortSignal;
};

/**
 * The solver's payout to Bitcoin: a real segwit transaction from its wallet paying the request's
 * recipient (`bc1…`) its `amountOut`, with the request id bound by OP_RETURN, broadcast to the
 * mempool (`submitted`) and settled at its first confirmation (`success`).
 *
 * @param parameters - {@link CreateBitcoinPayoutParameters}
 * @returns The payout. {@link ExternalPayout}
 * @example
 * createSolver({ ..., externalPayouts: new Map([[8253038, createBitcoinPayout({ chain, wallet, signal })]]) })
 */
export function createBitcoinPayout({
  chain,
  wallet,
  signal,
}: CreateBitcoinPayoutParameters): ExternalPayout {
  return async (request) => {
    const { txid } = payFromBitcoinWallet({
      chain,
      wallet,
      to: request.recipient,
      amount: request.amountOut,
      requestId: request.requestId,
    });
    return { txHash: txid, settled: waitForConfirmation(chain, txid, signal) };
  };
}

export type CreateExchangePayoutParameters = {
  ledger: ExchangeLedger;
  /** The API key of the solver's relayer account, which pays. */
  apiKey: string;
};

/**
 * The solver's payout to the external exchange: a ledger transfer of USDC-perp (asset 0, route 0)
 * from the relayer account to the request's recipient account index, `memo` = the request id. The
 * ledger settles at once: `submitted` then `success`, with the transfer's hash as the fill hash.
 *
 * @param parameters - {@link CreateExchangePayoutParameters}
 * @returns The payout. {@link ExternalPayout}
 * @example
 * createSolver({ ..., externalPayouts: new Map([[3586256, createExchangePayout({ ledger, apiKey })]]) })
 */
export function createExchangePayout({ ledger, apiKey }: CreateExchangePayoutParameters): ExternalPayout {
  return async (request) => {
    const { transfer } = ledger.transfer({
      apiKey,
      request: {
        toAccountIndex: request.recipient,
        assetIndex: usdcAssetIndex,
        fromRouteType: exchangeRouteTypes.perp,
        toRouteType: exchangeRouteTypes.perp,
        amount: request.amountOut,
        usdcFee: 0n,
        memo: request.requestId,
        clientTransferId: `fill-${request.requestId.slice(2, 34)}`,
      },
    });
    return { txHash: transfer.hash, settled: Promise.resolve() };
  };
}

/**
 * Finds the solver's Bitcoin payout of a request (a payment from its wallet bound to the request id
 * by OP_RETURN) and follows one to its first confirmation: how a restart takes up a fill to Bitcoin.
 *
 * @param parameters - {@link CreateBitcoinPayoutParameters}
 * @returns The follower. {@link ExternalFollower}
 * @example
 * createSolver({ ..., externalFollowers: new Map([[8253038, createBitcoinPayoutFollower({ chain, wallet, signal })]]) })
 */
export function createBitcoinPayoutFollower({
  chain,
  wallet,
  signal,
}: CreateBitcoinPayoutParameters): ExternalFollower {
  return {
    find: (request) => findBoundPayment(chain, wallet, request.requestId)?.txid,
    follow: (txid) =>
      chain.getTransaction(txid) === undefined
        ? Promise.reject(new Error(`Bitcoin payout ${txid} is not on the chain`))
        : waitForConfirmation(chain, txid, signal),
  };
}

/**
 * Finds the relayer's exchange payout of a request (a transfer from the relayer account with the
 * request id as memo); a transfer is final once the ledger holds it.
 *
 * @param parameters - The ledger and the relayer's account index.
 * @returns The follower. {@link ExternalFollower}
 * @example
 * createExchangePayoutFollower({ ledger, relayerAccountIndex: exchangeSolverAccount.accountIndex })
 */
export function createExchangePayoutFollower({
  ledger,
  relayerAccountIndex,
}: {
  ledger: ExchangeLedger;
  relayerAccountIndex: number;
}): ExternalFollower {
  return {
    find: (request) =>
      ledger
        .getTransfersByMemo(request.requestId)
        .find((transfer) => transfer.fromAccountIndex === relayerAccountIndex)?.hash,
    follow: async (hash) => {
      if (!ledger.transfers().some((transfer) => transfer.hash === hash))
        throw new Error(`exchange payout ${hash} is not in the ledger`);
    },
  };
}

/** Resolves at the payout's first confirmation; rejects when the devnet stops first. */
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
