import * as z from "zod";
import { knownString, numberish, optionalFlag, optionalText, responseChainId } from "./primitives.js";
import { stepSchema } from "./steps.js";

// Response schemas of the routes of `integratorRequests.ts`, shaped from the official SDK's API types.
// Lenient as the others: unknown fields kept (looseObject), null accepted for every optional field,
// number-or-string where amounts vary, an enum value the client does not know kept as a string. What
// a caller keys on is required: the list of a listing, the verdict of a health check, the price.

const text = optionalText;

/** The types' `type` of a deposit address. */
export const depositAddressTypes = ["open", "strict"] as const;

/** A currency inside an app fee amount (the SDK's `currency` of `balances[]` and `claims[]`). */
const feeCurrency = z.looseObject({
  chainId: responseChainId.nullish(),
  address: text,
  symbol: text,
  name: text,
  decimals: z.number().nullish(),
  metadata: z.looseObject({ logoURI: text, verified: optionalFlag, isNative: optionalFlag }).nullish(),
});

/** An amount with its currency, in the smallest unit, formatted and in USD. */
export const feeAmountSchema = z.looseObject({
  currency: feeCurrency.nullish(),
  amount: numberish.nullish(),
  amountFormatted: numberish.nullish(),
  amountUsd: numberish.nullish(),
  minimumAmount: numberish.nullish(),
});

/** One past claim of `GET /app-fees/{wallet}/claims`. */
export const appFeeClaimRecordSchema = z.looseObject({
  claimId: text,
  wallet: text,
  recipient: text,
  currency: feeAmountSchema.nullish(),
  txHash: text,
  status: text,
  createdAt: text,
});

/** One currency of the solver on a chain (`GET /chains/liquidity`). */
export const liquidityEntrySchema = z.looseObject({
  chainId: responseChainId.nullish(),
  currencyId: text,
  symbol: text,
  address: text,
  decimals: z.number().nullish(),
  balance: numberish.nullish(),
  amountUsd: numberish.nullish(),
});

/** The response schemas of these routes, keyed by endpoint, as `responseSchemas` spreads them. */
export const integratorResponseSchemas = {
  /** `GET /deposit-addresses/v1`: the address, its type, the request it was made for, its chain. */
  depositAddress: z.looseObject({
    depositAddress: z.string(),
    type: knownString(depositAddressTypes),
    requestId: z.string(),
    chainId: responseChainId,
    createdAt: text,
    currency: text,
    refundTo: text,
  }),
  /** `POST /transactions/deposit-address/reindex`: what was found and queued for withdrawal. */
  depositAddressReindex: z.looseObject({
    message: text,
    triggeredCurrencies: z
      .array(z.looseObject({ currency: text, symbol: text, balance: numberish.nullish() }))
      .nullish(),
    checkedCurrencies: numberish.nullish(),
    failedCurrencies: numberish.nullish(),
  }),
  /** `POST /execute`: the queued transaction's request id. */
  execute: z.looseObject({ message: text, requestId: text }),
  /** `POST /execute/permits`: a message, and steps left to do (none once the permit is submitted). */
  executePermit: z.looseObject({ message: text, steps: z.array(stepSchema).nullish() }),
  /** `GET /chains/health`: whether the chain (or every chain) is healthy. */
  chainHealth: z.looseObject({ healthy: z.boolean() }),
  /** `GET /chains/liquidity`: the solver's balance of each currency on the chain. */
  chainLiquidity: z.looseObject({ liquidity: z.array(liquidityEntrySchema) }),
  /** `GET /swap-sources`: the names a quote's swap-source fields take. */
  swapSources: z.looseObject({ sources: z.array(z.string()) }),
  /** `GET /prices/rates`: USD per whole unit, by currency symbol. */
  priceRates: z.record(z.string(), numberish.nullish()),
  /** `GET /currencies/token/price`: USD per whole unit. */
  tokenPrice: z.looseObject({ price: numberish }),
  /** `GET /app-fees/{wallet}/balances`: the claimable app fees, per currency and in USD. */
  appFeeBalances: z.looseObject({
    balances: z.array(feeAmountSchema),
    totalBalanceUsd: numberish.nullish(),
    outstandingFastFillBalanceUsd: numberish.nullish(),
    availableBalanceUsd: numberish.nullish(),
  }),
  /** `POST /app-fees/{wallet}/claim`: the steps of the claim (one signature step). */
  appFeeClaim: z.looseObject({ steps: z.array(stepSchema) }),
  /** `GET /app-fees/{wallet}/claims`: past claims, one page, and the cursor of the next. */
  appFeeClaims: z.looseObject({ claims: z.array(appFeeClaimRecordSchema), continuation: text }),
} as const;
