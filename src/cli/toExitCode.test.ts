import { HttpRequestError } from "viem";
import { expect, test } from "vitest";
import { ApiError, NetworkError, RateLimitError } from "../client/errors/request.js";
import {
  RequestNotFoundError,
  UnknownStatusError,
  WaitForStatusTimeoutError,
} from "../client/errors/status.js";
import { DeployParametersError } from "../deploy/errors.js";
import { BaseError } from "../errors/BaseError.js";
import { InvalidRequestError, InvalidResponseError } from "../schemas/errors.js";
import { CliError } from "./cliError.js";
import { toExitCode } from "./toExitCode.js";

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

test("errors of other libraries (viem RPC) and plain errors are 3", () => {
  expect(toExitCode(new HttpRequestError({ url: "http://x" }))).toBe(3);
  expect(toExitCode(new Error("socket hang up"))).toBe(3);
  expect(toExitCode("thrown string")).toBe(3);
});
