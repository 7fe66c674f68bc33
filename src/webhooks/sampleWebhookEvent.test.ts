import { expect, test } from "vitest";
import { responseSchemas } from "../schemas/responses.js";
import { sampleWebhookEvent } from "./sampleWebhookEvent.js";

test("default", () => {
  const event = sampleWebhookEvent();
  expect(responseSchemas.webhook.parse(event)).toEqual(event);
  expect(Math.abs((event.timestamp as number) - Date.now())).toBeLessThan(5000);
});
