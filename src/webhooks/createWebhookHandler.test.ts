import { describe, expect, test } from "vitest";
import type { WebhookEvent } from "../schemas/types.js";
import { createWebhookHandler } from "./createWebhookHandler.js";
import { InvalidWebhookSecretError, type WebhookVerificationError } from "./errors.js";
import { generateTestWebhook } from "./generateTestWebhook.js";

const secret = "rk_test_handler";
const url = "http://127.0.0.1/webhooks";

function setup(options: Partial<Parameters<typeof createWebhookHandler>[0]> = {}) {
  const events: WebhookEvent[] = [];
  const errors: unknown[] = [];
  const handler = createWebhookHandler({
    secret,
    onEvent: (event) => {
      events.push(event);
    },
    onError: (error) => errors.push(error),
    ...options,
  });
  return { handler, events, errors };
}

const post = (body: string, headers: Record<string, string>) =>
  new Request(url, { method: "POST", body, headers });

test("default", async () => {
  const { handler, events } = setup();
  const delivery = generateTestWebhook({ secret });
  const response = await handler(post(delivery.body, delivery.headers));
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ received: true });
  expect(events).toEqual([JSON.parse(delivery.body)]);
});

describe("non-2xx on failure, onEvent not called", () => {
  test("bad signature: 401", async () => {
    const { handler, events, errors } = setup();
    const delivery = generateTestWebhook({ secret: "another key" });
    const response = await handler(post(delivery.body, delivery.headers));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "signature-mismatch" });
    expect(events).toEqual([]);
    expect((errors[0] as WebhookVerificationError).reason).toBe("signature-mismatch");
  });

  test("stale delivery: 401", async () => {
    const { handler, events } = setup({ now: Date.now() + 301_000 });
    const delivery = generateTestWebhook({ secret });
    const response = await handler(post(delivery.body, delivery.headers));
    expect([response.status, await response.json()]).toEqual([401, { error: "timestamp-too-old" }]);
    expect(events).toEqual([]);
  });

  test("missing headers: 401", async () => {
    const { handler } = setup();
    const response = await handler(post("{}", { "content-type": "application/json" }));
    expect([response.status, await response.json()]).toEqual([401, { error: "missing-header" }]);
  });

  test("authentic but not an event: 400", async () => {
    const { handler, events } = setup();
    const delivery = generateTestWebhook({ secret, payload: { hello: "world" } });
    const response = await handler(post(delivery.body, delivery.headers));
    expect([response.status, await response.json()]).toEqual([400, { error: "invalid-body" }]);
    expect(events).toEqual([]);
  });

  test("other methods: 405", async () => {
    const { handler } = setup();
    const response = await handler(new Request(url));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  test("oversized body: 413", async () => {
    const { handler, events } = setup({ maxBodyBytes: 64 });
    const delivery = generateTestWebhook({ secret });
    const response = await handler(post(delivery.body, delivery.headers));
    expect(response.status).toBe(413);
    // A streamed body without content-length is cut off too.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(40));
        controller.enqueue(new Uint8Array(40));
        controller.close();
      },
    });
    const streamed = new Request(url, {
      method: "POST",
      body: stream,
      headers: delivery.headers,
      duplex: "half",
    } as RequestInit);
    expect((await handler(streamed)).status).toBe(413);
    expect(events).toEqual([]);
  });

  test("onEvent throws: 500, so the service delivers again", async () => {
    const failure = new Error("database down");
    const { handler, errors } = setup({
      onEvent: () => {
        throw failure;
      },
    });
    const delivery = generateTestWebhook({ secret });
    const response = await handler(post(delivery.body, delivery.headers));
    expect([response.status, await response.json()]).toEqual([500, { error: "handler-failed" }]);
    expect(errors).toEqual([failure]);
  });
});

test("async onEvent is awaited", async () => {
  let done = false;
  const handler = createWebhookHandler({
    secret,
    onEvent: async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      done = true;
    },
  });
  const delivery = generateTestWebhook({ secret });
  expect((await handler(post(delivery.body, delivery.headers))).status).toBe(200);
  expect(done).toBe(true);
});

test("an empty secret fails at creation", () => {
  expect(() => createWebhookHandler({ secret: "", onEvent: () => {} })).toThrow(InvalidWebhookSecretError);
});
