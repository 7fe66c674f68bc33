/**
 * The devnet (`@attestkit/devnet`): the service in miniature, in one process on 127.0.0.1: two
 * in-process EVM chains with the contracts deployed, the HTTP API validated with the shared schemas,
 * a solver that signs, fills and refunds, and a webhook outbox. Needs Node.js >= 22.13 and the
 * peers `hardhat` and its EDR binding (checked when it starts, with what to install).
 *
 * @module devnet
 */
export type { RateLimitConfig } from "./api/createRateLimiter.js";
export { devnetBitcoinDepositAddress } from "./bitcoin/devnetBitcoinDepositAddress.js";
export {
  defaultDevnetPort,
  devnetChainSlugs,
  devnetMnemonic,
  devnetSolverAddress,
  devnetSolverPrivateKey,
  devnetTestAccounts,
} from "./constants.js";
export {
  type CreateDevnetErrorType,
  type CreateDevnetParameters,
  createDevnet,
  type Devnet,
} from "./createDevnet.js";
export {
  type DevnetTrustRootParameters,
  type DevnetTrustRootReturnType,
  devnetTrustRoot,
} from "./devnetTrustRoot.js";
export {
  InvalidDevnetParameterError,
  type InvalidDevnetParameterErrorType,
} from "./errors.js";
export { DevnetRuntimeError, type DevnetRuntimeErrorType } from "./importHardhatRuntime.js";
export {
  type CheckChainHistoryErrorType,
  type CheckChainHistoryParameters,
  type CheckChainHistoryReturnType,
  checkChainHistory,
} from "./invariant/checkChainHistory.js";
export type { PriceMoveErrorType } from "./prices/createPriceSource.js";
export {
  PriceMoveError,
  type PriceSource,
  type PriceSourceSettings,
} from "./prices/createPriceSource.js";
export { relayerGasUsdMicros, serviceFeeBps } from "./quote/computeQuoteAmounts.js";
export { devnetPrices } from "./quote/devnetCurrencies.js";
export type { DevnetInfo } from "./start/createDevnetInfo.js";
export { CorruptStateError, type CorruptStateErrorType } from "./state/errors.js";
export { type DevnetStatus, transitions } from "./state/transitions.js";
export type { WebhookDelivery } from "./webhooks/createWebhookOutbox.js";
