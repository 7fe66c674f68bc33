import { expect, test } from "vitest";
import * as exports from "./index.js";

test("exports", () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "InvalidWebhookOptionError",
      "InvalidWebhookSecretError",
      "WebhookVerificationError",
      "computeWebhookSignature",
      "createMemoryEventStore",
      "createWebhookHandler",
      "defaultDedupeTtlMs",
      "defaultMaxBodyBytes",
      "defaultToleranceSeconds",
      "generateTestWebhook",
      "millisecondsThreshold",
      "sampleWebhookEvent",
      "signWebhook",
      "toNodeListener",
      "verifyWebhook",
      "webhookHeaders",
    ]
  `);
});
