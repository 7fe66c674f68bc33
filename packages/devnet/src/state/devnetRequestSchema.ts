import type { OrderData } from "attestkit/orders";
import type { Address, Hex } from "viem";
import * as z from "zod";
import { type DevnetStatus, transitions } from "./transitions.js";
import type {
  Deposit,
  DepositAddressInfo,
  DepositDecision,
  DestinationAuthorization,
  DestinationCall,
  DevnetRequest,
  PriceMoveDetails,
  QuotedFees,
  QuotePricing,
  RefundDetails,
  RelayedCall,
  RequestDetails,
  RevertDetails,
  SelfExecution,
  SentPayment,
  StatusChange,
} from "./types.js";

// The shape of a request as the state database keeps it (`DevnetRequest`), checked when a restart
// reads it back. Every object is loose: a field this schema does not name is kept as stored, so a
// restart gives back exactly what was saved. Bigints arrive restored by `parseState`.

/**
 * Text the record types as hex. Only its being text is checked: a Bitcoin deposit's txid has no
 * `0x` and an exchange transfer's id is its memo (`observeBitcoinPayment`, `observeExchangeTransfer`).
 */
const hex = z.custom<Hex>((value) => typeof value === "string", "must be a string");

/** Text the record types as an EVM address; on Bitcoin and the exchange it holds that chain's own (an address, an account or asset index). */
const address = z.custom<Address>((value) => typeof value === "string", "must be a string");

const status = z.custom<DevnetStatus>(
  (value) => typeof value === "string" && Object.hasOwn(transitions, value),
  `must be a devnet status (${Object.keys(transitions).join(", ")})`,
);

// A field typed `T | undefined` is present in memory but absent from the stored JSON when undefined
// (JSON drops it): `.optional().transform(...)` accepts the missing key and keeps the key required
// in the type.

const depositSchema = z.looseObject({
  chainId: z.number(),
  txHash: hex,
  logIndex: z.number(),
  blockNumber: z.bigint(),
  from: address,
  currency: address,
  amount: z.bigint(),
  id: hex,
}) satisfies z.ZodType<Deposit>;

const refundSchema = z.looseObject({
  chainId: z.number(),
  txHash: z.string(),
  currency: z.string(),
  amount: z.string(),
  recipient: z.string(),
}) satisfies z.ZodType<RefundDetails>;

const revertSchema = z.looseObject({
  index: z.number(),
  to: address.optional().transform((value) => value),
  message: z.string().optional(),
  data: hex.optional(),
  txHash: hex.optional(),
  outOfGas: z.boolean().optional(),
}) satisfies z.ZodType<RevertDetails>;

const priceMoveSchema = z.looseObject({
  quotedAmountOut: z.string(),
  amountOut: z.string(),
  minimumAmountOut: z.string(),
  costAmountIn: z.string().optional(),
  movedBps: z.string(),
  toleranceBps: z.string(),
  late: z.boolean().optional(),
  fixedRate: z.boolean().optional(),
}) satisfies z.ZodType<PriceMoveDetails>;

const detailsSchema = z.looseObject({
  reason: z.string().optional(),
  originalRequestId: hex.optional(),
  duplicateDeposits: z.array(hex).optional(),
  refund: refundSchema.optional(),
  excessRefund: z.looseObject({ chainId: z.number(), txHash: z.string(), amount: z.string() }).optional(),
  requote: z
    .looseObject({
      quotedAmountIn: z.string(),
      quotedAmountOut: z.string(),
      amountIn: z.string(),
      amountOut: z.string(),
    })
    .optional(),
  revert: revertSchema.optional(),
  fallback: z.looseObject({ reason: z.string(), txHashes: z.array(hex) }).optional(),
  fallbackRevert: z.looseObject({ txHash: hex }).optional(),
  priceMove: priceMoveSchema.optional(),
  feeSponsorship: z
    .looseObject({
      actual: z.looseObject({
        sponsorPayment: z.looseObject({
          amount: z.string(),
          address,
          chainId: z.number(),
          payer: address,
          txHash: hex,
          status: z.enum(["success", "reverted"]),
        }),
      }),
    })
    .optional(),
}) satisfies z.ZodType<RequestDetails>;

const decisionSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("fill"), excess: z.bigint(), requote: z.bigint().optional() }),
  z.looseObject({ type: z.literal("refund"), failReason: z.string(), details: detailsSchema.optional() }),
]) satisfies z.ZodType<DepositDecision>;

