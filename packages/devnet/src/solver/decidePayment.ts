import { type Address, encodeAbiParameters, type Hex, keccak256 } from "viem";
import type { Deposit, DevnetRequest, RequestDetails } from "../state/types.js";
import { isExpiredUnfilled } from "./isExpiredUnfilled.js";
import { isOrphanRecord } from "./isOrphanRecord.js";

/** How the payments of one kind of chain differ in the one decision. */
export type PaymentRules = {
  /**
   * What a payment naming another chain's request becomes: refunded to that request's refund address
   * (`DEPOSIT_CHAIN_MISMATCH`, when it can take this chain's money), or an orphan like a payment
   * naming none (`ORPHANED_DEPOSIT_REFUND`, back to the payer).
   */
  otherChainRequest: "mismatch" | "orphan";
  /** Who gets a second payment for a request back: the request's refund address, or the payer. */
  doubleSpendRefundTo: "request" | "payer";
};

/**
 * THE rows where the chains differ; everything else is decided alike on every chain:
 *
 * | chain | a payment naming another chain's request | a second payment for a request goes back to |
 * |-------|------------------------------------------|---------------------------------------------|
 * | EVM | refunded to the request's refund address (`DEPOSIT_CHAIN_MISMATCH`) | the request's refund address |
 * | Bitcoin | an orphan, back to the payer (the address its first input spends from): another chain's refund address cannot take BTC | the request's refund address, in BTC |
 * | the exchange | an orphan, back to the sending account | the sending account (its key signed the transfer) |
 *
 * On every chain a payment naming no request (an id no quote has, none) is an orphan refunded to
 * its payer (`ORPHANED_DEPOSIT_REFUND`).
 */
export const paymentRules = {
  evm: { otherChainRequest: "mismatch", doubleSpendRefundTo: "request" },
  bitcoin: { otherChainRequest: "orphan", doubleSpendRefundTo: "request" },
  exchange: { otherChainRequest: "orphan", doubleSpendRefundTo: "payer" },
} as const satisfies Readonly<Record<string, PaymentRules>>;

/** What the solver does with a payment into it, on any chain. */
export type PaymentDecision =
  /**
   * The request takes the payment (`pending`) and is filled; `excess` (overpayment) goes back after.
   * `requote`: an open deposit address received another amount than quoted; the whole of it is
   * priced again before the fill.
   */
  | { type: "fill"; requestId: Hex; excess: bigint; requote?: bigint | undefined }
  /** The request takes the payment (`pending`) and it goes back in full to the request's `refundTo`. */
  | {
      type: "refund";
      requestId: Hex;
      failReason: "TTL_EXPIRED" | "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" | "INCORRECT_DEPOSIT_CURRENCY";
      details?: RequestDetails | undefined;
    }
  /**
   * No open quote can take the payment: a new request (`pending`) under `requestId` refunds it to
   * `refundTo` (an `ORPHANED_DEPOSIT_REFUND` once the devnet's orphan window has passed, the others at
   * once). `original` is the quoted request the payment named, if any: the new request inherits its
   * API key and referrer, and a double spend is listed in its `details.duplicateDeposits`.
   */
  | {
      type: "orphan";
      requestId: Hex;
      failReason: "ORPHANED_DEPOSIT_REFUND" | "DOUBLE_SPEND" | "DEPOSIT_CHAIN_MISMATCH";
      refundTo: Address;
      details: RequestDetails;
      original?: { request: DevnetRequest; linkDuplicate: boolean } | undefined;
    };

/** A decision that takes the payment: every decision does (no coin is left without an owner). */
export type TakenPaymentDecision = PaymentDecision;

export type DecidePaymentParameters = {
  /** The payment, as its chain's adapter observed it (an EVM deposit log, a Bitcoin transaction, an exchange transfer). */
  payment: Deposit;
  /**
   * The request the payment's id names (`store.findByDepositId`: its request id, or its quote's
   * order id), if a quote made one.
   */
  request: DevnetRequest | undefined;
  /** The rules of the payment's chain. {@link PaymentRules} */
  rules: PaymentRules;
  /** The solver's clock, ms. */
  now: number;
};

