import * as z from "zod";
import type { VmType } from "../attestation/types.js";
import { vmTypeOfChain } from "../attestation/vmTypeOfChain.js";
import { bitcoin } from "../chains/bitcoin/constants.js";
import { isBitcoinAddress } from "../chains/bitcoin/isBitcoinAddress.js";
import { externalExchange } from "../chains/exchange/constants.js";
import { isAccountIndex } from "../chains/exchange/isAccountIndex.js";
import { checkDepositAddressRoute } from "./depositAddressRoute.js";
import { authorizationSchema, integratorRequestSchemas } from "./integratorRequests.js";
import { isEvmAddress } from "./isEvmAddress.js";
import {
  amountSchema,
  chainIdSchema,
  isUint256Decimal,
  patterns,
  sponsoredFeeComponents,
  tradeTypes,
} from "./primitives.js";

/** Short ids of the cross-field and route rules, as `InvalidRequestError.rule` reports them. */
export type RequestRuleId =
  | "requires:useDepositAddress"
  | "requires:refundTo"
  | "requires:topupGas"
  | "requires:subsidizeFees"
  | "requires:strict"
  | "depositAddress:route"
  | "bitcoin:currency"
  | "bitcoin:user"
  | "bitcoin:recipient"
  | "bitcoin:refundTo"
  | "exchange:currency"
  | "exchange:user"
  | "exchange:recipient"
  | "evm:user"
  | "evm:recipient"
  | "zero:recipient"
  | "zero:refundTo"
  | "bitcoin:recoveryAddress"
  | "evm:recoveryAddress"
  | "zero:recoveryAddress";

type Context = z.core.$RefinementCtx<unknown>;
type VmTypes = Readonly<Record<string, VmType>> | undefined;

function fail(ctx: Context, field: string, rule: RequestRuleId, message: string) {
  ctx.addIssue({ code: "custom", path: [field], message, params: { rule } });
}

const nonEmpty = z.string().min(1);
const amountString = amountSchema;
const basisPoints = z
  .string()
  .regex(patterns.basisPoints, { message: "must be integer basis points from 0 to 10000" });
const positiveInt = z.number().int().nonnegative();

/** Decimal digits, in a string or a JSON number, checked as written (so `1e21` and `1.5` are refused). */
const digits = (pattern: RegExp, message: string) =>
  z
    .union([z.string(), z.number()])
    .refine((value) => pattern.test(String(value)), { message, abort: true, params: { rule: "pattern" } });

/**
 * One destination call (`txs[]`), as the live service takes it: `to` an EVM address, `data` hex
 * (default `0x`), `value` a uint256 (default 0). Other keys are kept: the service ignores them.
 */
const destinationCallSchema = z.looseObject({
  to: z.string().regex(patterns.evmAddress, { message: "must be 0x and 40 hex digits" }),
  data: z.string().regex(patterns.hex, { message: "must be 0x and hex digits" }).optional(),
  value: digits(patterns.amount, "must be digits only (smallest unit)")
    .refine((value) => isUint256Decimal(String(value)), {
      message: "must be below 2^256 (a uint256)",
      params: { rule: "max" },
    })
    .optional(),
});

/**
 * One app fee (`appFees[]`): `fee` in basis points of the input, 0 to 9999 (a fee takes less than
 * all of it); `recipient` as given (an EVM address is paid, anything else leaves the fee to the solver).
 */
const appFeeSchema = z.looseObject({
  recipient: z.unknown().optional(),
  fee: digits(patterns.appFeeBasisPoints, "must be basis points from 0 to 9999"),
});

/** The fields shared by price and quote requests. */
const routeFields = {
  user: nonEmpty,
  originChainId: chainIdSchema,
  destinationChainId: chainIdSchema,
  originCurrency: nonEmpty,
  destinationCurrency: nonEmpty,
  amount: amountString,
  tradeType: z.enum(tradeTypes),
  recipient: nonEmpty.optional(),
  txs: z.array(destinationCallSchema).optional(),
  referrer: z.string().optional(),
  refundTo: nonEmpty.optional(),
  refundOnOrigin: z.boolean().optional(),
  useExternalLiquidity: z.boolean().optional(),
  useFallbacks: z.boolean().optional(),
  usePermit: z.boolean().optional(),
  useDepositAddress: z.boolean().optional(),
  slippageTolerance: basisPoints.optional(),
  appFees: z.array(appFeeSchema).optional(),
};

