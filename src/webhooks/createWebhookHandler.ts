import type { WebhookEvent } from "../schemas/types.js";
import { defaultMaxBodyBytes } from "./constants.js";
import { InvalidWebhookSecretError, WebhookVerificationError } from "./errors.js";
import { readBody } from "./internal/readBody.js";
import { type VerifyWebhookParameters, verifyWebhook } from "./verifyWebhook.js";

export type CreateWebhookHandlerParameters = {
  /** The API key the webhook endpoint is tied to. */
  secret: string;
  /** Called once per verified delivery; throwing answers 500 so the service delivers again. */
  onEvent: (event: WebhookEvent, context: { request: Request }) => void | Promise<void>;
  /** Called with every rejected delivery's error and every error `onEvent` throws, e.g. to log them. */
  onError?: ((error: unknown, context: { request: Request }) => void) | undefined;
  /** Largest accepted distance between the delivery's timestamp and now, both ways. Defaults to 300. */
  toleranceSeconds?: number | undefined;
  /** The receiver's clock in Unix milliseconds. Defaults to `Date.now()`. */
  now?: VerifyWebhookParameters["now"];
  /** Largest accepted body in bytes. Defaults to 1 MiB. */
  maxBodyBytes?: number | undefined;
};

/** A web-standard request handler (`fetch`-style): Request in, Response out. */
export type WebhookHandler = (request: Request) => Promise<Response>;

export type CreateWebhookHandlerReturnType = WebhookHandler;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/**
 * Creates a handler for webhook deliveries over web-standard `Request`/`Response`: it reads the raw
 * body, verifies it, calls `onEvent`, and answers 200 on success; 401 when the signature or timestamp
 * fails, 400 for an authentic but unreadable body, 405 for other methods, 413 for oversized bodies,
 * and 500 when `onEvent` throws. Every non-2xx answer makes the service deliver again.
 *
 * @param parameters - {@link CreateWebhookHandlerParameters}
 * @returns The handler. {@link CreateWebhookHandlerReturnType}
 * @example
 * const handler = createWebhookHandler({ secret: apiKey, onEvent: (event) => queue.push(event) })
 * export default { fetch: handler }
 */
export function createWebhookHandler({
  secret,
  onEvent,
  onError,
  toleranceSeconds,
  now,
  maxBodyBytes = defaultMaxBodyBytes,
}: CreateWebhookHandlerParameters): CreateWebhookHandlerReturnType {
  // Fail at start-up, not on the first delivery.
  if (typeof secret !== "string" || secret.length === 0) throw new InvalidWebhookSecretError();
  return async (request) => {
    if (request.method !== "POST") return json(405, { error: "method-not-allowed" }, { allow: "POST" });
    const body = await readBody(request, maxBodyBytes);
    if (!body) return json(413, { error: "body-too-large" });
    let event: WebhookEvent;
    try {
      event = verifyWebhook({ body, headers: request.headers, secret, toleranceSeconds, now });
    } catch (error) {
      onError?.(error, { request });
      if (error instanceof WebhookVerificationError)
        return json(error.reason === "invalid-body" ? 400 : 401, { error: error.reason });
      throw error;
    }
    try {
      await onEvent(event, { request });
    } catch (error) {
      onError?.(error, { request });
      return json(500, { error: "handler-failed" });
    }
    return json(200, { received: true });
  };
}
