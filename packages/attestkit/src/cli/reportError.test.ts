import { HttpRequestError, UnknownRpcError } from "viem";
import { expect, test } from "vitest";
import { captureIo } from "../../../../test/support/captureIo.js";
import { UnsupportedVmTypeError } from "../attestation/errors.js";
import { NativeSecp256k1UnavailableError } from "../audit/errors.js";
import { ApiError } from "../client/errors/request.js";
import { BaseError } from "../errors/BaseError.js";
import { InvalidTrustRootError, LegacyBitcoinEncodingRequiredError } from "../orders/errors.js";
import { InvalidRequestError } from "../schemas/errors.js";
import { adviceLines, cliAdvice } from "./cliAdvice.js";
import { CliError } from "./cliError.js";
import { reportError } from "./reportError.js";

test("default: one error line on stderr, the exit code returned", () => {
  const io = captureIo();
  expect(reportError({ io, error: new CliError("Cannot read f.json.", { exitCode: 2 }) })).toBe(2);
  expect(io.stderr).toEqual(["error: Cannot read f.json."]);
  expect(io.stdout).toEqual([]);
});

test("the field is named, the hints follow, --json adds the error object on stdout", () => {
  const io = captureIo();
  const error = new InvalidRequestError({
    endpoint: "quote",
    issues: [
      { field: "amount", rule: "pattern", message: "must be digits only" },
      { field: "user", rule: "required", message: "is required" },
    ],
  });
  expect(reportError({ io, error, json: true })).toBe(2);
  expect(io.stderr).toMatchInlineSnapshot(`
    [
      "error: Invalid quote request: field "amount" must be digits only (rule pattern).",
      "  also: "user" is required (rule required)",
    ]
  `);
  expect(io.json()).toEqual({
    error: {
      name: "InvalidRequestError",
      field: "amount",
      message: 'Invalid quote request: field "amount" must be digits only (rule pattern).',
    },
  });
});

test("the field is named once: a message that quotes it gets no (field: ...), one that does not, does", () => {
  class FieldError extends BaseError {
    readonly field: string;
    constructor(message: string, field: string) {
      super(message, { name: "FieldError" });
      this.field = field;
    }
  }
  const quoted = captureIo();
  reportError({
    io: quoted,
    error: new FieldError('Field "requestId" is not 32 bytes of hex: "0x12".', "requestId"),
  });
  expect(quoted.stderr).toEqual(['error: Field "requestId" is not 32 bytes of hex: "0x12".']);
  const unquoted = captureIo();
  reportError({ io: unquoted, error: new FieldError("Not 32 bytes of hex.", "requestId") });
  expect(unquoted.stderr).toEqual(["error: Not 32 bytes of hex. (field: requestId)"]);
});

test("an API error is 3 and shows its request without credentials", () => {
  const io = captureIo();
  const error = new ApiError({
    status: 404,
    method: "GET",
    url: "http://127.0.0.1:1/intents/status/v3?requestId=0x1",
    body: { message: "Request not found", code: "REQUEST_NOT_FOUND" },
    headers: {},
  });
  expect(reportError({ io, error })).toBe(3);
  expect(io.stderr).toEqual([
    "error: The service answered HTTP 404 REQUEST_NOT_FOUND: Request not found",
    "  Request: GET http://127.0.0.1:1/intents/status/v3?requestId=0x1",
  ]);
});

test("a viem error: short message and details on one line, its URL cut to the origin", () => {
  const io = captureIo();
  const url = "https://rpc.example/v2/provider-secret";
  const error = new HttpRequestError({ url, details: `upstream ${url} refused`, status: 401 });
  expect(reportError({ io, error, json: true })).toBe(3);
  expect(io.stderr).toEqual(["error: HTTP request failed: upstream https://rpc.example refused"]);
  expect(io.stdout.join("\n")).not.toContain("provider-secret");
});

test("a command's own error wrapped by a library (a wallet transport) is reported as the command's", () => {
  const io = captureIo();
  const own = new CliError("No RPC URL for chain 1: pass --rpc 1=URL.", { exitCode: 2 });
  const wrapped = new UnknownRpcError(own);
  expect(reportError({ io, error: wrapped })).toBe(2);
  expect(io.stderr).toEqual(["error: No RPC URL for chain 1: pass --rpc 1=URL."]);
});

test("a library error whose hints name library options is advised in flags", () => {
  const cases = [
    [
      new LegacyBitcoinEncodingRequiredError({ field: "orderData.x", value: "1BvBM" }),
      "--legacy-bitcoin ff-prefixed",
    ],
    [new NativeSecp256k1UnavailableError(), "--engine noble"],
    [new InvalidTrustRootError({ field: "chains[0].id", reason: "not an integer" }), "--chains-file"],
    [new UnsupportedVmTypeError({ field: "destinationUser", vmType: "bvm", chainId: 8253038n }), "--api"],
  ] as const;
  for (const [error, flag] of cases) {
    const io = captureIo();
    reportError({ io, error });
    const hints = io.stderr.slice(1).join("\n");
    expect(hints, error.name).toContain(flag);
    // The library's own wording (an option of a function) is not shown to a CLI user.
    expect(hints, error.name).not.toMatch(/legacyBitcoinEncoding:|engine "noble"|A trust root is|encoders/);
    // Every error the table names is one the library throws, under that name.
    expect(Object.keys(cliAdvice)).toContain(error.name);
  }
  expect(Object.keys(cliAdvice).sort()).toEqual(cases.map(([error]) => error.name).sort());
});

test("an error the table does not name keeps its own hints", () => {
  expect(adviceLines("OtherError", ["its own hint"])).toEqual(["its own hint"]);
  expect(adviceLines("toString", ["its own hint"])).toEqual(["its own hint"]);
});