type RouteBody = {
  user: string;
  originChainId: number;
  destinationChainId: number;
  originCurrency: string;
  destinationCurrency: string;
  recipient?: string | undefined;
  refundTo?: string | undefined;
  useDepositAddress?: boolean | undefined;
};

/**
 * `useDepositAddress` only where the interface allows a deposit address: a native-currency bridge
 * or a Bitcoin origin (`checkDepositAddressRoute`).
 */
function checkDepositAddress(body: RouteBody, ctx: Context, vmTypes: VmTypes) {
  if (body.useDepositAddress !== true) return;
  const verdict = checkDepositAddressRoute({ ...body, vmTypes });
  if (!verdict.ok) fail(ctx, "useDepositAddress", "depositAddress:route", verdict.reason);
}

/**
 * The route rules of the interface. Bitcoin (chain 8253038): the native identifier as currency and a
 * valid mainnet Bitcoin address as user (origin) or recipient (destination), kept exactly as given. The
 * external exchange (chain 3586256): currency `0` and an account index as user or recipient. EVM
 * chains (every chain the attestation core's table does not list as non-EVM): the user, and the
 * recipient (which defaults to the user), must be EVM addresses, with a correct EIP-55 checksum when
 * mixed-case. Addresses on other non-EVM chains are left to the service. A non-EVM chain missing from
 * that table (a new chain, a testnet) is declared through `vmTypes`, which lifts the EVM rule from it.
 */
function checkRoute(body: RouteBody, ctx: Context, vmTypes: VmTypes) {
  const recipient = body.recipient ?? body.user;
  const recipientField = "recipient";
  if (body.originChainId === bitcoin.chainId) {
    if (body.originCurrency !== bitcoin.nativeCurrency)
      fail(
        ctx,
        "originCurrency",
        "bitcoin:currency",
        `must be the Bitcoin native identifier ${bitcoin.nativeCurrency}`,
      );
    if (!isBitcoinAddress({ address: body.user }))
      fail(ctx, "user", "bitcoin:user", "must be a valid Bitcoin address on a Bitcoin origin");
    if (body.useDepositAddress === true && body.refundTo === undefined)
      fail(ctx, "refundTo", "bitcoin:refundTo", "is needed for a Bitcoin origin with useDepositAddress");
  } else if (body.originChainId === externalExchange.chainId) {
    if (body.originCurrency !== externalExchange.currency)
      fail(ctx, "originCurrency", "exchange:currency", 'must be "0" on the external exchange');
    if (!isAccountIndex({ accountIndex: body.user }))
      fail(
        ctx,
        "user",
        "exchange:user",
        "must be an account index (decimal digits) on the external exchange",
      );
  } else if (vmTypeOfChain({ chainId: body.originChainId, vmTypes }) === "evm" && !isEvmAddress(body.user)) {
    fail(
      ctx,
      "user",
      "evm:user",
      "must be an EVM address (0x and 40 hex digits, valid checksum if mixed-case)",
    );
  }

  if (body.destinationChainId === bitcoin.chainId) {
    if (body.destinationCurrency !== bitcoin.nativeCurrency)
      fail(
        ctx,
        "destinationCurrency",
        "bitcoin:currency",
        `must be the Bitcoin native identifier ${bitcoin.nativeCurrency}`,
      );
    if (!isBitcoinAddress({ address: recipient }))
      fail(
        ctx,
        recipientField,
        "bitcoin:recipient",
        "must be a valid Bitcoin address for a Bitcoin destination",
      );
  } else if (body.destinationChainId === externalExchange.chainId) {
    if (body.destinationCurrency !== externalExchange.currency)
      fail(ctx, "destinationCurrency", "exchange:currency", 'must be "0" on the external exchange');
    if (!isAccountIndex({ accountIndex: recipient }))
      fail(
        ctx,
        recipientField,
        "exchange:recipient",
        "must be an account index for an external-exchange destination",
      );
  } else if (
    vmTypeOfChain({ chainId: body.destinationChainId, vmTypes }) === "evm" &&
    !isEvmAddress(recipient)
  ) {
    fail(
      ctx,
      recipientField,
      "evm:recipient",
      body.recipient === undefined
        ? "is needed: the user is not an EVM address, so it cannot default to the user"
        : "must be an EVM address (0x and 40 hex digits, valid checksum if mixed-case)",
    );
  }
  checkNotZero(body, ctx);
}

