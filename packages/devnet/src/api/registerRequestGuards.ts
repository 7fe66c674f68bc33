import type { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { esploraPathPrefix } from "../bitcoin/constants.js";
import { exchangePathPrefix } from "../constants.js";
import { apiKeyOf } from "./apiKeyOf.js";
import { checkLocalRequest } from "./checkLocalRequest.js";
import type { ErrorBody } from "./errorBody.js";
import { remoteAddress } from "./remoteAddress.js";
import type { DevnetContext } from "./types.js";

/** What the guards use of the devnet: its body limit and its rate limiter. */
export type RequestGuardsDeps = Pick<DevnetContext, "maxBodyBytes" | "rateLimiter">;

/**
 * Adds the checks every request passes before a route sees it, in this order:
 *
 * 1. no web page but the devnet's own may use it (`checkLocalRequest`): 403 `FORBIDDEN_HOST` or
 *    `FORBIDDEN_ORIGIN`, 415 `UNSUPPORTED_MEDIA_TYPE` for a body that is not JSON;
 * 2. a body over `maxBodyBytes` is refused before anything reads it: 413 `REQUEST_TOO_LARGE`, and
 *    the connection is closed (the rest of the body is not read, so it cannot carry another request);
 * 3. the rate limit per API key, or per address without one: 429 `{message}` with `Retry-After`
 *    (seconds). JSON-RPC, the Esplora and exchange APIs and `/devnet/*` are not rate limited.
 *
 * @param app - The devnet's app.
 * @param context - {@link RequestGuardsDeps}
 * @example
 * registerRequestGuards(app, context)
 */
export function registerRequestGuards(app: Hono, context: RequestGuardsDeps): void {
  app.use("*", async (c, next) => {
    const refusal = checkLocalRequest({
      method: c.req.method,
      path: c.req.path,
      host: c.req.header("host"),
      origin: c.req.header("origin"),
      contentType: c.req.header("content-type"),
      hasBody:
        c.req.header("transfer-encoding") !== undefined || Number(c.req.header("content-length") ?? 0) > 0,
    });
    if (refusal)
      return c.json(
        { message: refusal.message, errorCode: refusal.errorCode } satisfies ErrorBody,
        refusal.status,
      );
    return next();
  });

  app.use(
    "*",
    bodyLimit({
      maxSize: context.maxBodyBytes,
      onError: (c) =>
        c.json(
          {
            message: `The request body is larger than ${context.maxBodyBytes} bytes.`,
            errorCode: "REQUEST_TOO_LARGE",
          } satisfies ErrorBody,
          413,
          { connection: "close" },
        ),
    }),
  );

  app.use("*", async (c, next) => {
    const path = c.req.path;
    if (
      path.startsWith("/rpc/") ||
      path.startsWith("/devnet/") ||
      path.startsWith(`${esploraPathPrefix}/`) ||
      path.startsWith(`${exchangePathPrefix}/`)
    )
      return next();
    const retryAfter = context.rateLimiter.take({ apiKey: apiKeyOf(c), ip: remoteAddress(c) });
    if (retryAfter > 0)
      return c.json({ message: "Too many requests, retry later" } satisfies ErrorBody, 429, {
        "Retry-After": String(retryAfter),
      });
    return next();
  });
}
