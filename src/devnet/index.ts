export type { RateLimitConfig } from "./api/createRateLimiter.js";
export {
  defaultDevnetPort,
  devnetChainSlugs,
  devnetMnemonic,
  devnetSolverAddress,
  devnetSolverPrivateKey,
  devnetTestAccounts,
} from "./constants.js";
export { type CreateDevnetParameters, createDevnet, type Devnet, type DevnetInfo } from "./createDevnet.js";
export { relayerGasUsdMicros, serviceFeeBps } from "./pricing/computeQuoteAmounts.js";
export { devnetPrices } from "./pricing/devnetCurrencies.js";
export { type DevnetStatus, transitions } from "./state/transitions.js";
export type { WebhookDelivery } from "./webhooks/createWebhookOutbox.js";
