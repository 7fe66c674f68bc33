import type * as z from "zod";
import type { sponsoredFeeComponents, tradeTypes } from "./primitives.js";
import type { requestSchemas } from "./requests.js";
import type { responseSchemas } from "./responses.js";
import type {
  evmApprovalDataSchema,
  evmApprovalRequestSchema,
  evmTransactionDataSchema,
  evmTransactionRequestSchema,
  exchangeActionDataSchema,
  psbtDataSchema,
  signatureDataSchema,
  stepItemActionSchema,
  stepItemDataSchema,
  stepItemSchema,
  stepSchema,
} from "./steps.js";

/** Endpoints with a request schema. */
export type RequestEndpoint = keyof typeof requestSchemas;
/** Endpoints with a response schema. */
export type ResponseEndpoint = keyof typeof responseSchemas;

/** What a caller may pass for an endpoint. */
export type RequestInput<endpoint extends RequestEndpoint> = z.input<(typeof requestSchemas)[endpoint]>;
/** What a validated request of an endpoint is. */
export type RequestOutput<endpoint extends RequestEndpoint> = z.output<(typeof requestSchemas)[endpoint]>;
/** What a parsed response of an endpoint is. */
export type ResponseOutput<endpoint extends ResponseEndpoint> = z.output<(typeof responseSchemas)[endpoint]>;

export type CurrenciesRequest = RequestInput<"currencies">;
export type PriceRequest = RequestInput<"price">;
export type QuoteRequest = RequestInput<"quote">;
export type StatusRequest = RequestInput<"status">;
export type AttestationRequest = RequestInput<"attestation">;
export type TransactionsIndexRequest = RequestInput<"transactionsIndex">;
export type TransactionsSingleRequest = RequestInput<"transactionsSingle">;
export type RequestsRequest = RequestInput<"requests">;
export type RequestsV2Request = RequestInput<"requestsV2">;
export type CurrenciesV2Request = RequestInput<"currenciesV2">;
export type ConfigRequest = RequestInput<"config">;
export type DepositAddressRequest = RequestInput<"depositAddress">;
export type DepositAddressReindexRequest = RequestInput<"depositAddressReindex">;
export type ExecuteRequest = RequestInput<"execute">;
export type ExecutePermitRequest = RequestInput<"executePermit">;
export type ChainHealthRequest = RequestInput<"chainHealth">;
export type ChainLiquidityRequest = RequestInput<"chainLiquidity">;
export type SwapSourcesRequest = RequestInput<"swapSources">;
export type PriceRatesRequest = RequestInput<"priceRates">;
export type TokenPriceRequest = RequestInput<"tokenPrice">;
export type AppFeeBalancesRequest = RequestInput<"appFeeBalances">;
export type AppFeeClaimRequest = RequestInput<"appFeeClaim">;
export type AppFeeClaimsRequest = RequestInput<"appFeeClaims">;

export type CurrenciesResponse = ResponseOutput<"currencies">;
export type ChainsResponse = ResponseOutput<"chains">;
export type PriceResponse = ResponseOutput<"price">;
export type QuoteResponse = ResponseOutput<"quote">;
export type StatusResponse = ResponseOutput<"status">;
export type DevnetInfoResponse = ResponseOutput<"devnetInfo">;
export type AttestationResponse = ResponseOutput<"attestation">;
export type TransactionsIndexResponse = ResponseOutput<"transactionsIndex">;
export type TransactionsSingleResponse = ResponseOutput<"transactionsSingle">;
export type RequestsResponse = ResponseOutput<"requests">;
/** One request of `GET /requests/v3`. */
export type RequestRecord = RequestsResponse["requests"][number];
export type RequestsV2Response = ResponseOutput<"requestsV2">;
/** One request of `GET /requests/v2`. */
export type RequestV2Record = RequestsV2Response["requests"][number];
export type CurrenciesV2Response = ResponseOutput<"currenciesV2">;
export type ConfigResponse = ResponseOutput<"config">;
export type DepositAddressResponse = ResponseOutput<"depositAddress">;
export type DepositAddressReindexResponse = ResponseOutput<"depositAddressReindex">;
export type ExecuteResponse = ResponseOutput<"execute">;
export type ExecutePermitResponse = ResponseOutput<"executePermit">;
export type ChainHealthResponse = ResponseOutput<"chainHealth">;
export type ChainLiquidityResponse = ResponseOutput<"chainLiquidity">;
export type SwapSourcesResponse = ResponseOutput<"swapSources">;
export type PriceRatesResponse = ResponseOutput<"priceRates">;
export type TokenPriceResponse = ResponseOutput<"tokenPrice">;
export type AppFeeBalancesResponse = ResponseOutput<"appFeeBalances">;
export type AppFeeClaimResponse = ResponseOutput<"appFeeClaim">;
export type AppFeeClaimsResponse = ResponseOutput<"appFeeClaims">;
export type WebhookEvent = ResponseOutput<"webhook">;
export type ErrorResponse = ResponseOutput<"error">;

export type Step = z.output<typeof stepSchema>;
export type StepItem = z.output<typeof stepItemSchema>;
export type StepItemData = z.output<typeof stepItemDataSchema>;
export type EvmTransactionData = z.output<typeof evmTransactionDataSchema>;
export type EvmApprovalData = z.output<typeof evmApprovalDataSchema>;
export type PsbtData = z.output<typeof psbtDataSchema>;
export type ExchangeActionData = z.output<typeof exchangeActionDataSchema>;
export type SignatureData = z.output<typeof signatureDataSchema>;
/** An EVM transaction item as the wallet sends it (quantities as bigints). */
export type EvmTransactionRequest = z.output<typeof evmTransactionRequestSchema>;
/** An EVM approval item as the wallet sends it. */
export type EvmApprovalRequest = z.output<typeof evmApprovalRequestSchema>;
/** A step item with its kind, its data checked for that kind. */
export type StepItemAction = z.output<typeof stepItemActionSchema>;
export type TradeType = (typeof tradeTypes)[number];
export type SponsoredFeeComponent = (typeof sponsoredFeeComponents)[number];
