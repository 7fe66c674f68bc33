import { expect, test } from "vitest";
import * as client from "./index.js";

test("exports", () => {
  expect(Object.keys(client).sort()).toMatchInlineSnapshot(`
    [
      "AbortError",
      "AccountMismatchError",
      "ApiError",
      "ChainMismatchError",
      "InvalidClientConfigError",
      "InvalidJsonError",
      "InvalidOptionError",
      "InvalidRequestError",
      "InvalidResponseError",
      "InvalidStepItemError",
      "MissingStepHandlerError",
      "NetworkError",
      "RateLimitError",
      "StepCheckFailedError",
      "StepCheckTimeoutError",
      "TimeoutError",
      "TransactionRevertedError",
      "WaitForStatusTimeoutError",
      "baseUrls",
      "createBaseClient",
      "createClient",
      "executeSteps",
      "getAttestation",
      "getChains",
      "getCurrencies",
      "getPrice",
      "getQuote",
      "getStatus",
      "indexTransaction",
      "isAmbiguousFailure",
      "isIdempotent",
      "isRetryableError",
      "maxErrorBodyBytes",
      "parseRetryAfter",
      "retryPolicies",
      "serviceActions",
      "transientErrorCodes",
      "waitForStatus",
      "withRetry",
    ]
  `);
});
