import type { Address, Hex } from "viem";
import type * as z from "zod";
import type { OrderData } from "../../orders/types.js";
import type { statusSchema } from "../../schemas/statuses.js";
import type { DevnetStatus } from "./transitions.js";

/**
 * A payment into the solver, on any chain, as its chain's adapter observes it: a depository's
 * deposit event on an EVM chain, a Bitcoin transaction paying the solver (or a deposit address), a
 * transfer to the exchange's relayer account. The one decision (`decidePayment`) reads only this.
 */
export type Deposit = {
  chainId: number;
  /** The transaction: an EVM hash, a Bitcoin txid (without `0x`), an exchange transfer's hash. */
  txHash: Hex;
  /** The log's index; a Bitcoin transaction's first output paying the solver; 0 on the exchange. */
  logIndex: number;
  /** The block (the exchange: the transfer id; Bitcoin: 0 until confirmed). */
  blockNumber: bigint;
  /** The payer: the credited depositor (`from` of the event), the quote's user on Bitcoin, the sending account index. */
  from: Address;
  /** The token deposited (the zero address for native), Bitcoin's identifier, the exchange's asset index. */
  currency: Address;
  amount: bigint;
  /**
   * The id the payment names: the depository `id` (a request id, or an order id of deposit steps and
   * order payments), a Bitcoin transaction's OP_RETURN binding (or its deposit address's request), an
   * exchange transfer's memo.
   */
  id: Hex;
};

/** A payment the solver sent back: the refund of a deposit. */
export type RefundDetails = {
  chainId: number;
  txHash: string;
  currency: string;
  amount: string;
  recipient: string;
};

/** A call of the fill that reverted: its index and target, and the revert or its transaction. */
export type RevertDetails = {
  index: number;
  to: Address | undefined;
  message?: string | undefined;
  data?: Hex | undefined;
  txHash?: Hex | undefined;
};

/** What the solver adds to a request as it goes (the status object's `details`). */
export type RequestDetails = {
  /** Why a payment was not taken as quoted (a request born from a payment, another currency). */
  reason?: string | undefined;
  /** The quoted request a request born from a payment duplicates, or whose id it named. */
  originalRequestId?: Hex | undefined;
  /** The requests born from later payments under this request's id (`DOUBLE_SPEND`). */
  duplicateDeposits?: Hex[] | undefined;
  /** The refund of the whole payment. */
  refund?: RefundDetails | undefined;
  /** The overpayment sent back after the fill. */
  excessRefund?: { chainId: number; txHash: string; amount: string } | undefined;
  /** An open deposit address's fill, priced again for the amount received. */
  requote?:
    | { quotedAmountIn: string; quotedAmountOut: string; amountIn: string; amountOut: string }
    | undefined;
  /** The destination call that reverted. */
  revert?: RevertDetails | undefined;
  /** The fallback route taken instead of reverting destination calls (`useFallbacks`). */
  fallback?: { reason: string; txHashes: Hex[] } | undefined;
  /** The fallback's own transaction that reverted. */
  fallbackRevert?: { txHash: Hex } | undefined;
  /** The sponsor's payment of the sponsored fees (`subsidizeFees`). */
  feeSponsorship?:
    | {
        actual: {
          sponsorPayment: {
            amount: string;
            address: Address;
            chainId: number;
            payer: Address;
            txHash: Hex;
            status: "success" | "reverted";
          };
        };
      }
    | undefined;
};

/** One entry of a request's status history. */
export type StatusChange = { status: DevnetStatus; at: number };

/** A call to run on the destination chain after the payout (`txs` of the quote). */
export type DestinationCall = { to: Address; data: Hex; value: bigint };

/**
 * A request's deposit address (`useDepositAddress`), as the status object's `depositAddress`: the
 * CREATE2 address of the order id and depositor, its type, the depositor credited by the sweep, and
 * the origin transaction of the transfer into it once seen.
 */
export type DepositAddressInfo = {
  address: Address;
  /** `open`: whatever arrives is filled at a re-quoted price; `strict`: only the quoted amount fills. */
  depositAddressType: "open" | "strict";
  depositor: Address;
  depositTxHash: Hex | null;
};

/** Everything the devnet knows about one request. */
export type DevnetRequest = {
  requestId: Hex;
  /**
   * The id of the quote's order (`protocol.v2.orderId`): a deposit under it funds this request as
   * one under the request id does. Absent for a request born from a deposit.
   */
  orderId?: Hex | undefined;
  /** The quote's order (`protocol.v2.orderData`), whose struct hash is `orderId`. Absent for a request born from a deposit. */
  orderData?: OrderData | undefined;
  status: DevnetStatus;
  /**
   * Every status the request took, oldest first, with the time (ms) it took it. Kept by the store;
   * absent on records stored before it was kept.
   */
  history?: StatusChange[] | undefined;
  /** The API key the quote was made with: its webhook endpoint gets the events. */
  apiKey: string | undefined;
  referrer: string | null;
  originChainId: number;
  destinationChainId: number;
  user: Address;
  recipient: Address;
  refundTo: Address;
  originCurrency: Address;
  destinationCurrency: Address;
  /** What the user deposits (fees included). */
  amountIn: bigint;
  /** What the recipient gets. */
  amountOut: bigint;
  txs: DestinationCall[];
  /** `Date.now()` at quote time. */
  createdAt: number;
  /** Quote time plus `ttl`, in ms; null without a ttl. */
  expiresAt: number | null;
  inTxHashes: Hex[];
  txHashes: Hex[];
  updatedAt: number;
  failReason: string;
  refundFailReason: string;
  details: RequestDetails | null;
  /** The deposit that funds this request, once indexed. */
  deposit: Deposit | undefined;
  /** The request's deposit address, when quoted with `useDepositAddress`. */
  depositAddress?: DepositAddressInfo | undefined;
  /** `txsGasLimit`: the total gas the destination calls may use; more reverts them (out of gas). */
  txsGasLimit?: number | undefined;
  /** `useFallbacks`: a reverting destination call falls back to the plain output (`fallback`). */
  useFallbacks?: boolean | undefined;
  /** The sponsored part of the fees (`subsidizeFees`), origin currency: the sponsor pays it once filled. */
  subsidized?: bigint | undefined;
  /** The destination gas top-up (`topupGas`): native currency the fill also sends the recipient. */
  gasTopup?: bigint | undefined;
  /** The quote's `appFees` items with an EVM recipient: each accrues its share once the request succeeds. */
  appFees?: { recipient: Address; bps: bigint }[] | undefined;
  /** The sum of the quote's `appFees` basis points (a deposit address's re-quote charges them again). */
  appFeeBps?: bigint | undefined;
};

/** The request status object (the status endpoint's body and webhook `data`), as the schemas define it. */
export type StatusBody = z.input<typeof statusSchema>;
