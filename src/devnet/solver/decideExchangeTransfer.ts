import type { ExchangeTransfer } from "../exchange/createExchangeLedger.js";
import type { DevnetRequest } from "../state/types.js";

/** What the solver does with a transfer to its relayer account on the exchange. */
export type ExchangeTransferDecision =
  /** The request takes the transfer (`pending`) and is filled on its EVM destination; `excess` is sent back after. */
  | { type: "fill"; requestId: `0x${string}`; excess: bigint }
  /** The request takes the transfer (`pending`) and it is sent back in full to the request's `refundTo`. */
  | {
      type: "refund";
      requestId: `0x${string}`;
      failReason: "TTL_EXPIRED" | "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL";
    }
  /** Not a withdrawal the devnet can match: another account, no memo, an unknown or used request id. */
  | { type: "ignore"; reason: string };

export type DecideExchangeTransferParameters = {
  transfer: Pick<ExchangeTransfer, "toAccountIndex" | "assetIndex" | "amount" | "memo">;
  /** The solver's relayer account index (the `toAccountIndex` of withdrawals). */
  relayerAccountIndex: number;
  /** The request the memo names, if a quote made one. */
  request: DevnetRequest | undefined;
  /** The exchange's chain id (3586256): the request's origin must be it. */
  chainId: number;
  /** The asset the quotes take (USDC-perp, 0). */
  assetIndex: number;
  now: number;
};

/**
 * Decides what a transfer to the relayer account becomes (the exchange's withdrawal leg), in this order:
 *
 * | case | decision |
 * |------|----------|
 * | to another account, or no memo | ignore |
 * | the memo names no request from the exchange | ignore (logged; the devnet does not send it back) |
 * | the request already took a deposit | ignore (logged) |
 * | the ttl has passed | refund `TTL_EXPIRED` |
 * | another asset, or less than quoted | refund `DEPOSITED_AMOUNT_TOO_LOW_TO_FILL` |
 * | otherwise | fill, the excess sent back after |
 *
 * @param parameters - {@link DecideExchangeTransferParameters}
 * @returns The decision. {@link ExchangeTransferDecision}
 * @example
 * decideExchangeTransfer({ transfer, relayerAccountIndex: 1000, request, chainId: 3586256, assetIndex: 0, now: Date.now() }).type // "fill"
 */
export function decideExchangeTransfer({
  transfer,
  relayerAccountIndex,
  request,
  chainId,
  assetIndex,
  now,
}: DecideExchangeTransferParameters): ExchangeTransferDecision {
  if (transfer.toAccountIndex !== relayerAccountIndex)
    return { type: "ignore", reason: "not a transfer to the relayer account" };
  if (transfer.memo === null) return { type: "ignore", reason: "the transfer carries no memo" };
  if (!request || request.originChainId !== chainId)
    return { type: "ignore", reason: `no quote from the exchange has request id ${transfer.memo}` };
  if (request.deposit || request.status !== "waiting")
    return { type: "ignore", reason: `request ${request.requestId} already took a deposit` };
  if (request.expiresAt !== null && now > request.expiresAt)
    return { type: "refund", requestId: request.requestId, failReason: "TTL_EXPIRED" };
  if (transfer.assetIndex !== assetIndex || transfer.amount < request.amountIn)
    return { type: "refund", requestId: request.requestId, failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" };
  return { type: "fill", requestId: request.requestId, excess: transfer.amount - request.amountIn };
}
