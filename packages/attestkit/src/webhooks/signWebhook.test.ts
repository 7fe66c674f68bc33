import { afterEach, expect, test, vi } from "vitest";
import { computeWebhookSignature } from "./computeWebhookSignature.js";
import { signWebhook } from "./signWebhook.js";

afterEach(() => {
  vi.useRealTimers();
});

test("default", () => {
  const headers = signWebhook({ body: "{}", secret: "key", timestamp: 1767225600 });
  expect(headers).toEqual({
    "x-signature-timestamp": "1767225600",
    "x-signature-sha256": computeWebhookSignature({ body: "{}", secret: "key", timestamp: "1767225600" }),
  });
  expect(headers["x-signature-sha256"]).toMatch(/^[0-9a-f]{64}$/);
});

test("defaults to now in Unix seconds", () => {
  vi.useFakeTimers({ now: 1767225600999 });
  expect(signWebhook({ body: "{}", secret: "key" })["x-signature-timestamp"]).toBe("1767225600");
});

test("milliseconds are written as given", () => {
  expect(signWebhook({ body: "{}", secret: "key", timestamp: 1767225600123 })["x-signature-timestamp"]).toBe(
    "1767225600123",
  );
});
