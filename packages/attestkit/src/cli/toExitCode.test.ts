import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { HttpRequestError } from "viem";
import { expect, test } from "vitest";
import { MissingPaymentIntentError, PaymentMismatchError } from "../client/errors/payment.js";
import {
  AbortError,
  ApiError,
  InvalidJsonError,
  NetworkError,
  RateLimitError,
  RedirectError,
  TimeoutError,
} from "../client/errors/request.js";
import {
  RequestNotFoundError,
  UnknownStatusError,
  WaitForStatusTimeoutError,
} from "../client/errors/status.js";
import { DeployParametersError } from "../deploy/errors.js";
import { BaseError } from "../errors/BaseError.js";
import { InvalidRequestError, InvalidResponseError } from "../schemas/errors.js";
import { CliError } from "./cliError.js";
import { invalidErrorNames, networkErrorNames, toExitCode } from "./toExitCode.js";

const api = { method: "GET", url: "http://x/y", body: {}, headers: {} };

test("default: a CliError keeps its code", () => {
  expect(toExitCode(new CliError("x", { exitCode: 1 }))).toBe(1);
  expect(toExitCode(new CliError("x", { exitCode: 2 }))).toBe(2);
});

test("the service, the network and timeouts are 3", () => {
  expect(toExitCode(new ApiError({ ...api, status: 404 }))).toBe(3);
  expect(toExitCode(new RateLimitError(api))).toBe(3);
  expect(toExitCode(new NetworkError({ method: "GET", url: "http://x", cause: new Error("refused") }))).toBe(
    3,
  );
  expect(toExitCode(new InvalidResponseError({ endpoint: "status", issues: [] }))).toBe(3);
  expect(
    toExitCode(new WaitForStatusTimeoutError({ requestId: "0x", timeoutMs: 1, lastStatus: undefined })),
  ).toBe(3);
  expect(
    toExitCode(
      new RequestNotFoundError({ requestId: "0x", endpoint: "/intents/status/v3", windowMs: 1, reads: 2 }),
    ),
  ).toBe(3);
  expect(
    toExitCode(
      new UnknownStatusError({
        requestId: "0x",
        status: "x",
        statusResponse: {},
        knownStatuses: ["success"],
      }),
    ),
  ).toBe(3);
});

test("checks of the caller's input are 2", () => {
  expect(
    toExitCode(
      new InvalidRequestError({
        endpoint: "quote",
        issues: [{ field: "amount", rule: "pattern", message: "x" }],
      }),
    ),
  ).toBe(2);
  expect(toExitCode(new DeployParametersError({ field: "owner", problem: "is bad" }))).toBe(2);
  expect(toExitCode(new BaseError("any other attestkit check"))).toBe(2);
});

test("a quote the payment guard refuses is 1, a verdict like an invalid signature; a missing intent is 2", () => {
  const check = { name: "item", ok: false, reason: "amount-mismatch", expected: "1", actual: "2" } as const;
  expect(toExitCode(new PaymentMismatchError({ checks: [check] }))).toBe(1);
  expect(invalidErrorNames.has(new PaymentMismatchError({ checks: [check] }).name)).toBe(true);
  expect(toExitCode(new MissingPaymentIntentError())).toBe(2);
});

test("errors of other libraries (viem RPC) and plain errors are 3", () => {
  expect(toExitCode(new HttpRequestError({ url: "http://x" }))).toBe(3);
  expect(toExitCode(new Error("socket hang up"))).toBe(3);
  expect(toExitCode("thrown string")).toBe(3);
});

test("every name of a network error is the name of one of the client's error classes, and each is 3", () => {
  const request = { method: "GET", url: "http://x" };
  const errors = [
    new ApiError({ ...api, status: 500 }),
    new RateLimitError(api),
    new NetworkError({ ...request, cause: new Error("refused") }),
    new TimeoutError({ ...request, timeoutMs: 1 }),
    new InvalidJsonError({ ...request, status: 200, text: "<html>", cause: new SyntaxError("x") }),
    new RedirectError({ ...request, reason: "too-many", status: 302, location: "http://x/z", hops: 5 }),
    new InvalidResponseError({ endpoint: "status", issues: [] }),
    new WaitForStatusTimeoutError({ requestId: "0x", timeoutMs: 1, lastStatus: undefined }),
    new RequestNotFoundError({ requestId: "0x", endpoint: "/intents/status/v3", windowMs: 1, reads: 2 }),
    new UnknownStatusError({ requestId: "0x", status: "x", statusResponse: {}, knownStatuses: ["success"] }),
    new AbortError(),
  ];
  expect(errors.map((error) => error.name).sort()).toEqual([...networkErrorNames].sort());
  for (const error of errors) expect(toExitCode(error), error.name).toBe(3);
});

test("only the client's and the schemas' errors take a network error's name", () => {
  // A BaseError of another part named like one of them would be reported as a network failure.
  const src = fileURLToPath(new URL("../", import.meta.url));
  const owners = new Set(["client/errors/request.ts", "client/errors/status.ts", "schemas/errors.ts"]);
  const taken: string[] = [];
  for (const entry of readdirSync(src, { recursive: true, encoding: "utf8" })) {
    if (!entry.endsWith(".ts") || entry.endsWith(".test.ts") || owners.has(entry)) continue;
    const text = readFileSync(join(src, entry), "utf8");
    for (const name of networkErrorNames)
      if (new RegExp(`name(:| =) "${name}"`).test(text))
        taken.push(`${relative(src, join(src, entry))}: ${name}`);
  }
  expect(taken).toEqual([]);
});

test("an error that only borrows a network error's name is not one", () => {
  // Not an attestkit error: like any foreign error, 3. An attestkit error with another name: 2.
  expect(toExitCode(Object.assign(new Error("x"), { name: "ApiError" }))).toBe(3);
  expect(toExitCode(new BaseError("x", { name: "ApiErrorLike" }))).toBe(2);
});
