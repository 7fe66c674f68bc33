import type * as z from "zod";
import { BaseError } from "../errors/BaseError.js";
import type { responseSchemas } from "../schemas/responses.js";

/** An answer other than 2xx that an endpoint gives on purpose: the HTTP status and the body. */
export class DevnetApiError extends BaseError {
  override name = "DevnetApiError";
  readonly status: 400 | 404 | 429 | 500;
  readonly body: z.input<typeof responseSchemas.error>;
  readonly headers: Record<string, string>;
  constructor({
    status,
    message,
    errorCode,
    code,
    headers = {},
  }: {
    status: 400 | 404 | 429 | 500;
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
