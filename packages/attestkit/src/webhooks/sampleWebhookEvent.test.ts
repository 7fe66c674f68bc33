import { expect, test } from "vitest";
import { responseSchemas } from "../schemas/responses.js";
import { sampleWebhookEvent } from "./sampleWebhookEvent.js";

test("default", () => {
  const before = Date.now();
  const event = sampleWebhookEvent();
  const after = Date.now();
  expect(responseSchemas.webhook.parse(event)).toEqual(event);
  // Timestamped now: between the clock readings around the call, however long it took.
  expect(event.timestamp).toBeGreaterThanOrEqual(before);
  expect(event.timestamp).toBeLessThanOrEqual(after);
});
