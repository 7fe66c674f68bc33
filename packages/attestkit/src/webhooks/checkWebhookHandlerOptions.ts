import { InvalidWebhookOptionError, InvalidWebhookSecretError } from "./errors.js";

export type CheckWebhookHandlerOptionsParameters = {
  /** The API key the webhook endpoint is tied to. */
  secret: string;
  /** How long an event id is remembered, in milliseconds. */
  dedupeTtlMs: number;
  /** When the handler answers: `after-handler` or `before-handler`. */
  respond: string;
};

export type CheckWebhookHandlerOptionsErrorType = InvalidWebhookSecretError | InvalidWebhookOptionError;

/**
 * Checks a webhook handler's options when it is created, so that a bad one fails at start-up, not
 * on the first delivery: the secret is a non-empty string, `dedupeTtlMs` a safe integer above 0,
 * `respond` one of the two answers. Checked in that order; the first failure is thrown.
 *
 * @param parameters - {@link CheckWebhookHandlerOptionsParameters}
 * @throws InvalidWebhookSecretError, InvalidWebhookOptionError (`dedupeTtlMs` or `respond`).
 * @example
 * checkWebhookHandlerOptions({ secret: apiKey, dedupeTtlMs: defaultDedupeTtlMs, respond: "after-handler" })
 */
export function checkWebhookHandlerOptions({
  secret,
  dedupeTtlMs,
  respond,
}: CheckWebhookHandlerOptionsParameters): void {
  if (typeof secret !== "string" || secret.length === 0) throw new InvalidWebhookSecretError();
  if (!Number.isSafeInteger(dedupeTtlMs) || dedupeTtlMs <= 0)
    throw new InvalidWebhookOptionError({ option: "dedupeTtlMs", value: dedupeTtlMs });
  if (respond !== "after-handler" && respond !== "before-handler")
    throw new InvalidWebhookOptionError({ option: "respond", value: respond });
}
