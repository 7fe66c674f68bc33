import { describe, expect, test } from "vitest";
import { InvalidWebhookOptionError, InvalidWebhookSecretError, WebhookVerificationError } from "./errors.js";
import { generateTestWebhook } from "./generateTestWebhook.js";
import { sampleWebhookEvent } from "./sampleWebhookEvent.js";
import { signWebhook } from "./signWebhook.js";
import { verifyWebhook } from "./verifyWebhook.js";

const secret = "rk_live_7f3a9c";
const seconds = 1767225600;
const now = seconds * 1000;
const event = { ...sampleWebhookEvent(), timestamp: now };
const body = JSON.stringify(event);
const headers = signWebhook({ body, secret, timestamp: seconds });

function reason(parameters: Partial<Parameters<typeof verifyWebhook>[0]>) {
  try {
    verifyWebhook({ body, headers, secret, now, ...parameters });
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return (error as WebhookVerificationError).reason;
  }
  throw new Error("verified");
}

test("default", () => {
  expect(verifyWebhook({ body, headers, secret, now })).toEqual(event);
});

describe("accepted", () => {
  test("raw bytes", () => {
    expect(verifyWebhook({ body: Buffer.from(body), headers, secret, now }).data.status).toBe("success");
    expect(verifyWebhook({ body: new TextEncoder().encode(body), headers, secret, now }).event).toBe(
      "request.status.updated",
    );
  });

  test("timestamp in milliseconds", () => {
    const ms = signWebhook({ body, secret, timestamp: now + 1234 });
    expect(verifyWebhook({ body, headers: ms, secret, now }).data.requestId).toBe(event.data.requestId);
  });

  test("header names in any case, as Headers or a record", () => {
    const upper = {
      "X-Signature-Timestamp": headers["x-signature-timestamp"],
      "X-SIGNATURE-SHA256": headers["x-signature-sha256"],
    };
    expect(verifyWebhook({ body, headers: upper, secret, now })).toEqual(event);
    expect(verifyWebhook({ body, headers: new Headers(upper), secret, now })).toEqual(event);
    // node:http gives repeated headers as arrays.
    const repeated = {
      "x-signature-timestamp": [headers["x-signature-timestamp"]],
      "x-signature-sha256": headers["x-signature-sha256"],
    };
    expect(verifyWebhook({ body, headers: repeated, secret, now })).toEqual(event);
  });

  test("uppercase hex signature", () => {
    const upper = { ...headers, "x-signature-sha256": headers["x-signature-sha256"].toUpperCase() };
    expect(verifyWebhook({ body, headers: upper, secret, now })).toEqual(event);
  });

  test("tolerance edges: exactly 300 s either way", () => {
    expect(verifyWebhook({ body, headers, secret, now: now + 300_000 })).toEqual(event);
    expect(verifyWebhook({ body, headers, secret, now: now - 300_000 })).toEqual(event);
  });

  test("clock as a Date or a function", () => {
    expect(verifyWebhook({ body, headers, secret, now: new Date(now) })).toEqual(event);
    expect(verifyWebhook({ body, headers, secret, now: () => now })).toEqual(event);
  });

  test("unknown fields and an unknown status are kept", () => {
    const payload = { ...event, deliveryId: "d1", data: { ...event.data, status: "settling" } };
    const delivery = generateTestWebhook({ secret, payload, timestamp: seconds });
    const parsed = verifyWebhook({ body: delivery.body, headers: delivery.headers, secret, now });
    expect(parsed.data.status).toBe("settling");
    expect((parsed as Record<string, unknown>).deliveryId).toBe("d1");
  });
});

