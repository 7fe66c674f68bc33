import { BaseError } from "attestkit";
import type { responseSchemas } from "attestkit/schemas";
import type * as z from "zod";

/** An answer other than 2xx that an endpoint gives on purpose: the HTTP status and the body. */
export class DevnetApiError extends BaseError {
  override name = "DevnetApiError";
  readonly status: 400 | 401 | 403 | 404 | 429 | 500;
  readonly body: z.input<typeof responseSchemas.error>;
  readonly headers: Record<string, string>;
  constructor({
    status,
    message,
    errorCode,
    code,
    headers = {},
  }: {
    status: 400 | 401 | 403 | 404 | 429 | 500;
    message: string;
    /** The quote-style code field (`{message, errorCode}`). */
    errorCode?: string | undefined;
    /** The signature/status-style code field (`{message, code}`). */
    code?: string | undefined;
    headers?: Record<string, string> | undefined;
  }) {
    super(message, {
      metaMessages: [`status: ${status}`, ...((errorCode ?? code) ? [`code: ${errorCode ?? code}`] : [])],
    });
    this.status = status;
    this.body = {
      message,
      ...(errorCode !== undefined ? { errorCode } : {}),
      ...(code !== undefined ? { code } : {}),
    };
    this.headers = headers;
  }
}

/** {@link DevnetApiError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type DevnetApiErrorType = DevnetApiError & { name: "DevnetApiError" };

/** The solver was handed a deposit or request on a chain the devnet does not run. */
export class DevnetChainNotFoundError extends BaseError {
  override name = "DevnetChainNotFoundError";
  readonly chainId: number;
  constructor({ chainId, chainIds }: { chainId: number; chainIds: readonly number[] }) {
    super(`No devnet chain ${chainId}.`, { metaMessages: [`devnet chains: ${chainIds.join(", ")}`] });
    this.chainId = chainId;
  }
}

/** {@link DevnetChainNotFoundError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type DevnetChainNotFoundErrorType = DevnetChainNotFoundError & { name: "DevnetChainNotFoundError" };

/** A refund transaction of the solver was mined but reverted: the money is still in the depository. */
export class RefundRevertedError extends BaseError {
  override name = "RefundRevertedError";
  readonly requestId: string;
  readonly hash: string;
  constructor({ requestId, hash, chainId }: { requestId: string; hash: string; chainId: number }) {
    super(`The refund of request ${requestId} reverted on chain ${chainId}.`, {
      metaMessages: [`transaction: ${hash}`],
    });
    this.requestId = requestId;
    this.hash = hash;
  }
}

/** {@link RefundRevertedError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type RefundRevertedErrorType = RefundRevertedError & { name: "RefundRevertedError" };

/**
 * A fill transaction could not be sent after an earlier one of the same fill was: the request stays
 * `submitted` (part of the fill is on chain), and nothing is refunded automatically.
 */
export class FillInterruptedError extends BaseError {
  override name = "FillInterruptedError";
  readonly requestId: string;
  readonly index: number;
  constructor({ requestId, index, cause }: { requestId: string; index: number; cause: unknown }) {
    super(`Fill transaction ${index} of request ${requestId} could not be sent after the fill started.`, {
      metaMessages: ["The earlier fill transactions are on chain: settle the request by hand."],
      cause,
    });
    this.requestId = requestId;
    this.index = index;
  }
}

/** {@link FillInterruptedError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type FillInterruptedErrorType = FillInterruptedError & { name: "FillInterruptedError" };

/** A custom webhook header the devnet refuses: it would break the delivery or replace its proof. */
export class InvalidWebhookHeaderError extends BaseError {
  override name = "InvalidWebhookHeaderError";
  readonly apiKey: string;
  readonly header: string;
  constructor({ apiKey, header, reason }: { apiKey: string; header: string; reason: string }) {
    super(`Webhook header ${header === "" ? "list" : JSON.stringify(header)} refused: ${reason}.`, {
      metaMessages: [`endpoint of API key: ${apiKey.length > 4 ? `${apiKey.slice(0, 4)}…` : "…"}`],
    });
    this.apiKey = apiKey;
    this.header = header;
  }
}

/** {@link InvalidWebhookHeaderError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidWebhookHeaderErrorType = InvalidWebhookHeaderError & { name: "InvalidWebhookHeaderError" };

/**
 * A setting of `createDevnet` is out of its range or goes without the one it needs: nothing was
 * started and nothing was left open. `parameter` names it as the options do (`blockTimeMs`,
 * `rateLimit.windowMs`, `stateDir`).
 */
export class InvalidDevnetParameterError extends BaseError {
  override name = "InvalidDevnetParameterError";
  readonly parameter: string;
  constructor({ parameter, message }: { parameter: string; message: string }) {
    super(message);
    this.parameter = parameter;
  }
}

/** {@link InvalidDevnetParameterError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidDevnetParameterErrorType = InvalidDevnetParameterError & {
  name: "InvalidDevnetParameterError";
};
