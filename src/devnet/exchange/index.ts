export {
  devnetExchangeApiKey,
  type ExchangeAsset,
  type ExchangeTestAccount,
  exchangeAssets,
  exchangeRouteTypes,
  exchangeSolverAccount,
  exchangeTestAccounts,
  maxExchangeAmount,
  usdcAssetIndex,
} from "./constants.js";
export { createExchangeApp, type ExchangeTransferJson, toExchangeTransferJson } from "./createExchangeApp.js";
export {
  type CreateExchangeLedgerParameters,
  createExchangeLedger,
  type ExchangeAccountSpec,
  type ExchangeBalance,
  type ExchangeLedger,
  type ExchangeTransfer,
} from "./createExchangeLedger.js";
export { ExchangeError, type ExchangeErrorCode, exchangeErrorCodes } from "./errors.js";
export type { ExchangeErrorType } from "./errors.js";
export {
  type ParsedTransferRequest,
  parseTransferRequest,
  type TransferRequest,
} from "./parseTransferRequest.js";
