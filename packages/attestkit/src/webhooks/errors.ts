import { BaseError } from "../errors/BaseError.js";

/** Why a webhook delivery was rejected. */
export type WebhookVerificationFailureReason =
  | "missing-header"
  | "invalid-timestamp"
  | "timestamp-too-old"
  | "timestamp-in-future"
  | "signature-length"
  | "signature-mismatch"
  | "invalid-body";

const hints: Record<WebhookVerificationFailureReason, string> = {
  "missing-header": "Deliveries carry X-Signature-Timestamp and X-Signature-SHA256.",
  "invalid-timestamp": "The timestamp header must be Unix time in seconds or milliseconds, digits only.",
  "timestamp-too-old": "A replayed or long-delayed delivery; check the receiver's clock if this repeats.",
  "timestamp-in-future":
    "The sender's clock is ahead of the receiver's; check the receiver's clock if this repeats.",
  "signature-length": "The signature is 64 hex digits (HMAC-SHA256).",
  "signature-mismatch":
    "Verify the raw body exactly as received (not re-serialised JSON), keyed with the API key the endpoint is tied to.",
  "invalid-body": "The body is authentic but is not a JSON request.status.updated event.",
};

/** A webhook delivery failed verification; answer it with a non-2xx status. */
export class WebhookVerificationError extends BaseError {
  readonly reason: WebhookVerificationFailureReason;
  /** The header concerned, for header-related reasons. */
  readonly header: string | undefined;
  constructor({
    reason,
    message,
    header,
    cause,
  }: {
    reason: WebhookVerificationFailureReason;
    message: string;
    header?: string | undefined;
    cause?: unknown;
  }) {
    super(`Webhook verification failed (${reason}): ${message}.`, {
      name: "WebhookVerificationError",
      metaMessages: [hints[reason]],
      ...(cause !== undefined ? { cause } : {}),
    });
    this.reason = reason;
    this.header = header;
  }
}

/** {@link WebhookVerificationError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type WebhookVerificationErrorType = WebhookVerificationError & { name: "WebhookVerificationError" };

/** The secret (the API key) is missing or empty: nothing could be verified with it. */
export class InvalidWebhookSecretError extends BaseError {
  constructor() {
    super("The webhook secret is empty.", {
      name: "InvalidWebhookSecretError",
      metaMessages: [
        "Deliveries are signed with the API key the webhook endpoint is tied to; pass it as `secret`.",
      ],
    });
  }
}

/** {@link InvalidWebhookSecretError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidWebhookSecretErrorType = InvalidWebhookSecretError & { name: "InvalidWebhookSecretError" };

/** Webhook options that can be wrong. */
export type WebhookOption = "toleranceSeconds" | "now" | "dedupeTtlMs" | "respond";

const optionHints: Record<WebhookOption, string> = {
  toleranceSeconds: "Pass a non-negative number of seconds (Infinity turns the time check off explicitly).",
  now: "The clock must give finite Unix milliseconds.",
  dedupeTtlMs:
    "Pass a whole number of milliseconds above 0, longer than the sender retries (default 24 hours).",
  respond: 'Pass "after-handler" (the default) or "before-handler".',
};

/** An option would silently weaken the verifier or the handler (a NaN tolerance or clock skips the time check). */
export class InvalidWebhookOptionError extends BaseError {
  readonly option: WebhookOption;
  readonly value: unknown;
  constructor({ option, value }: { option: WebhookOption; value: unknown }) {
    super(`Option "${option}" is not usable: ${String(value)}.`, {
      name: "InvalidWebhookOptionError",
      metaMessages: [optionHints[option]],
    });
    this.option = option;
    this.value = value;
  }
}

/** {@link InvalidWebhookOptionError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidWebhookOptionErrorType = InvalidWebhookOptionError & { name: "InvalidWebhookOptionError" };