describe("rejected", () => {
  test("tampered body", () => {
    expect(reason({ body: body.replace('"success"', '"refund"') })).toBe("signature-mismatch");
    expect(reason({ body: `${body} ` })).toBe("signature-mismatch");
    // Re-serialising parsed JSON changes the bytes: verify the raw body.
    expect(reason({ body: JSON.stringify(JSON.parse(body), null, 2) })).toBe("signature-mismatch");
    const bytes = Buffer.from(body);
    bytes[10] = (bytes[10] ?? 0) ^ 1;
    expect(reason({ body: bytes })).toBe("signature-mismatch");
  });

  test("tampered timestamp", () => {
    expect(reason({ headers: { ...headers, "x-signature-timestamp": String(seconds + 1) } })).toBe(
      "signature-mismatch",
    );
    // The same instant in milliseconds is a different signed string.
    expect(reason({ headers: { ...headers, "x-signature-timestamp": String(now) } })).toBe(
      "signature-mismatch",
    );
  });

  test("tampered signature", () => {
    const signature = headers["x-signature-sha256"];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`;
    expect(reason({ headers: { ...headers, "x-signature-sha256": flipped } })).toBe("signature-mismatch");
    expect(reason({ headers: { ...headers, "x-signature-sha256": `${signature.slice(0, -1)}g` } })).toBe(
      "signature-mismatch",
    );
    expect(reason({ secret: "rk_live_7f3a9d" })).toBe("signature-mismatch");
  });

  test("wrong length", () => {
    const signature = headers["x-signature-sha256"];
    for (const value of [
      signature.slice(0, -1),
      `${signature}0`,
      "",
      `sha256=${signature}`,
      `0x${signature}`,
    ])
      expect(reason({ headers: { ...headers, "x-signature-sha256": value } })).toBe("signature-length");
  });

  test("stale time", () => {
    expect(reason({ now: now + 300_001 })).toBe("timestamp-too-old");
    expect(reason({ now: now + 86_400_000 })).toBe("timestamp-too-old");
    expect(reason({ now: now + 61_000, toleranceSeconds: 60 })).toBe("timestamp-too-old");
  });

  test("future time", () => {
    expect(reason({ now: now - 300_001 })).toBe("timestamp-in-future");
    expect(reason({ now: now - 61_000, toleranceSeconds: 60 })).toBe("timestamp-in-future");
  });

  test("missing headers", () => {
    let caught: WebhookVerificationError | undefined;
    try {
      verifyWebhook({ body, headers: { "x-signature-sha256": headers["x-signature-sha256"] }, secret, now });
    } catch (error) {
      caught = error as WebhookVerificationError;
    }
    expect([caught?.reason, caught?.header]).toEqual(["missing-header", "x-signature-timestamp"]);
    expect(reason({ headers: { "x-signature-timestamp": headers["x-signature-timestamp"] } })).toBe(
      "missing-header",
    );
    expect(reason({ headers: new Headers() })).toBe("missing-header");
  });

  test("invalid timestamps", () => {
    for (const value of ["", "abc", "-5", "1.5", "1e9", " 1767225600", "12345678901234567"])
      expect(reason({ headers: { ...headers, "x-signature-timestamp": value } })).toBe("invalid-timestamp");
  });

  test("authentic but unreadable bodies", () => {
    const notJson = generateTestWebhook({ secret, payload: "not json", timestamp: seconds });
    expect(reason({ body: notJson.body, headers: notJson.headers })).toBe("invalid-body");
    const notEvent = generateTestWebhook({
      secret,
      payload: { event: "request.status.updated" },
      timestamp: seconds,
    });
    expect(reason({ body: notEvent.body, headers: notEvent.headers })).toBe("invalid-body");
    const badUtf8 = new Uint8Array([0x7b, 0xff, 0x7d]);
    expect(
      reason({ body: badUtf8, headers: signWebhook({ body: badUtf8, secret, timestamp: seconds }) }),
    ).toBe("invalid-body");
  });

  test("a parsed body instead of the raw one", () => {
    expect(reason({ body: event as unknown as string })).toBe("invalid-body");
  });
});

test("options that would weaken the check are refused", () => {
  expect(() => verifyWebhook({ body, headers, secret, now, toleranceSeconds: Number.NaN })).toThrow(
    InvalidWebhookOptionError,
  );
  expect(() => verifyWebhook({ body, headers, secret, now, toleranceSeconds: -1 })).toThrow(
    InvalidWebhookOptionError,
  );
  expect(() => verifyWebhook({ body, headers, secret, now: () => Number.NaN })).toThrow(
    InvalidWebhookOptionError,
  );
  expect(() => verifyWebhook({ body, headers, secret, now: new Date(Number.NaN) })).toThrow(
    InvalidWebhookOptionError,
  );
  expect(() => verifyWebhook({ body, headers, secret: "", now })).toThrow(InvalidWebhookSecretError);
  // Infinity turns the time check off on purpose.
  expect(
    verifyWebhook({ body, headers, secret, now: 0, toleranceSeconds: Number.POSITIVE_INFINITY }),
  ).toEqual(event);
});

test("error text", () => {
  expect(() =>
    verifyWebhook({ body, headers, secret, now: now + 400_000 }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [WebhookVerificationError: Webhook verification failed (timestamp-too-old): sent 400 s ago, over 300 s.

    A replayed or long-delayed delivery; check the receiver's clock if this repeats.
    Version: attestkit@0.1.0]
  `);
  expect(() =>
    verifyWebhook({ body: `${body}\n`, headers, secret, now }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [WebhookVerificationError: Webhook verification failed (signature-mismatch): the signature does not match the body and timestamp.

    Verify the raw body exactly as received (not re-serialised JSON), keyed with the API key the endpoint is tied to.
    Version: attestkit@0.1.0]
  `);
});
