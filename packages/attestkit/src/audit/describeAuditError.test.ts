import { expect, test } from "vitest";
import { InvalidSignatureLengthError, MissingFieldError } from "../attestation/errors.js";
import { describeAuditError } from "./describeAuditError.js";
import { AuditWorkerError } from "./errors.js";

test("default: name, field and the one-line message of an attestkit error", () => {
  expect(describeAuditError(new MissingFieldError({ field: "originAmount" }))).toEqual({
    name: "MissingFieldError",
    field: "originAmount",
    message: 'Field "originAmount" is missing.',
  });
  expect(describeAuditError(new InvalidSignatureLengthError({ length: 64 }))).toMatchInlineSnapshot(`
    {
      "field": "signature",
      "message": "Field "signature" is 64 bytes long; expected 65 (r || s || v).",
      "name": "InvalidSignatureLengthError",
    }
  `);
});

test("an attestkit error without a field has no field key", () => {
  expect(describeAuditError(new AuditWorkerError({ reason: "boom" }))).toEqual({
    name: "AuditWorkerError",
    message: "An audit worker failed: boom.",
  });
});

test("other errors and thrown values", () => {
  expect(describeAuditError(new TypeError("bad"))).toEqual({ name: "TypeError", message: "bad" });
  expect(describeAuditError("text")).toEqual({ name: "Error", message: "text" });
  expect(describeAuditError(undefined)).toEqual({ name: "Error", message: "undefined" });
});
