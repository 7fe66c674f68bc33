/**
 * Webhooks (`attestkit/webhooks`): signing and verifying deliveries (HMAC-SHA256 over
 * `timestamp.body`, a timestamp window), and a handler that runs each event once, with a pluggable
 * store of event ids for several processes.
 *
 * @module webhooks
 */
export {
  type ComputeWebhookSignatureErrorType,
  type ComputeWebhookSignatureParameters,
  type ComputeWebhookSignatureReturnType,
  computeWebhookSignature,
} from "./computeWebhookSignature.js";
export {
  defaultMaxBodyBytes,
  defaultToleranceSeconds,
  millisecondsThreshold,
  webhookHeaders,
} from "./constants.js";
export {
  type CreateMemoryEventStoreParameters,
  createMemoryEventStore,
  type MemoryEventStore,
} from "./createMemoryEventStore.js";
export {
  type CreateWebhookHandlerErrorType,
  type CreateWebhookHandlerParameters,
  type CreateWebhookHandlerReturnType,
  createWebhookHandler,
  defaultDedupeTtlMs,
  type WebhookEventContext,
  type WebhookHandler,
} from "./createWebhookHandler.js";
export type {
  InvalidWebhookOptionErrorType,
  InvalidWebhookSecretErrorType,
  WebhookVerificationErrorType,
} from "./errors.js";
export {
  InvalidWebhookOptionError,
  InvalidWebhookSecretError,
  type WebhookOption,
  WebhookVerificationError,
  type WebhookVerificationFailureReason,
} from "./errors.js";
export {
  type GenerateTestWebhookErrorType,
  type GenerateTestWebhookParameters,
  type GenerateTestWebhookReturnType,
  generateTestWebhook,
} from "./generateTestWebhook.js";
export type { HeadersInput } from "./internal/getHeader.js";
export { sampleWebhookEvent } from "./sampleWebhookEvent.js";
export {
  type SignWebhookErrorType,
  type SignWebhookParameters,
  type SignWebhookReturnType,
  signWebhook,
} from "./signWebhook.js";
export {
  type NodeListener,
  type ToNodeListenerParameters,
  type ToNodeListenerReturnType,
  toNodeListener,
} from "./toNodeListener.js";
export type { WebhookClaimResult, WebhookEventStore } from "./types.js";
export {
  type VerifyWebhookErrorType,
  type VerifyWebhookParameters,
  type VerifyWebhookReturnType,
  verifyWebhook,
} from "./verifyWebhook.js";
