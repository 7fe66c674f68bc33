import { timingSafeEqual } from "node:crypto";
import { parseResponse } from "../schemas/parseResponse.js";
import type { WebhookEvent } from "../schemas/types.js";
import { computeWebhookSignature } from "./computeWebhookSignature.js";
import { defaultToleranceSeconds, millisecondsThreshold, webhookHeaders } from "./constants.js";
import {
  InvalidWebhookOptionError,
  type InvalidWebhookOptionErrorType,
  type InvalidWebhookSecretErrorType,
  WebhookVerificationError,
  type WebhookVerificationErrorType,
} from "./errors.js";
import { getHeader, type HeadersInput } from "./internal/getHeader.js";

export type VerifyWebhookParameters = {
  /** The raw body exactly as received (string or bytes), never re-serialised JSON. */
  body: string | Uint8Array;
  /** The request headers; names are matched case-insensitively. */
  headers: HeadersInput;
  /** The API key the webhook endpoint is tied to. */
  secret: string;
  /** Largest accepted distance between the delivery's timestamp and now, both ways. Defaults to 300. */
  toleranceSeconds?: number | undefined;
  /** The receiver's clock in Unix milliseconds (a number, a Date, or a function). Defaults to `Date.now()`. */
  now?: number | Date | (() => number) | undefined;
};

export type VerifyWebhookReturnType = WebhookEvent;

export type VerifyWebhookErrorType =
  | WebhookVerificationErrorType
  | InvalidWebhookSecretErrorType
  | InvalidWebhookOptionErrorType;

const hexSignature = /^[0-9a-fA-F]{64}$/;

function fail(
  reason: WebhookVerificationError["reason"],
  message: string,
  header?: string,
  cause?: unknown,
): never {
  throw new WebhookVerificationError({ reason, message, header, cause });
}

/**
 * Verifies a webhook delivery: the HMAC-SHA256 signature over `<timestamp>.<raw body>` (compared in
 * constant time after a length check), then the timestamp within the tolerance in both directions,
 * then the body as a `request.status.updated` event. The timestamp header may be Unix seconds or
 * milliseconds: values of 10^11 and above are read as milliseconds. Hex case of the signature is ignored.
 *
 * @param parameters - {@link VerifyWebhookParameters}
 * @returns The typed event. {@link VerifyWebhookReturnType}
 * @example
 * const event = verifyWebhook({ body: rawBody, headers: request.headers, secret: apiKey })
 * if (event.data.status === "success") markPaid(event.data.requestId)
 */
export function verifyWebhook({
  body,
  headers,
  secret,
  toleranceSeconds = defaultToleranceSeconds,
  now,
}: VerifyWebhookParameters): VerifyWebhookReturnType {
  if (typeof toleranceSeconds !== "number" || !(toleranceSeconds >= 0))
    throw new InvalidWebhookOptionError({ option: "toleranceSeconds", value: toleranceSeconds });
  if (typeof body !== "string" && !(body instanceof Uint8Array))
    fail("invalid-body", "the body must be the raw string or bytes as received, not parsed JSON");

  const timestamp = getHeader(headers, webhookHeaders.timestamp);
  if (timestamp === undefined)
    fail("missing-header", `no ${webhookHeaders.timestamp} header`, webhookHeaders.timestamp);
  const signature = getHeader(headers, webhookHeaders.signature);
  if (signature === undefined)
    fail("missing-header", `no ${webhookHeaders.signature} header`, webhookHeaders.signature);
  if (!/^[0-9]{1,16}$/.test(timestamp))
    fail(
      "invalid-timestamp",
      `${JSON.stringify(timestamp.slice(0, 40))} is not Unix time`,
      webhookHeaders.timestamp,
    );

  // Authenticity first: a forged delivery learns nothing about the receiver's clock.
  if (signature.length !== 64)
    fail(
      "signature-length",
      `expected 64 hex digits, got ${signature.length} characters`,
      webhookHeaders.signature,
    );
  const expected = Buffer.from(computeWebhookSignature({ body, secret, timestamp }), "hex");
  // Node's hex decoder stops at the first non-hex character, so non-hex input is refused before decoding.
  const received = hexSignature.test(signature)
    ? Buffer.from(signature, "hex")
    : Buffer.alloc(expected.length);
  if (!timingSafeEqual(expected, received) || !hexSignature.test(signature))
    fail(
      "signature-mismatch",
      "the signature does not match the body and timestamp",
      webhookHeaders.signature,
    );

  const sentAt = Number(timestamp) >= millisecondsThreshold ? Number(timestamp) : Number(timestamp) * 1000;
  const clock = typeof now === "function" ? now() : now instanceof Date ? now.getTime() : (now ?? Date.now());
  // NaN would make both comparisons false and let any timestamp through.
  if (typeof clock !== "number" || !Number.isFinite(clock))
    throw new InvalidWebhookOptionError({ option: "now", value: clock });
  const tolerance = toleranceSeconds * 1000;
  if (clock - sentAt > tolerance)
    fail(
      "timestamp-too-old",
      `sent ${Math.round((clock - sentAt) / 1000)} s ago, over ${toleranceSeconds} s`,
    );
  if (sentAt - clock > tolerance)
    fail(
      "timestamp-in-future",
      `sent ${Math.round((sentAt - clock) / 1000)} s ahead, over ${toleranceSeconds} s`,
    );

  let json: unknown;
  try {
    json = JSON.parse(
      typeof body === "string" ? body : new TextDecoder("utf-8", { fatal: true }).decode(body),
    );
  } catch (error) {
    fail("invalid-body", "the body is not JSON", undefined, error);
  }
  try {
    return parseResponse({ endpoint: "webhook", body: json });
  } catch (error) {
    return fail("invalid-body", "the body is not a status event", undefined, error);
  }
}