/**
 * Decides what happens to a payment into the solver, on every chain, in this order:
 *
 * | case | decision | refund to |
 * |------|----------|-----------|
 * | no quote has the id (as request id or order id), the id is zero (a plain transfer names none), or it is an orphan's own | orphan `ORPHANED_DEPOSIT_REFUND` under the payment's id (a derived id for the zero id or an orphan's) | the payer |
 * | the request already has a payment (or left `waiting`), under either id | orphan `DOUBLE_SPEND` under a derived id | the request's `refundTo`, or the payer (`paymentRules`) |
 * | the payment is on another chain than the request's origin | orphan `DEPOSIT_CHAIN_MISMATCH` under a derived id, or an orphan `ORPHANED_DEPOSIT_REFUND` as above (`paymentRules`) | the request's `refundTo` (the payer) |
 * | the ttl has passed (`now > expiresAt`) and the quote set no `latePaymentSlippageTolerance` | refund `TTL_EXPIRED` | the request's `refundTo` |
 * | another currency (another asset on the exchange) | refund `INCORRECT_DEPOSIT_CURRENCY` | the request's `refundTo` |
 * | an open deposit address received another amount than quoted | fill, re-quoted for the amount received | — |
 * | less than quoted | refund `DEPOSITED_AMOUNT_TOO_LOW_TO_FILL` | the request's `refundTo` |
 * | otherwise | fill, the excess refunded after | the request's `refundTo` |
 *
 * A request whose deposit address received a transfer is `depositing` until the sweep's deposit is
 * indexed: that deposit is its first. A strict deposit address follows the
 * ordinary rows (under: refund; exact: fill; over: fill as quoted and refund the excess). A late
 * payment of a quote with `latePaymentSlippageTolerance` follows the rows after the ttl's: its fill is
 * held to that tolerance at fill time (`decideFillPrice`). When a
 * payment is final (a Bitcoin transaction's confirmations) is its chain adapter's business, not the
 * decision's.
 *
 * The request's `refundTo` is fixed at quote time: `refundTo`, else the recipient, else the user. A
 * derived id is `keccak256(abi.encode(id, txHash, logIndex))`: one per payment, never the original's.
 * The reasons are the live service's (the official SDK's `failReason` list:
 * `ORPHANED_DEPOSIT_REFUND`, `DEPOSIT_CHAIN_MISMATCH`, `INCORRECT_DEPOSIT_CURRENCY`, ...).
 *
 * @param parameters - {@link DecidePaymentParameters}
 * @returns The decision. {@link PaymentDecision}
 * @example
 * decidePayment({ payment, request: store.findByDepositId(payment.id), rules: paymentRules.evm, now: Date.now() }).type // "fill"
 */
export function decidePayment({ payment, request, rules, now }: DecidePaymentParameters): PaymentDecision {
  // A payment goes back on its own chain: where another chain's refund address cannot take its
  // money, another chain's request is none.
  const named =
    request &&
    !isOrphanRecord(request) &&
    (rules.otherChainRequest === "mismatch" || request.originChainId === payment.chainId)
      ? request
      : undefined;
  if (!named)
    return {
      type: "orphan",
      requestId: orphanRequestId(payment, request),
      failReason: "ORPHANED_DEPOSIT_REFUND",
      refundTo: payment.from,
      details: {
        reason: isZeroId(payment.id) ? "the deposit names no request id" : "no quote has this request id",
      },
    };
  if (named.deposit || (named.status !== "waiting" && named.status !== "depositing"))
    return {
      type: "orphan",
      requestId: derivedRequestId(payment),
      failReason: "DOUBLE_SPEND",
      refundTo: rules.doubleSpendRefundTo === "payer" ? payment.from : named.refundTo,
      details: { reason: "the request id was already deposited", originalRequestId: named.requestId },
      original: { request: named, linkDuplicate: true },
    };
  if (payment.chainId !== named.originChainId)
    return {
      type: "orphan",
      requestId: derivedRequestId(payment),
      failReason: "DEPOSIT_CHAIN_MISMATCH",
      refundTo: named.refundTo,
      details: {
        reason: `deposit on chain ${payment.chainId}, the request's origin is chain ${named.originChainId}`,
        originalRequestId: named.requestId,
      },
      original: { request: named, linkDuplicate: false },
    };
  const { requestId } = named;
  if (isExpiredUnfilled({ request: named, now }))
    return { type: "refund", requestId, failReason: "TTL_EXPIRED" };
  // EVM addresses in any case; Bitcoin's identifier and the exchange's asset index as written.
  if (payment.currency.toLowerCase() !== named.originCurrency.toLowerCase())
    return {
      type: "refund",
      requestId,
      failReason: "INCORRECT_DEPOSIT_CURRENCY",
      details: { reason: `deposited ${payment.currency}, the quote expects ${named.originCurrency}` },
    };
  if (named.depositAddress?.depositAddressType === "open" && payment.amount !== named.amountIn)
    return { type: "fill", requestId, excess: 0n, requote: payment.amount };
  if (payment.amount < named.amountIn)
    return { type: "refund", requestId, failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" };
  return { type: "fill", requestId, excess: payment.amount - named.amountIn };
}

/** The id of a request born from a payment that its own id cannot take: `keccak256(abi.encode(id, txHash, logIndex))`. */
export function derivedRequestId(payment: Pick<Deposit, "id" | "txHash" | "logIndex">): Hex {
  // Bitcoin txids are written without `0x`.
  const txHash = (payment.txHash.startsWith("0x") ? payment.txHash : `0x${payment.txHash}`) as Hex;
  return keccak256(
    encodeAbiParameters(
      [{ type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }],
      [payment.id, txHash, BigInt(payment.logIndex)],
    ),
  );
}

/** The zero id: what a plain transfer (no id in its calldata) is recorded under. */
const isZeroId = (id: Hex): boolean => /^0x0*$/.test(id);

/**
 * The id of the request an orphan payment becomes: the id it names, so that its depositor finds it
 * under that id; a derived id when the id names nothing (zero) or already names an orphan.
 */
const orphanRequestId = (payment: Deposit, request: DevnetRequest | undefined): Hex =>
  isZeroId(payment.id) || request ? derivedRequestId(payment) : payment.id;
