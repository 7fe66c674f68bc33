import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { WebhookEvent } from "../schemas/types.js";
import { createWebhookHandler } from "./createWebhookHandler.js";
import { generateTestWebhook } from "./generateTestWebhook.js";
import { toNodeListener } from "./toNodeListener.js";

const secret = "rk_test_node";
const events: WebhookEvent[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  const handler = createWebhookHandler({
    secret,
    onEvent: (event) => {
      events.push(event);
    },
  });
  server = createServer(toNodeListener(handler, { maxBodyBytes: 4096 }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/relay?source=test`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test("default", async () => {
  const delivery = generateTestWebhook({ secret });
  const response = await fetch(url, { method: "POST", body: delivery.body, headers: delivery.headers });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ received: true });
  expect(events.at(-1)).toEqual(JSON.parse(delivery.body));
});

test("the raw bytes reach the verifier untouched", async () => {
  // Non-ASCII text and insignificant whitespace: any re-encoding would break the signature.
  const payload = `{ "event": "request.status.updated", "timestamp": 1, "data": {"status": "refund", "requestId": "0x01", "referrer": "caf\u00e9 \u2713"} }`;
  const delivery = generateTestWebhook({ secret, payload });
  const response = await fetch(url, { method: "POST", body: delivery.body, headers: delivery.headers });
  expect(response.status).toBe(200);
  expect(events.at(-1)?.data.referrer).toBe("caf\u00e9 \u2713");
});

test("tampered body is rejected with non-2xx", async () => {
  const delivery = generateTestWebhook({ secret });
  const count = events.length;
  const response = await fetch(url, {
    method: "POST",
    body: delivery.body.replace("success", "refund"),
    headers: delivery.headers,
  });
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ error: "signature-mismatch" });
  expect(events.length).toBe(count);
});

test("header names arrive in any case", async () => {
  const delivery = generateTestWebhook({ secret });
  const response = await fetch(url, {
    method: "POST",
    body: delivery.body,
    headers: {
      "X-Signature-Timestamp": delivery.headers["x-signature-timestamp"],
      "X-Signature-SHA256": delivery.headers["x-signature-sha256"],
    },
  });
  expect(response.status).toBe(200);
});

test("oversized bodies get 413 before the handler", async () => {
  const delivery = generateTestWebhook({
    secret,
    payload: { ...JSON.parse(generateTestWebhook({ secret }).body), pad: "x".repeat(5000) },
  });
  const response = await fetch(url, { method: "POST", body: delivery.body, headers: delivery.headers });
  expect(response.status).toBe(413);
});

test("GET is answered by the handler", async () => {
  const response = await fetch(url);
  expect(response.status).toBe(405);
});

test("a handler that throws gives 500", async () => {
  const failing = createServer(
    toNodeListener(() => {
      throw new Error("boom");
    }),
  );
  await new Promise<void>((resolve) => failing.listen(0, "127.0.0.1", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(failing.address() as AddressInfo).port}/`, {
      method: "POST",
      body: "{}",
    });
    expect(response.status).toBe(500);
  } finally {
    await new Promise((resolve) => failing.close(resolve));
  }
});