/**
 * Money sent to the zero address is gone: it is never a recipient (where the destination pays), nor
 * a refund address (the live code for both is `INVALID_RECIPIENT` / `INVALID_ADDRESS`).
 */
function checkNotZero(body: RouteBody, ctx: Context) {
  const zero = /^0x0{40}$/i;
  if (zero.test(body.recipient ?? body.user))
    fail(
      ctx,
      "recipient",
      "zero:recipient",
      "must not be the zero address: what is paid there can never be spent",
    );
  if (typeof body.refundTo === "string" && zero.test(body.refundTo))
    fail(
      ctx,
      "refundTo",
      "zero:refundTo",
      "must not be the zero address: a refund paid there can never be spent",
    );
}

/**
 * `recoveryAddress` (the official SDK's types): an origin-chain address that a deposit address's
 * funds are recovered to, so it needs `useDepositAddress: true`; on a Bitcoin origin a valid Bitcoin
 * address, on an EVM origin an EVM address (checksum when mixed-case), never the zero address.
 * Other origins are left to the service.
 */
function checkRecoveryAddress(
  body: RouteBody & { recoveryAddress?: string | undefined },
  ctx: Context,
  vmTypes: VmTypes,
) {
  const address = body.recoveryAddress;
  if (address === undefined) return;
  if (body.useDepositAddress !== true)
    fail(ctx, "recoveryAddress", "requires:useDepositAddress", "needs useDepositAddress: true");
  if (body.originChainId === bitcoin.chainId) {
    if (!isBitcoinAddress({ address }))
      fail(
        ctx,
        "recoveryAddress",
        "bitcoin:recoveryAddress",
        "must be a valid Bitcoin address on a Bitcoin origin",
      );
  } else if (vmTypeOfChain({ chainId: body.originChainId, vmTypes }) === "evm") {
    if (!isEvmAddress(address))
      fail(
        ctx,
        "recoveryAddress",
        "evm:recoveryAddress",
        "must be an EVM address of the origin chain (0x and 40 hex digits, valid checksum if mixed-case)",
      );
    else if (/^0x0{40}$/i.test(address))
      fail(
        ctx,
        "recoveryAddress",
        "zero:recoveryAddress",
        "must not be the zero address: what is recovered there can never be spent",
      );
  }
}

/** `POST /currencies/v1` body. */
export const currenciesRequestSchema = z.strictObject({
  defaultList: z.boolean().optional(),
  chainIds: z.array(chainIdSchema).optional(),
  term: z.string().optional(),
  address: z.string().optional(),
  currencyId: z.string().optional(),
  tokens: z.array(z.string().regex(patterns.token, { message: "must be <chainId>:<address>" })).optional(),
  verified: z.boolean().optional(),
  limit: z.number().int().positive().optional(),
  includeAllChains: z.boolean().optional(),
  useExternalSearch: z.boolean().optional(),
  depositAddressOnly: z.boolean().optional(),
});

