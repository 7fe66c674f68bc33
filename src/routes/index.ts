export {
  type AssertBitcoinAddressErrorType,
  type AssertBitcoinAddressParameters,
  assertBitcoinAddress,
} from "./assertBitcoinAddress.js";
export {
  type BitcoinAddressSums,
  type BitcoinBalanceErrorType,
  type BitcoinBalanceParameters,
  type BitcoinBalanceReturnType,
  bitcoinBalance,
  type EsploraAddressStats,
} from "./bitcoinBalance.js";
export {
  type BitcoinConfirmationsErrorType,
  type BitcoinConfirmationsParameters,
  type BitcoinConfirmationsReturnType,
  bitcoinConfirmations,
} from "./bitcoinConfirmations.js";
export {
  type BitcoinStallAllowanceErrorType,
  type BitcoinStallAllowanceParameters,
  type BitcoinStallAllowanceReturnType,
  bitcoinStallAllowance,
} from "./bitcoinStallAllowance.js";
export { bitcoin, bitcoinGuidance, bitcoinNetworks, externalExchange } from "./constants.js";
export {
  type DecodeBitcoinAddressErrorType,
  type DecodeBitcoinAddressParameters,
  type DecodeBitcoinAddressReturnType,
  decodeBitcoinAddress,
} from "./decodeBitcoinAddress.js";
export {
  type BitcoinAddressInvalidReason,
  type ExchangeTransferInvalidReason,
  InvalidBitcoinAddressError,
  InvalidExchangeTransferError,
  InvalidRouteAmountError,
  MissingElapsedError,
} from "./errors.js";
export {
  type IsAccountIndexParameters,
  type IsAccountIndexReturnType,
  isAccountIndex,
} from "./isAccountIndex.js";
export {
  type IsBitcoinAddressParameters,
  type IsBitcoinAddressReturnType,
  isBitcoinAddress,
} from "./isBitcoinAddress.js";
export {
  type IsBitcoinDepositStalledErrorType,
  type IsBitcoinDepositStalledParameters,
  type IsBitcoinDepositStalledReturnType,
  isBitcoinDepositStalled,
} from "./isBitcoinDepositStalled.js";
export {
  type IsHighValueBitcoinDepositErrorType,
  type IsHighValueBitcoinDepositParameters,
  type IsHighValueBitcoinDepositReturnType,
  isHighValueBitcoinDeposit,
} from "./isHighValueBitcoinDeposit.js";
export type { BitcoinAddressType, BitcoinNetwork, IntegerLike } from "./types.js";
export {
  type ExchangeTransferAction,
  type ExchangeTransferParameters,
  type ValidateExchangeTransferErrorType,
  type ValidateExchangeTransferParameters,
  type ValidateExchangeTransferReturnType,
  validateExchangeTransfer,
} from "./validateExchangeTransfer.js";
