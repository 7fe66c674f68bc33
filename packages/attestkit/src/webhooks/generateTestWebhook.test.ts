import { expect, test } from "vitest";
import { generateTestWebhook } from "./generateTestWebhook.js";
import { verifyWebhook } from "./verifyWebhook.js";

test("default", () => {
  const { body, headers } = generateTestWebhook({ secret: "k" });
  expect(headers["content-type"]).toBe("application/json");
  const event = verifyWebhook({ body, headers, secret: "k" });
  expect(event.event).toBe("request.status.updated");
  expect(event.data.status).toBe("success");
});

test("payload and timestamp", () => {
  const { body, headers } = generateTestWebhook({ secret: "k", payload: "raw", timestamp: 42 });
  expect(body).toBe("raw");
  expect(headers["x-signature-timestamp"]).toBe("42");
});