const sentSchema = z.looseObject({
  purpose: z.enum(["fill", "fallback", "refund", "excess", "sponsor"]),
  chainId: z.number(),
  txHash: hex.optional(),
  index: z.number().optional(),
  failReason: z.string().optional(),
}) satisfies z.ZodType<SentPayment>;

const destinationCallSchema = z.looseObject({
  to: address,
  data: hex,
  value: z.bigint(),
}) satisfies z.ZodType<DestinationCall>;

const authorizationSchema = z.looseObject({
  chainId: z.number(),
  address,
  nonce: z.number(),
  yParity: z.number(),
  r: hex,
  s: hex,
}) satisfies z.ZodType<DestinationAuthorization>;

const depositAddressSchema = z.looseObject({
  address,
  depositAddressType: z.enum(["open", "strict"]),
  depositor: address,
  depositTxHash: hex.nullable(),
  recoveryAddress: z.string().optional(),
}) satisfies z.ZodType<DepositAddressInfo>;

const selfExecutionSchema = z.looseObject({
  operation: z.enum(["send", "wrap", "unwrap", "swap"]),
  to: address,
  data: hex,
  value: z.bigint(),
}) satisfies z.ZodType<SelfExecution>;

const relayedSchema = z.looseObject({
  relayer: address,
  to: address,
  data: hex,
  value: z.bigint(),
}) satisfies z.ZodType<RelayedCall>;

const pricingSchema = z.looseObject({
  tradeType: z.enum(["EXACT_INPUT", "EXACT_OUTPUT", "EXPECTED_OUTPUT"]),
  slippageBps: z.bigint(),
  latePaymentSlippageBps: z.bigint().optional(),
  quotedPrices: z.looseObject({ in: z.bigint(), out: z.bigint() }),
  fixedRate: z.boolean().optional(),
}) satisfies z.ZodType<QuotePricing>;

/** What the quote charged (`QuotedFees`): fee components in the origin currency's smallest unit. */
const quotedFeesSchema = z.looseObject({
  relayerService: z.bigint(),
  relayerGas: z.bigint(),
  app: z.bigint(),
  subsidized: z.bigint(),
  sponsored: z.array(z.enum(["execution", "swap", "relay", "app"])),
  maxSubsidizationAmount: z.string().optional(),
}) satisfies z.ZodType<QuotedFees>;

/**
 * The quote's order: its struct hash is the request's order id, checked where the order is used;
 * here only that it is an order of a known version.
 */
const orderDataSchema = z.custom<OrderData>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    "version" in value &&
    (value.version === "v1" || value.version === "v2"),
  'must be an order of version "v1" or "v2"',
);

/** A request as the state database keeps it; a row of another shape is refused when read (`readRequests`). */
export const devnetRequestSchema = z.looseObject({
  requestId: hex,
  orderId: hex.optional(),
  orderData: orderDataSchema.optional(),
  status,
  history: z.array(z.looseObject({ status, at: z.number() }) satisfies z.ZodType<StatusChange>).optional(),
  apiKey: z
    .string()
    .optional()
    .transform((value) => value),
  referrer: z.string().nullable(),
  originChainId: z.number(),
  destinationChainId: z.number(),
  user: address,
  recipient: address,
  refundTo: address,
  originCurrency: address,
  destinationCurrency: address,
  amountIn: z.bigint(),
  amountOut: z.bigint(),
  txs: z.array(destinationCallSchema),
  createdAt: z.number(),
  expiresAt: z.number().nullable(),
  inTxHashes: z.array(hex),
  txHashes: z.array(hex),
  updatedAt: z.number(),
  failReason: z.string(),
  refundFailReason: z.string(),
  details: detailsSchema.nullable(),
  deposit: depositSchema.optional().transform((value) => value),
  decision: decisionSchema.optional(),
  sent: z.array(sentSchema).optional(),
  depositAddress: depositAddressSchema.optional(),
  selfExecution: selfExecutionSchema.optional(),
  relayed: relayedSchema.optional(),
  outputSurplus: z.bigint().optional(),
  txsGasLimit: z.number().optional(),
  authorizationList: z.array(authorizationSchema).optional(),
  useFallbacks: z.boolean().optional(),
  subsidized: z.bigint().optional(),
  supersededByRequestId: hex.optional(),
  sponsorPayment: z.looseObject({ chainId: z.number(), currency: address, amount: z.bigint() }).optional(),
  gasTopup: z.bigint().optional(),
  appFees: z.array(z.looseObject({ recipient: address, bps: z.bigint() })).optional(),
  appFeeBps: z.bigint().optional(),
  pricing: pricingSchema.optional(),
  quotedFees: quotedFeesSchema.optional(),
}) satisfies z.ZodType<DevnetRequest>;