const quoteObject = z.strictObject({
  ...routeFields,
  // The official SDK's types: where a deposit address's funds are recovered to, on the origin chain
  // (`checkRecoveryAddress`).
  recoveryAddress: nonEmpty.optional(),
  txsGasLimit: positiveInt.optional(),
  // The official SDK's types: EIP-7702 authorizations the destination fill carries (a type-4 transaction).
  authorizationList: z.array(authorizationSchema).optional(),
  // The official SDK's types: "additional data needed for specific routes"; `userPublicKey` is a P2SH
  // Bitcoin user's public key (hex), which the deposit's transaction data needs. Other keys pass.
  additionalData: z.looseObject({ userPublicKey: z.string().optional() }).optional(),
  referrerAddress: z
    .string()
    .regex(patterns.evmAddress, { message: "must be 0x and 40 hex digits" })
    .optional(),
  topupGas: z.boolean().optional(),
  topupGasAmount: amountString.optional(),
  enableTrueExactOutput: z.boolean().optional(),
  explicitDeposit: z.boolean().optional(),
  permitExpiry: positiveInt.optional(),
  strict: z.boolean().optional(),
  latePaymentSlippageTolerance: basisPoints.optional(),
  gasLimitForDepositSpecifiedTxs: positiveInt.optional(),
  forceSolverExecution: z.boolean().optional(),
  subsidizeFees: z.boolean().optional(),
  sponsoredFeeComponents: z.array(z.enum(sponsoredFeeComponents)).min(1).optional(),
  maxSubsidizationAmount: amountString.optional(),
  subsidizeRent: z.boolean().optional(),
  includedSwapSources: z.array(z.string()).optional(),
  excludedSwapSources: z.array(z.string()).optional(),
  includedOriginSwapSources: z.array(z.string()).optional(),
  includedDestinationSwapSources: z.array(z.string()).optional(),
  originGasOverhead: positiveInt.optional(),
  depositFeePayer: z.string().optional(),
  maxRouteLength: positiveInt.optional(),
  useSharedAccounts: z.boolean().optional(),
  includeComputeUnitLimit: z.boolean().optional(),
  overridePriceImpact: z.boolean().optional(),
  // The official SDK's types: turns off the service's preferred swap provider selection.
  disableSwapProviderPreference: z.boolean().optional(),
  disableOriginSwaps: z.boolean().optional(),
  fixedRate: z.string().optional(),
  ttl: positiveInt.optional(),
  // Not in the interface tables; the live service documents it for protocol.v2.orderSignature.
  includeProtocolData: z.boolean().optional(),
});

/**
 * `GET /intents/status/v3` query. `referrer` is not in the interface's table; the live service
 * accepts it (the official SDK adds the integrator's `source` to every status poll).
 */
export const statusRequestSchema = z.strictObject({
  requestId: z.string().regex(patterns.requestId, { message: "must be 0x and 64 hex digits" }),
  referrer: z.string().optional(),
});

/** `GET /requests/{requestId}/signature` (v1) or `.../signature/v2` (v2). */
export const attestationRequestSchema = z.strictObject({
  requestId: z.string().regex(patterns.requestId, { message: "must be 0x and 64 hex digits" }),
  version: z.enum(["v1", "v2"]).optional(),
});

/**
 * `POST /transactions/index` body. `chainId` is a number per the interface; a decimal string is also
 * accepted (and kept) because real traffic sends both (the official SDK sends a string). `referrer`
 * is not in the interface's table; the official SDK sends its `source` there.
 */
export const transactionsIndexRequestSchema = z.strictObject({
  chainId: z.union([chainIdSchema, z.string().regex(/^[0-9]+$/, { message: "must be decimal digits" })]),
  txHash: z.string().regex(/^\S+$/, { message: "must be a non-empty hash without spaces" }),
  requestId: z.string().regex(patterns.requestId, { message: "must be 0x and 64 hex digits" }).optional(),
  referrer: z.string().optional(),
});

/**
 * `POST /transactions/single` body: what the official SDK posts after it sent a transaction of a
 * same-chain (self-executed) request. `tx` is a JSON string of the step item's `data` with the
 * transaction's `txHash` (or `replacementTxHash` after a speed-up); `chainId` a decimal string (or a
 * number); `referrer` the SDK's `source`.
 */
export const transactionsSingleRequestSchema = z.strictObject({
  requestId: z.string().regex(patterns.requestId, { message: "must be 0x and 64 hex digits" }),
  chainId: z.union([chainIdSchema, z.string().regex(/^[0-9]+$/, { message: "must be decimal digits" })]),
  tx: z.string().min(1),
  referrer: z.string().optional(),
});

/** A query integer: a number, or decimal digits as a query string carries it. */
const queryInt = z.union([
  z.number().int().nonnegative(),
  z.string().regex(/^[0-9]+$/, { message: "must be decimal digits" }),
]);
/** A query flag: a boolean, or `true` / `false` as a query string carries it. */
const queryFlag = z.union([z.boolean(), z.enum(["true", "false"])]);
/** A query number (USD amounts): a number, or a decimal string. */
const queryNumber = z.union([
  z.number().nonnegative(),
  z.string().regex(/^[0-9]+(\.[0-9]+)?$/, { message: "must be a decimal number" }),
]);

