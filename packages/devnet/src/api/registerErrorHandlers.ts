import type { Hono } from "hono";
import { DevnetApiError } from "../errors.js";
import type { ErrorBody } from "./errorBody.js";
import type { DevnetContext } from "./types.js";

/**
 * Sets how the app answers what no route answers: an unknown route is 404 `{message, code:
 * "NOT_FOUND"}`; a `DevnetApiError` thrown by a handler is its own status, body and headers; any
 * other error is logged with its stack and answered 500 `UNKNOWN_ERROR`, without details (the caller
 * sees no internals).
 *
 * @param app - The devnet's app.
 * @param context - Where unexpected errors are logged.
 * @example
 * registerErrorHandlers(app, context)
 */
export function registerErrorHandlers(app: Hono, context: Pick<DevnetContext, "log">): void {
  app.notFound((c) =>
    c.json({ message: `No route ${c.req.method} ${c.req.path}`, code: "NOT_FOUND" } satisfies ErrorBody, 404),
  );
  app.onError((error, c) => {
    if (error instanceof DevnetApiError) return c.json(error.body, error.status, error.headers);
    context.log(
      `${c.req.method} ${c.req.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return c.json({ message: "Internal error", errorCode: "UNKNOWN_ERROR" } satisfies ErrorBody, 500);
  });
}
