import { expect, test } from "vitest";
import { BaseError } from "../errors/BaseError.js";
import { InvalidRequestError, InvalidResponseError } from "./errors.js";

test("default", () => {
  const error = new InvalidRequestError({
    endpoint: "quote",
    issues: [{ field: "amount", rule: "pattern", message: "must be digits only (smallest unit)" }],
  });
  expect(error).toBeInstanceOf(BaseError);
  expect(error.name).toBe("InvalidRequestError");
  expect([error.endpoint, error.field, error.rule]).toEqual(["quote", "amount", "pattern"]);
  expect(error.shortMessage).toBe(
    'Invalid quote request: field "amount" must be digits only (smallest unit) (rule pattern).',
  );
});

test("a body-level issue", () => {
  const error = new InvalidRequestError({
    endpoint: "status",
    issues: [{ field: "", rule: "type", message: "x" }],
  });
  expect(error.shortMessage).toBe('Invalid status request: field "(body)" x (rule type).');
});

test("response error", () => {
  const error = new InvalidResponseError({ endpoint: "status", issues: [] });
  expect(error.name).toBe("InvalidResponseError");
  expect(error.shortMessage).toBe("Invalid status response.");
});
