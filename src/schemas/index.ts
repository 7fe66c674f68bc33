/**
 * The vocabulary of the service's interface (`attestkit/schemas`): zod schemas of every request
 * and response, steps and statuses, shared by the client and the devnet; `validateRequest` checks a
 * body against every rule and names the field that breaks one.
 *
 * @module schemas
 */
export {
  InvalidRequestError,
  InvalidResponseError,
  type RequestIssue,
  type ResponseIssue,
} from "./errors.js";
export {
  type ParseResponseErrorType,
  type ParseResponseParameters,
  type ParseResponseReturnType,
  parseResponse,
} from "./parseResponse.js";
export {
  chainIdSchema,
  knownString,
  numberish,
  patterns,
  responseChainId,
  sponsoredFeeComponents,
  tradeTypes,
  webhookEvents,
} from "./primitives.js";
export {
  attestationRequestSchema,
  type CreateRequestSchemasParameters,
  createRequestSchemas,
  currenciesRequestSchema,
  priceRequestSchema,
  quoteRequestSchema,
  type RequestRuleId,
  requestSchemas,
  statusRequestSchema,
  transactionsIndexRequestSchema,
} from "./requests.js";
export {
  amountSchema,
  currencyListItemSchema,
  currencySchema,
  detailsSchema,
  feeSponsorshipSchema,
  feesSchema,
  protocolSchema,
  responseSchemas,
} from "./responses.js";
export {
  depositAddressSchema,
  type FinalStatus,
  finalStatuses,
  type ItemDoneStatus,
  isFinalStatus,
  isItemDoneStatus,
  isKnownStatus,
  itemDoneStatuses,
  type RequestStatus,
  requestStatuses,
  statusSchema,
} from "./statuses.js";
export {
  evmApprovalDataSchema,
  evmApprovalRequestSchema,
  evmTransactionDataSchema,
  evmTransactionRequestSchema,
  exchangeActionDataSchema,
  psbtDataSchema,
  type StepItemKind,
  type StepItemKindParameters,
  signatureDataSchema,
  signSchema,
  stepItemActionSchema,
  stepItemDataSchema,
  stepItemKind,
  stepItemKinds,
  stepItemSchema,
  stepKinds,
  stepSchema,
} from "./steps.js";
export type {
  AttestationRequest,
  AttestationResponse,
  ChainsResponse,
  CurrenciesRequest,
  CurrenciesResponse,
  ErrorResponse,
  EvmApprovalData,
  EvmApprovalRequest,
  EvmTransactionData,
  EvmTransactionRequest,
  ExchangeActionData,
  PriceRequest,
  PriceResponse,
  PsbtData,
  QuoteRequest,
  QuoteResponse,
  RequestEndpoint,
  RequestInput,
  RequestOutput,
  ResponseEndpoint,
  ResponseOutput,
  SignatureData,
  SponsoredFeeComponent,
  StatusRequest,
  StatusResponse,
  Step,
  StepItem,
  StepItemAction,
  StepItemData,
  TradeType,
  TransactionsIndexRequest,
  TransactionsIndexResponse,
  WebhookEvent,
} from "./types.js";
export {
  type ValidateRequestErrorType,
  type ValidateRequestParameters,
  type ValidateRequestReturnType,
  validateRequest,
} from "./validateRequest.js";
