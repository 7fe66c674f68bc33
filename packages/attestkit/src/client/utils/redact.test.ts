import { expect, test } from "vitest";
import { redact } from "./redact.js";

test("default: removes the secret from a string", () => {
  expect(redact({ value: "bad key sk_live_1 here", secret: "sk_live_1" })).toBe("bad key [redacted] here");
});

test("removes the URL-encoded secret too", () => {
  expect(redact({ value: "apiKey=a%2Fb", secret: "a/b" })).toBe("apiKey=[redacted]");
});

test("walks JSON values, keys included, without touching other types", () => {
  expect(
    redact({
      value: { message: "key k3y", list: ["k3y", 1, null, true], k3y: { deep: "x k3y" } },
      secret: "k3y",
    }),
  ).toEqual({
    message: "key [redacted]",
    list: ["[redacted]", 1, null, true],
    "[redacted]": { deep: "x [redacted]" },
  });
});

test("no secret: the value is returned as is", () => {
  const value = { a: "b" };
  expect(redact({ value, secret: undefined })).toBe(value);
  expect(redact({ value, secret: "" })).toBe(value);
});
