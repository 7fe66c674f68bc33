import { expect, test } from "vitest";
import { MissingFieldError } from "../attestation/errors.js";
import { BaseError } from "./BaseError.js";
import { describeError } from "./describeError.js";

test("default: an attestkit error by name, field and short message", () => {
  const described = describeError(new MissingFieldError({ field: "originAmount" }));
  expect(described).toMatchObject({ name: "MissingFieldError", field: "originAmount" });
  expect(described.message).not.toContain("\n");
});

test("an error without a field, a plain Error and a thrown non-error", () => {
  expect(describeError(new BaseError("Broken.", { name: "X", metaMessages: ["more"] }))).toEqual({
    name: "X",
    message: "Broken.",
  });
  expect(describeError(new TypeError("bad"))).toEqual({ name: "TypeError", message: "bad" });
  expect(describeError("text")).toEqual({ name: "Error", message: "text" });
  expect(describeError(undefined)).toEqual({ name: "Error", message: "undefined" });
});

test("a field that is not a string is left out", () => {
  const error = Object.assign(new BaseError("Odd."), { field: 3 });
  expect(describeError(error)).toEqual({ name: "AttestkitError", message: "Odd." });
});
