import type { Hex } from "viem";

/** A webhook delivery as a devnet's inspection endpoints list it (without its body). */
export type InspectedDelivery = {
  /** Event id, sent as `X-Event-Id` and as the body's `id`. */
  id: string;
  requestId: string;
  url: string;
  /** `queued` (waiting for its turn or its next attempt), `delivered`, or `failed` after the last retry. */
  state: "queued" | "delivered" | "failed";
  /** Attempts made so far (1 + retries). */
  attempts: number;
  /**
   * The last attempt's result in words: `HTTP 200 from 127.0.0.1:4000`, or why no answer came
   * (`connection refused at 127.0.0.1:4000 (nothing listens there)`, `timed out after 10000 ms ...`).
   */
  lastResult: string | undefined;
  /** The error the last attempt threw, as thrown, for debugging; absent after an HTTP answer. */
  lastError?: string | undefined;
};

/**
 * Everything an attestkit devnet knows about one request (`GET /devnet/requests/{id}`), as the
 * dashboard and `attestkit explain` read it: the request's terms and status, its status history,
 * its order as the quote gave it (`protocol`), the indexed deposit and its webhook deliveries.
 * Integers are decimal strings (JSON has no bigint). Not part of the service's interface: only a
 * devnet answers it.
 */
export type InspectedRequest = {
  requestId: Hex;
  orderId: Hex | null;
  status: string;
  history: { status: string; at: number }[];
  referrer: string | null;
  originChainId: number;
  destinationChainId: number;
  user: Hex;
  recipient: Hex;
  refundTo: Hex;
  originCurrency: Hex;
  destinationCurrency: Hex;
  amountIn: string;
  amountOut: string;
  txs: { to: Hex; data: Hex; value: string }[];
  createdAt: number;
  expiresAt: number | null;
  /**
   * When the quote expired unpaid: `expiresAt`, once passed while the request still waits for its
   * deposit (a deposit now is refunded `TTL_EXPIRED`); null otherwise. Absent from older devnets.
   */
  expiredAt?: number | null;
  updatedAt: number;
  inTxHashes: Hex[];
  txHashes: Hex[];
  failReason: string;
  refundFailReason: string;
  details: Record<string, unknown> | null;
  deposit: {
    chainId: number;
    txHash: Hex;
    logIndex: number;
    blockNumber: string;
    from: Hex;
    currency: Hex;
    amount: string;
    id: Hex;
  } | null;
  /** The request's deposit address (`useDepositAddress`), as the status object carries it. */
  depositAddress: {
    address: Hex;
    depositAddressType: "open" | "strict";
    depositor: Hex;
    depositTxHash: Hex | null;
  } | null;
  protocol: {
    orderId: Hex;
    orderData: unknown;
    orderSignature: Hex | null;
    paymentDetails: { chainId: string; depository: Hex; currency: Hex; amount: string };
  } | null;
  webhooks: InspectedDelivery[];
};