/**
 * `GET /requests/v3` query (the live service's parameters; the `x-api-key` header is required).
 * Every parameter is optional and they combine with AND. `limit` is 1 to 50; `continuation` is the
 * cursor of the previous page; timestamps are Unix seconds.
 */
export const requestsRequestSchema = z.strictObject({
  limit: z
    .union([
      z.number().int().min(1).max(50),
      z.string().regex(/^([1-9]|[1-4][0-9]|50)$/, { message: "must be 1 to 50" }),
    ])
    .optional(),
  continuation: z.string().min(1).optional(),
  includeTotal: queryFlag.optional(),
  term: z.string().min(1).optional(),
  id: z.string().regex(patterns.requestId, { message: "must be 0x and 64 hex digits" }).optional(),
  orderId: z.string().regex(patterns.requestId, { message: "must be 0x and 64 hex digits" }).optional(),
  depositTxHash: z.string().min(1).optional(),
  fillTxHash: z.string().min(1).optional(),
  refundTxHash: z.string().min(1).optional(),
  user: z.string().min(1).optional(),
  depositAddress: z.string().min(1).optional(),
  recipient: z.string().min(1).optional(),
  originChainId: queryInt.optional(),
  destinationChainId: queryInt.optional(),
  chainId: queryInt.optional(),
  privateChainsToInclude: z.string().optional(),
  status: z.enum(["success", "failure", "refund", "pending", "depositing"]).optional(),
  failReason: z.string().min(1).optional(),
  refundFailReason: z.string().min(1).optional(),
  apiKey: z.string().min(1).optional(),
  referrer: z.string().min(1).optional(),
  requestType: z.string().min(1).optional(),
  currencyInChainId: queryInt.optional(),
  currencyOutChainId: queryInt.optional(),
  currencyInAddress: z.string().min(1).optional(),
  currencyOutAddress: z.string().min(1).optional(),
  currencyInSymbol: z.string().min(1).optional(),
  currencyOutSymbol: z.string().min(1).optional(),
  sortBy: z.enum(["createdAt", "updatedAt", "amountUsd"]).optional(),
  sortDirection: z.enum(["asc", "desc"]).optional(),
  startTimestamp: queryInt.optional(),
  endTimestamp: queryInt.optional(),
  startBlock: queryInt.optional(),
  endBlock: queryInt.optional(),
  amountUsdMin: queryNumber.optional(),
  amountUsdMax: queryNumber.optional(),
  appFeesAmountUsdMin: queryNumber.optional(),
  appFeesAmountUsdMax: queryNumber.optional(),
  fillTimeMin: queryInt.optional(),
  fillTimeMax: queryInt.optional(),
  features: z.string().optional(),
  includeAuthenticatedData: queryFlag.optional(),
  includeChildRequests: queryFlag.optional(),
  filters: z.string().optional(),
});

/**
 * `GET /requests/v2` query (the official SDK's types; the older listing, public, no API key needed).
 * `user` is the sender or the recipient, `hash` an origin or destination transaction hash;
 * `includeOrderData` adds each request's `orderData`. Every parameter is optional.
 */
export const requestsV2RequestSchema = z.strictObject({
  limit: requestsRequestSchema.shape.limit,
  continuation: z.string().min(1).optional(),
  user: z.string().min(1).optional(),
  hash: z.string().min(1).optional(),
  originChainId: queryInt.optional(),
  destinationChainId: queryInt.optional(),
  privateChainsToInclude: z.string().optional(),
  id: z.string().regex(patterns.requestId, { message: "must be 0x and 64 hex digits" }).optional(),
  orderId: z.string().regex(patterns.requestId, { message: "must be 0x and 64 hex digits" }).optional(),
  includeOrderData: queryFlag.optional(),
  startTimestamp: queryInt.optional(),
  endTimestamp: queryInt.optional(),
  startBlock: queryInt.optional(),
  endBlock: queryInt.optional(),
  chainId: queryInt.optional(),
  referrer: z.string().min(1).optional(),
  depositAddress: z.string().min(1).optional(),
  includeChildRequests: queryFlag.optional(),
  includeAuthenticatedData: queryFlag.optional(),
  status: z.enum(["success", "failure", "refund", "pending", "depositing"]).optional(),
  apiKey: z.string().min(1).optional(),
  sortBy: z.enum(["createdAt", "updatedAt"]).optional(),
  sortDirection: z.enum(["asc", "desc"]).optional(),
});

