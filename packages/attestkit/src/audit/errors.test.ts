import { expect, test } from "vitest";
import { BaseError } from "../errors/BaseError.js";
import {
  AuditWorkerError,
  InvalidAuditEntryError,
  InvalidAuditInputError,
  InvalidAuditJsonError,
  InvalidAuditOptionError,
  NativeSecp256k1UnavailableError,
} from "./errors.js";

test("default: every audit error is a BaseError with a fixed name", () => {
  const errors = [
    new NativeSecp256k1UnavailableError(),
    new InvalidAuditOptionError({ option: "workers", value: -1, expected: "an integer >= 0" }),
    new InvalidAuditEntryError({ value: null }),
    new AuditWorkerError({ reason: "it exited with code 1" }),
    new InvalidAuditJsonError({ line: 3 }),
    new InvalidAuditInputError({ reason: "binary", message: "is not text", line: 2, offset: 9 }),
  ];
  for (const error of errors) expect(error).toBeInstanceOf(BaseError);
  expect(errors.map((error) => error.name)).toEqual([
    "NativeSecp256k1UnavailableError",
    "InvalidAuditOptionError",
    "InvalidAuditEntryError",
    "AuditWorkerError",
    "InvalidAuditJsonError",
    "InvalidAuditInputError",
  ]);
});

test("messages", () => {
  const unavailable = new NativeSecp256k1UnavailableError({ cause: new Error("no prebuild") });
  expect([unavailable.shortMessage, ...unavailable.metaMessages, unavailable.details]).toMatchInlineSnapshot(`
    [
      "The native secp256k1 binding is not available.",
      "Install the optional dependency "secp256k1" (with its prebuilt binary), or use engine "noble" or "auto".",
      "no prebuild",
    ]
  `);
  const worker = new AuditWorkerError({ reason: "it exited with code 1" });
  expect([worker.shortMessage, ...worker.metaMessages]).toMatchInlineSnapshot(`
    [
      "An audit worker failed: it exited with code 1.",
      "Run with workers: 0 (CLI: --workers 0) to verify in the main thread.",
    ]
  `);
  expect(new InvalidAuditJsonError({ line: 3, cause: new SyntaxError("Unexpected token") })).toMatchObject({
    line: 3,
    shortMessage: "Line 3 is not JSON.",
    details: "Unexpected token",
  });
  expect(new InvalidAuditOptionError({ option: "engine", value: "wasm", expected: '"auto"' })).toMatchObject({
    option: "engine",
    value: "wasm",
    shortMessage: 'Option "engine" is wasm; expected "auto".',
  });
});

test("an entry that is not an object says what it is", () => {
  expect(
    [null, [1], "x", 5, undefined].map((value) => new InvalidAuditEntryError({ value }).shortMessage),
  ).toEqual([
    "An audit entry is null, not an object {requestId, requestData, signature}.",
    "An audit entry is an array, not an object {requestId, requestData, signature}.",
    "An audit entry is a string, not an object {requestId, requestData, signature}.",
    "An audit entry is a number, not an object {requestId, requestData, signature}.",
    "An audit entry is undefined, not an object {requestId, requestData, signature}.",
  ]);
});

test("input errors say where, and what to do", () => {
  const error = new InvalidAuditInputError({
    reason: "broken-array",
    message: "is a JSON array with a syntax error",
    line: 4,
    offset: 120,
  });
  expect([error.shortMessage, ...error.metaMessages]).toMatchInlineSnapshot(`
    [
      "The audit input is a JSON array with a syntax error at line 4, byte offset 120.",
      "A JSON array is read as one stream: fix it at that place, or write one entry per line.",
    ]
  `);
  expect(error).toMatchObject({
    reason: "broken-array",
    line: 4,
    offset: 120,
    problem: "is a JSON array with a syntax error",
  });
  expect(
    new InvalidAuditInputError({ reason: "unreadable", message: "cannot be read (EIO)" }).shortMessage,
  ).toBe("The audit input cannot be read (EIO).");
  expect(error.index).toBeUndefined();
});

test("an input error in a JSON array names the element, as jq does", () => {
  const error = new InvalidAuditInputError({
    reason: "entry-too-long",
    message: "has an array element longer than 1048576 bytes",
    line: 1,
    offset: 5210,
    index: 12,
  });
  expect(error.shortMessage).toBe(
    "The audit input has an array element longer than 1048576 bytes at line 1, byte offset 5210 (element .[12]).",
  );
  expect(error).toMatchObject({ line: 1, offset: 5210, index: 12 });
});
