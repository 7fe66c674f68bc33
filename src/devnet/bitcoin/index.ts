export { type ToOutputScriptParameters, toOutputScript } from "../../chains/bitcoin/toOutputScript.js";
export { bitcoinMinerWallet, bitcoinSolverWallet, bitcoinTestWallets } from "./bitcoinTestWallets.js";
export {
  type BuildDepositPsbtErrorType,
  type BuildDepositPsbtParameters,
  type BuildDepositPsbtReturnType,
  buildDepositPsbt,
  type DepositPsbtUtxo,
} from "./buildDepositPsbt.js";
export {
  type BitcoinOutputType,
  type ClassifyOutputScriptReturnType,
  classifyOutputScript,
} from "./classifyOutputScript.js";
export {
  bitcoinRules,
  defaultBitcoinBlockTimeMs,
  defaultBitcoinWalletBalance,
  devnetBitcoinFeeRate,
  esploraPathPrefix,
} from "./constants.js";
export {
  type BitcoinChain,
  type CreateBitcoinChainParameters,
  createBitcoinChain,
} from "./createBitcoinChain.js";
export { createEsploraApp } from "./createEsploraApp.js";
export {
  type DecodeBitcoinDepositErrorType,
  type DecodeBitcoinDepositParameters,
  type DecodeBitcoinDepositReturnType,
  decodeBitcoinDeposit,
} from "./decodeBitcoinDeposit.js";
export {
  type BitcoinWallet,
  type DeriveBitcoinWalletErrorType,
  type DeriveBitcoinWalletParameters,
  type DeriveBitcoinWalletReturnType,
  deriveBitcoinWallet,
} from "./deriveBitcoinWallet.js";
export {
  AmbiguousDepositBindingError,
  type BitcoinParameterInvalidReason,
  BitcoinPsbtError,
  type BitcoinPsbtErrorReason,
  type BitcoinRejectReason,
  BitcoinTransactionRejectedError,
  bitcoinRejectReasons,
  InsufficientBitcoinFundsError,
  InvalidBitcoinParameterError,
  InvalidBitcoinPrivateKeyError,
} from "./errors.js";
export type {
  AmbiguousDepositBindingErrorType,
  BitcoinPsbtErrorType,
  BitcoinTransactionRejectedErrorType,
  InsufficientBitcoinFundsErrorType,
  InvalidBitcoinParameterErrorType,
  InvalidBitcoinPrivateKeyErrorType,
} from "./errors.js";
export {
  type FinalizePsbtErrorType,
  type FinalizePsbtParameters,
  type FinalizePsbtReturnType,
  finalizePsbt,
} from "./finalizePsbt.js";
export { readRequestBinding, toRequestBindingScript } from "./requestBinding.js";
export {
  type SignPsbtErrorType,
  type SignPsbtParameters,
  type SignPsbtReturnType,
  signPsbt,
} from "./signPsbt.js";
export {
  type EsploraBlock,
  toEsploraBlock,
} from "./toEsploraBlock.js";
export {
  type EsploraInput,
  type EsploraOutput,
  type EsploraStatus,
  type EsploraTransaction,
  toEsploraTransaction,
} from "./toEsploraTransaction.js";
export { toScriptAsm } from "./toScriptAsm.js";
export type {
  BitcoinAddressStats,
  BitcoinBlock,
  BitcoinOutspend,
  BitcoinTransactionRecord,
  BitcoinTransactionStatus,
  BitcoinUtxo,
} from "./types.js";
export {
  type BitcoinPrevout,
  type ValidatedTransaction,
  type ValidateTransactionParameters,
  validateTransaction,
} from "./validateTransaction.js";