/**
 * `GET /config/v2` query (the official SDK's types): a pair of chains, and optionally the `user` whose
 * balance and largest bridge to report and the `currency` (a currency id such as `eth`, `usdc` or
 * `btc`; default: the destination chain's native currency).
 */
export const configRequestSchema = z.strictObject({
  originChainId: queryInt,
  destinationChainId: queryInt,
  user: z.string().min(1).optional(),
  currency: z.string().min(1).optional(),
});

export type CreateRequestSchemasParameters = {
  /**
   * VM type per chain id (decimal string keys), added to the attestation core's table of non-EVM
   * chains. Chains in neither are EVM, and their users and recipients must be EVM addresses.
   */
  vmTypes?: Readonly<Record<string, VmType>> | undefined;
};

/**
 * Builds the request schemas keyed by endpoint (each a Standard Schema), optionally knowing more
 * non-EVM chains than the built-in table.
 *
 * @param parameters - {@link CreateRequestSchemasParameters}
 * @returns The request schemas.
 * @example
 * const schemas = createRequestSchemas({ vmTypes: { "9092725": "bvm" } })
 */
export function createRequestSchemas({ vmTypes }: CreateRequestSchemasParameters = {}) {
  return {
    currencies: currenciesRequestSchema,
    /** `POST /price` body. */
    price: z.strictObject(routeFields).superRefine((body, ctx) => {
      checkDepositAddress(body, ctx, vmTypes);
      checkRoute(body, ctx, vmTypes);
    }),
    /** `POST /quote/v2` body. */
    quote: quoteObject.superRefine((body, ctx) => {
      if (body.strict === true) {
        if (body.useDepositAddress !== true)
          fail(ctx, "strict", "requires:useDepositAddress", "needs useDepositAddress: true");
        if (body.refundTo === undefined) fail(ctx, "strict", "requires:refundTo", "needs refundTo");
      }
      if (body.topupGasAmount !== undefined && body.topupGas !== true)
        fail(ctx, "topupGasAmount", "requires:topupGas", "needs topupGas: true");
      if (body.sponsoredFeeComponents !== undefined && body.subsidizeFees !== true)
        fail(ctx, "sponsoredFeeComponents", "requires:subsidizeFees", "needs subsidizeFees: true");
      if (body.maxSubsidizationAmount !== undefined && body.subsidizeFees !== true)
        fail(ctx, "maxSubsidizationAmount", "requires:subsidizeFees", "needs subsidizeFees: true");
      checkRecoveryAddress(body, ctx, vmTypes);
      if (body.tradeType === "EXACT_OUTPUT" && body.useDepositAddress === true && body.strict !== true)
        fail(ctx, "tradeType", "requires:strict", "EXACT_OUTPUT with useDepositAddress needs strict: true");
      checkDepositAddress(body, ctx, vmTypes);
      checkRoute(body, ctx, vmTypes);
    }),
    status: statusRequestSchema,
    attestation: attestationRequestSchema,
    transactionsIndex: transactionsIndexRequestSchema,
    transactionsSingle: transactionsSingleRequestSchema,
    requests: requestsRequestSchema,
    /** `GET /requests/v2` query. */
    requestsV2: requestsV2RequestSchema,
    /** `POST /currencies/v2` body: the same filters as v1. */
    currenciesV2: currenciesRequestSchema,
    /** `GET /config/v2` query. */
    config: configRequestSchema,
    ...integratorRequestSchemas,
  } as const;
}

/** Request schemas keyed by endpoint, with the built-in table of non-EVM chains. */
export const requestSchemas = createRequestSchemas();

/** `POST /price` body. */
export const priceRequestSchema = requestSchemas.price;

/** `POST /quote/v2` body. */
export const quoteRequestSchema = requestSchemas.quote;
