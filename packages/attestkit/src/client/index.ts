/**
 * The service client (`attestkit/client`): one typed action per endpoint (quote, status,
 * attestation, chains, currencies, price, transaction indexing, deposit addresses, gasless execution
 * and permits, chain health and liquidity, swap sources, prices, app fees; `docs/endpoints.md` lists
 * them) with requests validated before they leave, retries with backoff, typed errors without the key, `executeSteps` to run a quote's steps
 * with a viem wallet and `waitForStatus` to follow a request to its end.
 *
 * @module client
 */
// Validation errors the actions throw, so callers of the client can catch them from one place.

export type { InvalidTrustRootErrorType } from "../orders/errors.js";
export { InvalidTrustRootError } from "../orders/errors.js";
export { deriveDepositAddress } from "../orders/trustRoot/deriveDepositAddress.js";
export { publishedTrustRoot } from "../orders/trustRoot/publishedTrustRoot.js";
export { resolveTrustRoot } from "../orders/trustRoot/resolveTrustRoot.js";
export { toTrustRoot } from "../orders/trustRoot/toTrustRoot.js";
export type { DepositAddressRule, TrustedChain, TrustRoot } from "../orders/trustRoot/types.js";
export type { InvalidRequestErrorType, InvalidResponseErrorType } from "../schemas/errors.js";
export { InvalidRequestError, InvalidResponseError } from "../schemas/errors.js";
export {
  type ClaimAppFeesErrorType,
  type ClaimAppFeesParameters,
  type ClaimAppFeesReturnType,
  claimAppFees,
} from "./actions/claimAppFees.js";
export {
  type CreateStatusTrackerErrorType,
  type CreateStatusTrackerParameters,
  createStatusTracker,
  type StatusTracker,
  type StatusTrackerClock,
  type StatusTrackerState,
  type TimerHandle,
  type TrackErrorType,
  type TrackParameters,
  type WebSocketConstructor,
  type WebSocketLike,
} from "./actions/createStatusTracker.js";
export {
  type ExecuteGaslessErrorType,
  type ExecuteGaslessParameters,
  type ExecuteGaslessReturnType,
  executeGasless,
} from "./actions/executeGasless.js";
export {
  type ExecuteStepsErrorType,
  type ExecuteStepsHandlers,
  type ExecuteStepsItem,
  type ExecuteStepsParameters,
  type ExecuteStepsProgressEvent,
  type ExecuteStepsReturnType,
  type ExecuteStepsVerifyOptions,
  executeSteps,
  type ReceiptClient,
  type StepHandlerContext,
} from "./actions/executeSteps.js";
export {
  type GetAppFeeBalancesErrorType,
  type GetAppFeeBalancesParameters,
  type GetAppFeeBalancesReturnType,
  getAppFeeBalances,
} from "./actions/getAppFeeBalances.js";
export {
  type GetAppFeeClaimsErrorType,
  type GetAppFeeClaimsParameters,
  type GetAppFeeClaimsReturnType,
  getAppFeeClaims,
} from "./actions/getAppFeeClaims.js";
export {
  type AttestationVerifyOptions,
  type GetAttestationErrorType,
  type GetAttestationParameters,
  type GetAttestationReturnType,
  getAttestation,
} from "./actions/getAttestation.js";
export {
  type GetChainHealthErrorType,
  type GetChainHealthParameters,
  type GetChainHealthReturnType,
  getChainHealth,
} from "./actions/getChainHealth.js";
export {
  type GetChainLiquidityErrorType,
  type GetChainLiquidityParameters,
  type GetChainLiquidityReturnType,
  getChainLiquidity,
} from "./actions/getChainLiquidity.js";
export { type GetChainsErrorType, type GetChainsReturnType, getChains } from "./actions/getChains.js";
export {
  type GetConfigErrorType,
  type GetConfigParameters,
  type GetConfigReturnType,
  getConfig,
} from "./actions/getConfig.js";
export {
  type GetCurrenciesErrorType,
  type GetCurrenciesParameters,
  type GetCurrenciesReturnType,
  getCurrencies,
} from "./actions/getCurrencies.js";
export {
  type GetCurrenciesV2ErrorType,
  type GetCurrenciesV2Parameters,
  type GetCurrenciesV2ReturnType,
  getCurrenciesV2,
} from "./actions/getCurrenciesV2.js";
export {
  type GetDepositAddressErrorType,
  type GetDepositAddressParameters,
  type GetDepositAddressReturnType,
  getDepositAddress,
} from "./actions/getDepositAddress.js";
export {
  type GetDevnetInfoErrorType,
  type GetDevnetInfoReturnType,
  getDevnetInfo,
} from "./actions/getDevnetInfo.js";
export {
  type GetPriceErrorType,
  type GetPriceParameters,
  type GetPriceReturnType,
  getPrice,
} from "./actions/getPrice.js";
export {
  type GetPriceRatesErrorType,
  type GetPriceRatesReturnType,
  getPriceRates,
} from "./actions/getPriceRates.js";
export {
  type GetQuoteErrorType,
  type GetQuoteParameters,
  type GetQuoteReturnType,
  getQuote,
  type QuoteVerifyOptions,
} from "./actions/getQuote.js";
export {
  type GetRequestsErrorType,
  type GetRequestsParameters,
  type GetRequestsReturnType,
  getRequests,
} from "./actions/getRequests.js";
export {
  type GetRequestsV2ErrorType,
  type GetRequestsV2Parameters,
  type GetRequestsV2ReturnType,
  getRequestsV2,
} from "./actions/getRequestsV2.js";
export {
  type GetStatusErrorType,
  type GetStatusParameters,
  type GetStatusReturnType,
  getStatus,
} from "./actions/getStatus.js";
export {
  type GetSwapSourcesErrorType,
  type GetSwapSourcesParameters,
  type GetSwapSourcesReturnType,
  getSwapSources,
} from "./actions/getSwapSources.js";
export {
  type GetTokenPriceErrorType,
  type GetTokenPriceParameters,
  type GetTokenPriceReturnType,
  getTokenPrice,
} from "./actions/getTokenPrice.js";
export {
  type IndexTransactionErrorType,
  type IndexTransactionParameters,
  type IndexTransactionReturnType,
  indexTransaction,
} from "./actions/indexTransaction.js";
export {
  type ReindexDepositAddressErrorType,
  type ReindexDepositAddressParameters,
  type ReindexDepositAddressReturnType,
  reindexDepositAddress,
} from "./actions/reindexDepositAddress.js";
export {
  type ReportSameChainTransactionErrorType,
  type ReportSameChainTransactionParameters,
  type ReportSameChainTransactionReturnType,
  reportSameChainTransaction,
} from "./actions/reportSameChainTransaction.js";
export {
  type SubmitPermitErrorType,
  type SubmitPermitParameters,
  type SubmitPermitReturnType,
  submitPermit,
} from "./actions/submitPermit.js";
export {
  type TrackRequestErrorType,
  type TrackRequestParameters,
  type TrackRequestReturnType,
  trackRequest,
} from "./actions/trackRequest.js";
export {
  type BitcoinDepositStall,
  type BitcoinDepositWatch,
  defaultNotFoundWindowMs,
  defaultWaitTimeoutMs,
  type WaitForStatusErrorType,
  type WaitForStatusParameters,
  type WaitForStatusReturnType,
  waitForStatus,
} from "./actions/waitForStatus.js";
export {
  type BaseClient,
  baseUrls,
  type Client,
  type ClientConfig,
  type ClientRequestParameters,
  type CreateBaseClientErrorType,
  type CreateBaseClientParameters,
  type CreateBaseClientReturnType,
  createBaseClient,
  type Network,
  type RequestOptions,
} from "./createBaseClient.js";
export {
  type CreateClientErrorType,
  type CreateClientParameters,
  type CreateClientReturnType,
  createClient,
} from "./createClient.js";
export { type ServiceActions, serviceActions } from "./decorators/serviceActions.js";
export type { InvalidClientConfigErrorType, InvalidOptionErrorType } from "./errors/config.js";
export { InvalidClientConfigError, InvalidOptionError } from "./errors/config.js";
export type { MissingPaymentIntentErrorType, PaymentMismatchErrorType } from "./errors/payment.js";
export { describePaymentCheck, MissingPaymentIntentError, PaymentMismatchError } from "./errors/payment.js";
export type {
  AbortErrorType,
  ApiErrorType,
  InvalidJsonErrorType,
  NetworkErrorType,
  RateLimitErrorType,
  RedirectErrorType,
  TimeoutErrorType,
} from "./errors/request.js";
export {
  AbortError,
  ApiError,
  type ApiErrorParameters,
  type ClientErrorType,
  InvalidJsonError,
  maxErrorBodyBytes,
  NetworkError,
  RateLimitError,
  RedirectError,
  type RedirectErrorReason,
  TimeoutError,
} from "./errors/request.js";
export type {
  LastStatus,
  RequestFailedErrorType,
  RequestNotFoundErrorType,
  UnknownStatusErrorType,
  WaitForStatusTimeoutErrorType,
} from "./errors/status.js";
export {
  RequestFailedError,
  RequestNotFoundError,
  UnknownStatusError,
  WaitForStatusTimeoutError,
} from "./errors/status.js";
export type {
  InvalidStepItemErrorType,
  MissingStepHandlerErrorType,
  StepCheckFailedErrorType,
  StepCheckTimeoutErrorType,
  TransactionRevertedErrorType,
} from "./errors/steps.js";
export {
  InvalidStepItemError,
  MissingStepHandlerError,
  StepCheckFailedError,
  StepCheckTimeoutError,
  TransactionRevertedError,
} from "./errors/steps.js";
export type { AccountMismatchErrorType, ChainMismatchErrorType } from "./errors/wallet.js";
export { AccountMismatchError, ChainMismatchError } from "./errors/wallet.js";
export {
  type CheckStepItemsParameters,
  type CheckStepItemsReturnType,
  checkStepItems,
} from "./payment/checkStepItems.js";
export type {
  EffectContext,
  ExpectedPayment,
  Move,
  PaymentEffect,
  PaymentFields,
  PaymentLimits,
  PaymentVia,
  PlacedMove,
} from "./payment/effects/types.js";
export {
  type CheckOrderIntentParameters,
  checkOrderIntent,
} from "./payment/intent/checkOrderIntent.js";
export { itemDigest } from "./payment/itemDigest.js";
export { quoteIntentOf, withQuoteIntent } from "./payment/quoteIntent.js";
export type {
  PaymentCheck,
  PaymentCheckMoney,
  PaymentCheckName,
  PaymentIntent,
  PaymentItemRef,
  PaymentTerms,
  VerifyPaymentResult,
} from "./payment/types.js";
export {
  defaultMaxBitcoinFeeRate,
  defaultMaxDeadlineSeconds,
  defaultMaxExchangeFee,
  defaultMaxSlippageBps,
  type VerifyPaymentErrorType,
  type VerifyPaymentParameters,
  type VerifyPaymentReturnType,
  verifyPayment,
} from "./payment/verifyPayment.js";
export type { HttpRequestParameters, RetryConfig } from "./utils/httpRequest.js";
export {
  type IsRetryableErrorParameters,
  isRetryableError,
  transientErrorCodes,
} from "./utils/isRetryableError.js";
export { type ParseRetryAfterParameters, parseRetryAfter } from "./utils/parseRetryAfter.js";
export {
  type IsAmbiguousFailureParameters,
  isAmbiguousFailure,
  isIdempotent,
  type RetryPolicy,
  retryPolicies,
} from "./utils/retryPolicy.js";
export {
  type RetryContext,
  type WithRetryErrorType,
  type WithRetryParameters,
  type WithRetryReturnType,
  withRetry,
} from "./utils/withRetry.js";
