import { type Address, encodeAbiParameters, type Hex, isAddressEqual, keccak256 } from "viem";
import type { Deposit, DevnetRequest } from "../state/types.js";

/** Reasons a deposit is refunded from its request (the request takes the deposit first). */
export type DepositRefundReason = "TTL_EXPIRED" | "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL";

/** Reasons a deposit no open quote can take is refunded under a request of its own. */
export type OrphanReason = "UNKNOWN" | "DOUBLE_SPEND";

/** What the solver does with an indexed deposit. */
export type DepositDecision =
  /**
   * The request takes the deposit (`pending`) and is filled; `excess` (overpayment) is refunded after.
   * `requote`: an open deposit address received another amount than quoted; the whole of it is
   * priced again before the fill.
   */
  | { type: "fill"; requestId: Hex; excess: bigint; requote?: bigint | undefined }
  /** The request takes the deposit (`pending`) and it is refunded in full to the request's `refundTo`. */
  | {
      type: "refund";
      requestId: Hex;
      failReason: DepositRefundReason;
      details?: Record<string, unknown> | undefined;
    }
  /**
   * No open quote can take the deposit: a new request (`pending`) under `requestId` refunds it to
   * `refundTo`. `original` is the quoted request the deposit named, if any: the new request inherits
   * its API key and referrer, and a double spend is listed in its `details.duplicateDeposits`.
   */
  | {
      type: "orphan";
      requestId: Hex;
      failReason: OrphanReason;
      refundTo: Address;
      details: Record<string, unknown>;
      original?: { request: DevnetRequest; linkDuplicate: boolean } | undefined;
    };

export type DecideDepositParameters = {
  deposit: Deposit;
  /**
   * The request the deposit's id names (`store.findByDepositId`: its request id, or its quote's
   * order id), if a quote made one.
   */
  request: DevnetRequest | undefined;
  /** The solver's clock, ms. */
  now: number;
};

/**
 * Decides what happens to a deposit, as the live service does, in this order:
 *
 * | case | decision | refund to |
 * |------|----------|-----------|
 * | no quote has the id (as request id or order id) | orphan `UNKNOWN` under the deposit's id | the depositor |
 * | the request already has a deposit (or left `waiting`), under either id | orphan `DOUBLE_SPEND` under a derived id | the request's `refundTo` |
 * | the deposit is on another chain than the request's origin | orphan `UNKNOWN` under a derived id | the request's `refundTo` |
 * | the ttl has passed (`now > expiresAt`) | refund `TTL_EXPIRED` | the request's `refundTo` |
 * | another currency | refund `DEPOSITED_AMOUNT_TOO_LOW_TO_FILL` | the request's `refundTo` |
 * | an open deposit address received another amount than quoted | fill, re-quoted for the amount received | — |
 * | less than quoted | refund `DEPOSITED_AMOUNT_TOO_LOW_TO_FILL` | the request's `refundTo` |
 * | otherwise | fill, the excess refunded after | the request's `refundTo` |
 *
 * A request whose deposit address received a transfer is `depositing` until the sweep's deposit is
 * indexed: that deposit is its first. A strict deposit address follows the ordinary rows (under:
 * refund; exact: fill; over: fill as quoted and refund the excess).
 *
 * The request's `refundTo` is fixed at quote time: `refundTo`, else the recipient, else the user. A
 * derived id is `keccak256(abi.encode(id, txHash, logIndex))`: one per deposit, never the original's.
 *
 * @param parameters - {@link DecideDepositParameters}
 * @returns The decision. {@link DepositDecision}
 * @example
 * decideDeposit({ deposit, request: store.findByDepositId(deposit.id), now: Date.now() }).type // "fill"
 */
export function decideDeposit({ deposit, request, now }: DecideDepositParameters): DepositDecision {
  if (!request)
    return {
      type: "orphan",
      requestId: deposit.id,
      failReason: "UNKNOWN",
      refundTo: deposit.from,
      details: { reason: "no quote has this request id" },
    };
  if (request.deposit || (request.status !== "waiting" && request.status !== "depositing"))
    return {
      type: "orphan",
      requestId: derivedRequestId(deposit),
      failReason: "DOUBLE_SPEND",
      refundTo: request.refundTo,
      details: { reason: "the request id was already deposited", originalRequestId: request.requestId },
      original: { request, linkDuplicate: true },
    };
  if (deposit.chainId !== request.originChainId)
    return {
      type: "orphan",
      requestId: derivedRequestId(deposit),
      failReason: "UNKNOWN",
      refundTo: request.refundTo,
      details: {
        reason: `deposit on chain ${deposit.chainId}, the request's origin is chain ${request.originChainId}`,
        originalRequestId: request.requestId,
      },
      original: { request, linkDuplicate: false },
    };
  if (request.expiresAt !== null && now > request.expiresAt)
    return { type: "refund", requestId: request.requestId, failReason: "TTL_EXPIRED" };
  if (!isAddressEqual(deposit.currency, request.originCurrency))
    return {
      type: "refund",
      requestId: request.requestId,
      failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL",
      details: { reason: `deposited ${deposit.currency}, the quote expects ${request.originCurrency}` },
    };
  if (request.depositAddress?.depositAddressType === "open" && deposit.amount !== request.amountIn)
    return { type: "fill", requestId: request.requestId, excess: 0n, requote: deposit.amount };
  if (deposit.amount < request.amountIn)
    return { type: "refund", requestId: request.requestId, failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" };
  return { type: "fill", requestId: request.requestId, excess: deposit.amount - request.amountIn };
}

/** The id of a request born from a deposit that its own id cannot take: `keccak256(abi.encode(id, txHash, logIndex))`. */
export function derivedRequestId(deposit: Pick<Deposit, "id" | "txHash" | "logIndex">): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }],
      [deposit.id, deposit.txHash, BigInt(deposit.logIndex)],
    ),
  );
}
