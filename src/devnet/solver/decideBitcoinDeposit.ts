import { bitcoinConfirmations } from "../../chains/bitcoin/bitcoinConfirmations.js";
import type { DevnetRequest } from "../state/types.js";

/** What the solver does with a Bitcoin transaction paying its deposit address, seen in the mempool. */
export type BitcoinDepositDecision =
  /**
   * The request takes the deposit (`pending` at once, in the mempool) and is filled once the
   * transaction has `confirmations` blocks; `excess` (overpayment) is refunded after the fill.
   */
  | { type: "take"; requestId: `0x${string}`; confirmations: 1 | 2; excess: bigint }
  /** The request takes the deposit (`pending`) and it is refunded in full, in BTC, to its `refundTo`. */
  | {
      type: "refund";
      requestId: `0x${string}`;
      failReason: "TTL_EXPIRED" | "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL";
      confirmations: 1 | 2;
    }
  /** Nothing to take: no binding, an id no Bitcoin quote has, or a request that already took a deposit. */
  | { type: "ignore"; reason: string };

export type DecideBitcoinDepositParameters = {
  /** The request id the transaction's OP_RETURN binding carries, undefined without one. */
  boundRequestId: `0x${string}` | undefined;
  /** Satoshis the transaction pays the solver's deposit address. */
  amount: bigint;
  /** The request the bound id names, if a quote made one. */
  request: DevnetRequest | undefined;
  /** The Bitcoin chain's id (8253038): the request's origin must be it. */
  chainId: number;
  /** Satoshis above which 2 confirmations are needed instead of 1. */
  highValueThreshold: bigint;
  /** The solver's clock, ms. */
  now: number;
};

/**
 * Decides what a Bitcoin deposit becomes, in this order:
 *
 * | case | decision |
 * |------|----------|
 * | no OP_RETURN binding | ignore (the devnet cannot tell whose it is) |
 * | the bound id names no request from Bitcoin | ignore |
 * | the request already took a deposit (or left `waiting`) | ignore (logged; not refunded by the devnet) |
 * | the ttl has passed | refund `TTL_EXPIRED` |
 * | less than quoted | refund `DEPOSITED_AMOUNT_TOO_LOW_TO_FILL` |
 * | otherwise | take: `pending` now, filled after 1 confirmation (2 above the high-value threshold) |
 *
 * Refunds too wait for the confirmations: an unconfirmed deposit is never paid back.
 *
 * @param parameters - {@link DecideBitcoinDepositParameters}
 * @returns The decision. {@link BitcoinDepositDecision}
 * @example
 * decideBitcoinDeposit({ boundRequestId, amount, request, chainId: 8253038, highValueThreshold: 100000000n, now: Date.now() }).type // "take"
 */
export function decideBitcoinDeposit({
  boundRequestId,
  amount,
  request,
  chainId,
  highValueThreshold,
  now,
}: DecideBitcoinDepositParameters): BitcoinDepositDecision {
  if (boundRequestId === undefined) return { type: "ignore", reason: "the transaction binds no request id" };
  if (!request || request.originChainId !== chainId)
    return { type: "ignore", reason: `no quote from Bitcoin has request id ${boundRequestId}` };
  if (request.deposit || request.status !== "waiting")
    return { type: "ignore", reason: `request ${request.requestId} already took a deposit` };
  const confirmations = bitcoinConfirmations({ amount, highValueThreshold });
  if (request.expiresAt !== null && now > request.expiresAt)
    return { type: "refund", requestId: request.requestId, failReason: "TTL_EXPIRED", confirmations };
  if (amount < request.amountIn)
    return {
      type: "refund",
      requestId: request.requestId,
      failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL",
      confirmations,
    };
  return { type: "take", requestId: request.requestId, confirmations, excess: amount - request.amountIn };
}
