/**
 * Helpers for the service's non-EVM chains (`attestkit/chains`), one
 * folder per VM: Bitcoin (addresses, the balance rule, confirmations and stall guidance) and the
 * external exchange (account indexes, withdrawal transfers).
 *
 * @module chains
 */
export {
  type AssertBitcoinAddressErrorType,
  type AssertBitcoinAddressParameters,
  assertBitcoinAddress,
} from "./bitcoin/assertBitcoinAddress.js";
export {
  type BitcoinAddressSums,
  type BitcoinBalanceErrorType,
  type BitcoinBalanceParameters,
  type BitcoinBalanceReturnType,
  bitcoinBalance,
  type EsploraAddressStats,
} from "./bitcoin/bitcoinBalance.js";
export {
  type BitcoinConfirmationsErrorType,
  type BitcoinConfirmationsParameters,
  type BitcoinConfirmationsReturnType,
  bitcoinConfirmations,
} from "./bitcoin/bitcoinConfirmations.js";
export {
  type BitcoinStallAllowanceErrorType,
  type BitcoinStallAllowanceParameters,
  type BitcoinStallAllowanceReturnType,
  bitcoinStallAllowance,
} from "./bitcoin/bitcoinStallAllowance.js";
export { bitcoin, bitcoinGuidance, bitcoinNetworks } from "./bitcoin/constants.js";
export {
  type DecodeBitcoinAddressErrorType,
  type DecodeBitcoinAddressParameters,
  type DecodeBitcoinAddressReturnType,
  decodeBitcoinAddress,
} from "./bitcoin/decodeBitcoinAddress.js";
export type {
  InvalidBitcoinAddressErrorType,
  InvalidPsbtErrorType,
  InvalidRouteAmountErrorType,
  MissingElapsedErrorType,
} from "./bitcoin/errors.js";
export {
  type BitcoinAddressInvalidReason,
  InvalidBitcoinAddressError,
  InvalidPsbtError,
  InvalidRouteAmountError,
  MissingElapsedError,
} from "./bitcoin/errors.js";
export {
  type IsBitcoinAddressErrorType,
  type IsBitcoinAddressParameters,
  type IsBitcoinAddressReturnType,
  isBitcoinAddress,
} from "./bitcoin/isBitcoinAddress.js";
export {
  type IsBitcoinDepositStalledErrorType,
  type IsBitcoinDepositStalledParameters,
  type IsBitcoinDepositStalledReturnType,
  isBitcoinDepositStalled,
} from "./bitcoin/isBitcoinDepositStalled.js";
export {
  type IsHighValueBitcoinDepositErrorType,
  type IsHighValueBitcoinDepositParameters,
  type IsHighValueBitcoinDepositReturnType,
  isHighValueBitcoinDeposit,
} from "./bitcoin/isHighValueBitcoinDeposit.js";
export {
  type PsbtInput,
  type PsbtOutput,
  type ReadPsbtPaymentsErrorType,
  type ReadPsbtPaymentsParameters,
  type ReadPsbtPaymentsReturnType,
  readPsbtPayments,
} from "./bitcoin/readPsbtPayments.js";
export {
  type ToOutputScriptErrorType,
  type ToOutputScriptParameters,
  type ToOutputScriptReturnType,
  toOutputScript,
} from "./bitcoin/toOutputScript.js";
export type { BitcoinAddressType, BitcoinNetwork, IntegerLike } from "./bitcoin/types.js";
export { externalExchange } from "./exchange/constants.js";
export type { InvalidExchangeTransferErrorType } from "./exchange/errors.js";
export { type ExchangeTransferInvalidReason, InvalidExchangeTransferError } from "./exchange/errors.js";
export {
  type IsAccountIndexParameters,
  type IsAccountIndexReturnType,
  isAccountIndex,
} from "./exchange/isAccountIndex.js";
export {
  type ExchangeTransferAction,
  type ExchangeTransferParameters,
  type ValidateExchangeTransferErrorType,
  type ValidateExchangeTransferParameters,
  type ValidateExchangeTransferReturnType,
  validateExchangeTransfer,
} from "./exchange/validateExchangeTransfer.js";
