import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { expect, test } from "vitest";
import { computeWebhookSignature } from "./computeWebhookSignature.js";
import { InvalidWebhookSecretError } from "./errors.js";

// A second, independent HMAC implementation checks node:crypto's.
const reference = (secret: string, message: string) =>
  bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(message)));

test("default", () => {
  const body = '{"event":"request.status.updated","data":{"status":"success"}}';
  expect(computeWebhookSignature({ body, secret: "key", timestamp: "1767225600" })).toBe(
    reference("key", `1767225600.${body}`),
  );
});

test("the dot separates timestamp and body", () => {
  expect(computeWebhookSignature({ body: "2.3", secret: "k", timestamp: "1" })).toBe(reference("k", "1.2.3"));
  expect(computeWebhookSignature({ body: "", secret: "k", timestamp: "1767225600" })).toBe(
    reference("k", "1767225600."),
  );
});

test("bytes and strings sign the same", () => {
  const body = '{"note":"caf\u00e9 \u2713"}';
  expect(computeWebhookSignature({ body: new TextEncoder().encode(body), secret: "k", timestamp: "1" })).toBe(
    computeWebhookSignature({ body, secret: "k", timestamp: "1" }),
  );
});

test("an empty secret is refused", () => {
  expect(() => computeWebhookSignature({ body: "{}", secret: "", timestamp: "1" })).toThrow(
    InvalidWebhookSecretError,
  );
});
