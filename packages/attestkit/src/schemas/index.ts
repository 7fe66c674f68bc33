/**
 * The vocabulary of the service's interface (`attestkit/schemas`): zod schemas of every request
 * and response, steps and statuses, shared by the client and the devnet; `validateRequest` checks a
 * body against every rule and names the field that breaks one.
 *
 * @module schemas
 */
export {
  type CheckDepositAddressRouteParameters,
  checkDepositAddressRoute,
  type DepositAddressRouteVerdict,
  type IsNativeCurrencyParameters,
  isNativeCurrency,
} from "./depositAddressRoute.js";
export {
  type DescribeReasonParameters,
  type DescribeReasonReturnType,
  describeReason,
} from "./describeReason.js";
export type { InspectedDelivery, InspectedRequest } from "./devnetRequestRecord.js";
export type { InvalidRequestErrorType, InvalidResponseErrorType } from "./errors.js";
export {
  InvalidRequestError,
  InvalidResponseError,
  type RequestIssue,
  type ResponseIssue,
} from "./errors.js";
export {
  type FindUnknownFieldsParameters,
  type FindUnknownFieldsReturnType,
  findUnknownFields,
  type UnknownField,
} from "./findUnknownFields.js";
export { type FailReason, failReasons, type RefundFailReason, refundFailReasons } from "./failReasons.js";
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
  configRequestSchema,
  createRequestSchemas,
  currenciesRequestSchema,
  priceRequestSchema,
  quoteRequestSchema,
  type RequestRuleId,
  requestSchemas,
  requestsRequestSchema,
  requestsV2RequestSchema,
  statusRequestSchema,
  transactionsIndexRequestSchema,
  transactionsSingleRequestSchema,
} from "./requests.js";
export {
  amountSchema,
  currencyListItemSchema,
  currencySchema,
  detailsSchema,
  feeSponsorshipSchema,
  feesSchema,
  protocolSchema,
  requestRecordSchema,
  requestTransactionSchema,
  requestV2RecordSchema,
  requestV2TransactionSchema,
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
  ConfigRequest,
  ConfigResponse,
  CurrenciesRequest,
  CurrenciesResponse,
  CurrenciesV2Request,
  CurrenciesV2Response,
  DevnetInfoResponse,
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
  RequestRecord,
  RequestsRequest,
  RequestsResponse,
  RequestsV2Request,
  RequestsV2Response,
  RequestV2Record,
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
  TransactionsSingleRequest,
  TransactionsSingleResponse,
  WebhookEvent,
} from "./types.js";
export {
  type UnknownFieldsMode,
  type ValidateRequestErrorType,
  type ValidateRequestParameters,
  type ValidateRequestReturnType,
  validateRequest,
} from "./validateRequest.js";
