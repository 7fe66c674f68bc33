import type { OrderData } from "attestkit/orders";
import type { Address, Hex } from "viem";
import type { SponsorPayment } from "../quote/planSponsorPayment.js";
import type {
  Deposit,
  DepositAddressInfo,
  DepositDecision,
  DestinationAuthorization,
  DestinationCall,
  DevnetRequest,
  QuotedFees,
  QuotePricing,
  RequestDetails,
  SelfExecution,
} from "./types.js";

export type CreateDevnetRequestParameters = {
  requestId: Hex;
  /** The quote's order id, for a quoted request. */
  orderId?: Hex | undefined;
  /** The quote's order, whose struct hash is `orderId`. */
  orderData?: OrderData | undefined;
  /** `waiting` for a quote, `pending` for a request born from a deposit no quote can take. */
  status: "waiting" | "pending";
  apiKey: string | undefined;
  referrer: string | null;
  originChainId: number;
  destinationChainId: number;
  user: Address;
  recipient: Address;
  /** Where every refund of the request goes. */
  refundTo: Address;
  originCurrency: Address;
  destinationCurrency: Address;
  amountIn: bigint;
  amountOut: bigint;
  txs?: DestinationCall[] | undefined;
  /** Creation time, ms. */
  createdAt: number;
  expiresAt?: number | null | undefined;
  details?: RequestDetails | null | undefined;
  /** The deposit of a request born from one. */
  deposit?: Deposit | undefined;
  /** What the solver decided for that deposit. */
  decision?: DepositDecision | undefined;
  /** The deposit address of a quote made with `useDepositAddress`. */
  depositAddress?: DepositAddressInfo | undefined;
  /** The user's own transaction of a self-executed same-chain quote. */
  selfExecution?: SelfExecution | undefined;
  /** An exact-output swap's surplus swept to the recipient with the fill. */
  outputSurplus?: bigint | undefined;
  /** `txsGasLimit` of the quote. */
  txsGasLimit?: number | undefined;
  /** `authorizationList` of the quote: the EIP-7702 authorizations the fill carries. */
  authorizationList?: DestinationAuthorization[] | undefined;
  /** `useFallbacks` of the quote. */
  useFallbacks?: boolean | undefined;
  /** The sponsored part of the fees, origin currency (`subsidizeFees`). */
  subsidized?: bigint | undefined;
  /** Where and what the sponsor pays, when not `subsidized` on the origin (`planSponsorPayment`). */
  sponsorPayment?: SponsorPayment | undefined;
  /** The destination gas top-up, native currency (`topupGas`). */
  gasTopup?: bigint | undefined;
  /** The `appFees` items with an EVM recipient. */
  appFees?: { recipient: Address; bps: bigint }[] | undefined;
  /** The sum of the quote's `appFees` basis points. */
  appFeeBps?: bigint | undefined;
  /** What the quote fixed of the price (tolerances, quote-time prices, trade type, fixed rate). */
  pricing?: QuotePricing | undefined;
  /** What the quote charged: its fee components and sponsorship. */
  quotedFees?: QuotedFees | undefined;
};

/**
 * Builds a new request record: the given fields, and what every new request starts with (no
 * hashes but the deposit's, `N/A` reasons, nothing sent, `updatedAt` = creation time). The one place a request
 * object is written out: the quote handler and the solver's orphan deposits both use it.
 *
 * @param parameters - {@link CreateDevnetRequestParameters}
 * @returns The record, ready for `store.create`.
 * @example
 * store.create(createDevnetRequest({ requestId, status: "waiting", ..., createdAt: Date.now() }))
 */
export function createDevnetRequest(parameters: CreateDevnetRequestParameters): DevnetRequest {
  const { txs = [], expiresAt = null, details = null, deposit, ...fields } = parameters;
  return {
    ...fields,
    txs,
    expiresAt,
    inTxHashes: deposit ? [deposit.txHash] : [],
    txHashes: [],
    updatedAt: fields.createdAt,
    failReason: "N/A",
    refundFailReason: "N/A",
    details,
    deposit,
    sent: [],
  };
}
