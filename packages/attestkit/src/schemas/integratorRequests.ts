import * as z from "zod";
import { amountSchema, chainIdSchema, patterns } from "./primitives.js";

// Request schemas of the routes an integrator calls besides quoting and tracking: deposit addresses,
// gasless execution and permits, chain health and liquidity, swap sources, prices and app fees. Every
// field rule is the official SDK's API types' (`packages/sdk/src/types/api.ts` of relay-kit): which
// fields are required, their types and enums; the formats (addresses, hex, amounts, request ids) are
// the interface's own patterns. Queries take numbers as numbers or as the decimal strings a query
// string carries, so the devnet checks what it receives with the same schema the client sends with.

const nonEmpty = z.string().min(1);
const requestId = z.string().regex(patterns.requestId, { message: "must be 0x and 64 hex digits" });
const evmAddress = z.string().regex(patterns.evmAddress, { message: "must be 0x and 40 hex digits" });
const hex = z.string().regex(patterns.hex, { message: "must be 0x and hex digits" });
/** A signature: 0x and at least one hex digit. */
const signature = z.string().regex(/^0x[0-9a-fA-F]+$/, { message: "must be 0x and hex digits" });
/** A chain id in a query: a number, or decimal digits as a query string carries it. */
const queryChainId = z.union([
  chainIdSchema,
  z.string().regex(/^[0-9]+$/, { message: "must be decimal digits" }),
]);
/** A wallet in a path (`/app-fees/{wallet}/...`): one segment, no spaces, slashes or query characters. */
const pathWallet = z
  .string()
  .regex(/^[^\s/?#%]+$/, { message: "must be one path segment (no spaces, /, ?, # or %)" });

/**
 * One EIP-7702 authorization (`authorizationList[]` of `POST /execute` and of a quote): the official
 * SDK's type, `{chainId, address, nonce, yParity, r, s}`.
 */
export const authorizationSchema = z.strictObject({
  chainId: chainIdSchema,
  address: evmAddress,
  nonce: z.number().int().nonnegative(),
  yParity: z.number().int().min(0).max(1),
  r: hex,
  s: hex,
});

/** A non-empty authorization list: the service refuses an empty one ("authorizationList cannot be empty"). */
const authorizationList = z.array(authorizationSchema).min(1);

/**
 * `GET /deposit-addresses/v1` query: a deposit address, or the request id it was made for. The SDK's
 * types ask for one of the two; giving both (or neither) is refused.
 */
export const depositAddressRequestSchema = z
  .strictObject({ address: nonEmpty.optional(), requestId: requestId.optional() })
  .superRefine((query, ctx) => {
    if ((query.address === undefined) === (query.requestId === undefined))
      ctx.addIssue({
        code: "custom",
        path: [query.address === undefined ? "address" : "requestId"],
        message: "needs exactly one of address and requestId",
        params: { rule: "oneOf:address|requestId" },
      });
  });

/**
 * `POST /transactions/deposit-address/reindex` body: the chain the deposit address was registered
 * on and the address; optionally another chain the funds landed on (`targetChainId`) and one currency
 * (`currency`, default every depositable one). `sweep` is deprecated and ignored by the service.
 */
export const depositAddressReindexRequestSchema = z.strictObject({
  chainId: chainIdSchema,
  depositAddress: nonEmpty,
  sweep: z.boolean().optional(),
  targetChainId: chainIdSchema.optional(),
  currency: nonEmpty.optional(),
});

/** `POST /execute` body (gasless execution, the x-api-key header required): raw calls only. */
export const executeRequestSchema = z.strictObject({
  executionKind: z.enum(["rawCalls"]),
  data: z.strictObject({
    chainId: chainIdSchema,
    to: evmAddress,
    data: hex,
    /** Wei, decimal digits. */
    value: amountSchema,
    authorizationList: authorizationList.optional(),
  }),
  executionOptions: z.strictObject({
    referrer: nonEmpty,
    subsidizeFees: z.boolean(),
    destinationChainExecutionData: z
      .strictObject({
        calls: z.array(
          z.strictObject({ to: evmAddress.optional(), value: amountSchema.optional(), data: hex.optional() }),
        ),
        authorizationList: authorizationList.optional(),
      })
      .optional(),
  }),
  requestId: requestId.optional(),
});

/**
 * `POST /execute/permits?signature=` as one object: `signature` goes to the query, the rest to the
 * body (`kind` and `requestId` as the quote's step gives them, `api` one of its values).
 */
export const executePermitRequestSchema = z.strictObject({
  signature,
  kind: nonEmpty,
  requestId,
  api: z.enum(["bridge", "swap", "user-swap"]).optional(),
});

/** `GET /chains/health` query: one chain, or none for all of them. */
export const chainHealthRequestSchema = z.strictObject({ chainId: queryChainId.optional() });

/** `GET /chains/liquidity` query: the chain whose solver balances to list. */
export const chainLiquidityRequestSchema = z.strictObject({ chainId: queryChainId });

/** `GET /swap-sources` query: one chain, or none for every source. */
export const swapSourcesRequestSchema = z.strictObject({ chainId: queryChainId.optional() });

/** `GET /prices/rates`: no parameters. */
export const priceRatesRequestSchema = z.strictObject({});

/** `GET /currencies/token/price` query: a token by chain and address. */
export const tokenPriceRequestSchema = z.strictObject({ address: nonEmpty, chainId: queryChainId });

/** `GET /app-fees/{wallet}/balances`: the wallet of the path. */
export const appFeeBalancesRequestSchema = z.strictObject({ wallet: pathWallet });

/**
 * `POST /app-fees/{wallet}/claim` as one object: `wallet` goes to the path, the rest to the body
 * (`chainId` and `currency` to claim, `recipient` paid, `amount` in the smallest unit, default all).
 */
export const appFeeClaimRequestSchema = z.strictObject({
  wallet: pathWallet,
  chainId: chainIdSchema,
  currency: nonEmpty,
  amount: amountSchema.optional(),
  recipient: nonEmpty,
});

/** `GET /app-fees/{wallet}/claims`: the wallet of the path, and a page (`limit`, `continuation`). */
export const appFeeClaimsRequestSchema = z.strictObject({
  wallet: pathWallet,
  limit: z
    .union([
      z.number().int().positive(),
      z.string().regex(/^[1-9][0-9]*$/, { message: "must be a positive integer" }),
    ])
    .optional(),
  continuation: nonEmpty.optional(),
});

/**
 * `POST /wallets/screen/override` (the official SDK's types; the service's own screening overrides,
 * which the devnet takes to simulate screening): the wallet, its chain, `ALLOW`, `BLOCK` or `NONE`
 * (removes the override), and why.
 */
export const walletScreenOverrideRequestSchema = z.strictObject({
  wallet: nonEmpty,
  chainId: nonEmpty.optional(),
  action: z.enum(["ALLOW", "BLOCK", "NONE"]),
  reason: z.string().optional(),
});

/** `GET /wallets/screen/info` query: the wallet. */
export const walletScreenInfoRequestSchema = z.strictObject({ wallet: nonEmpty });

/** The request schemas of these routes, keyed by endpoint, as `createRequestSchemas` spreads them. */
export const integratorRequestSchemas = {
  /** `GET /deposit-addresses/v1` query. */
  depositAddress: depositAddressRequestSchema,
  /** `POST /transactions/deposit-address/reindex` body. */
  depositAddressReindex: depositAddressReindexRequestSchema,
  /** `POST /execute` body. */
  execute: executeRequestSchema,
  /** `POST /execute/permits` query and body. */
  executePermit: executePermitRequestSchema,
  /** `GET /chains/health` query. */
  chainHealth: chainHealthRequestSchema,
  /** `GET /chains/liquidity` query. */
  chainLiquidity: chainLiquidityRequestSchema,
  /** `GET /swap-sources` query. */
  swapSources: swapSourcesRequestSchema,
  /** `GET /prices/rates`. */
  priceRates: priceRatesRequestSchema,
  /** `GET /currencies/token/price` query. */
  tokenPrice: tokenPriceRequestSchema,
  /** `GET /app-fees/{wallet}/balances` path. */
  appFeeBalances: appFeeBalancesRequestSchema,
  /** `POST /app-fees/{wallet}/claim` path and body. */
  appFeeClaim: appFeeClaimRequestSchema,
  /** `GET /app-fees/{wallet}/claims` path and query. */
  appFeeClaims: appFeeClaimsRequestSchema,
  /** `POST /wallets/screen/override` body. */
  walletScreenOverride: walletScreenOverrideRequestSchema,
  /** `GET /wallets/screen/info` query. */
  walletScreenInfo: walletScreenInfoRequestSchema,
} as const;
