// A delivery captured on its way to `webhooks listen` and sent again within its 300 s window: listen
// forwards with a fresh signature, so were it forwarded again, the local endpoint would take the
// replay as a new, freshly signed delivery. Listen drops it by the event id of the signed body.
import { afterAll, beforeAll, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { createWebhookReceiver } from "../../../../../test/support/createWebhookReceiver.js";
import { createTestServer, type TestServer } from "../../../../../test/support/testServer.js";
import { generateTestWebhook } from "../../webhooks/generateTestWebhook.js";
import { sampleWebhookEvent } from "../../webhooks/sampleWebhookEvent.js";
import { verifyWebhook } from "../../webhooks/verifyWebhook.js";
import { forwardedHeaders, runWebhooksListen, type WebhooksListenReady } from "./runWebhooksListen.js";

const apiKey = "replay-key";
/** Stands in for the devnet: it only has to accept the endpoint. */
let devnet: TestServer;
beforeAll(async () => {
  devnet = await createTestServer();
  devnet.on("POST", "/devnet/webhooks/endpoints", { status: 201, body: { endpoint: {} } });
});
afterAll(async () => {
  await devnet?.close();
});

/** Starts `listen` forwarding to `forwardTo`; resolves once it is registered. */
async function listen(forwardTo: string) {
  const io = captureIo();
  const controller = new AbortController();
  const ready = await new Promise<WebhooksListenReady>((resolve, reject) => {
    void runWebhooksListen({ forwardTo, devnet: devnet.url, port: "0", apiKey, json: true }, io, {
      signal: controller.signal,
      onReady: resolve,
    }).then((code) => reject(new Error(`listen ended with ${code}`)));
  });
  return { io, ready, stop: () => controller.abort() };
}

const send = (url: string, delivery: { body: string; headers: Record<string, string> }) =>
  fetch(url, { method: "POST", headers: delivery.headers, body: delivery.body });

test("default: a replayed delivery is answered as a duplicate and not forwarded again", async () => {
  const local = await createWebhookReceiver({ secret: apiKey });
  const listening = await listen(local.url);
  try {
    const delivery = generateTestWebhook({ secret: apiKey });
    const first = await send(listening.ready.url, delivery);
    expect(first.status).toBe(200);
    expect(local.received).toHaveLength(1);
    // The same bytes again, within the window, as an attacker on the path would send them.
    const replay = await send(listening.ready.url, delivery);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ duplicate: true });
    expect(local.received).toHaveLength(1);
    const id = (JSON.parse(delivery.body) as { id: string }).id;
    expect(JSON.parse(listening.io.stdout.at(-1) as string)).toMatchObject({
      id,
      verified: true,
      duplicate: true,
    });
  } finally {
    listening.stop();
    await local.close();
  }
});

test("the forward says what was verified: the sender's timestamp and signature, the signed event id", async () => {
  const receiver = await createWebhookReceiver({ secret: apiKey });
  const listening = await listen(receiver.url);
  try {
    const timestamp = Math.floor(Date.now() / 1000) - 60;
    const delivery = generateTestWebhook({ secret: apiKey, timestamp });
    const answer = await send(listening.ready.url, {
      body: delivery.body,
      // Unsigned headers a sender could choose: an event id and a verdict of its own.
      headers: { ...delivery.headers, "x-event-id": "evt_chosen", [forwardedHeaders.verified]: "everything" },
    });
    expect(answer.status).toBe(200);
    const headers = receiver.received[0]?.headers ?? {};
    expect(headers[forwardedHeaders.verified]).toBe("signature, timestamp, first-delivery");
    expect(headers[forwardedHeaders.originalTimestamp]).toBe(String(timestamp));
    expect(headers[forwardedHeaders.originalSignature]).toBe(delivery.headers["x-signature-sha256"]);
    // The id is the signed body's, not the header's.
    expect(headers["x-event-id"]).toBe((JSON.parse(delivery.body) as { id: string }).id);
    // The endpoint can check the sender's own signature and window itself.
    expect(
      verifyWebhook({
        body: receiver.received[0]?.rawBody ?? "",
        headers: {
          "x-signature-timestamp": String(headers[forwardedHeaders.originalTimestamp]),
          "x-signature-sha256": String(headers[forwardedHeaders.originalSignature]),
        },
        secret: apiKey,
      }).id,
    ).toBe(headers["x-event-id"]);
  } finally {
    listening.stop();
    await receiver.close();
  }
});

test("an event the local URL refused is forwarded again on the retry, then dropped once delivered", async () => {
  const receiver = await createWebhookReceiver({ secret: apiKey, failFirst: 1 });
  const listening = await listen(receiver.url);
  try {
    const delivery = generateTestWebhook({ secret: apiKey });
    expect((await send(listening.ready.url, delivery)).status).toBe(503);
    expect((await send(listening.ready.url, delivery)).status).toBe(200);
    expect((await send(listening.ready.url, delivery)).status).toBe(200);
    expect(receiver.received.map((r) => r.answered)).toEqual([503, 200]);
  } finally {
    listening.stop();
    await receiver.close();
  }
});

test("a second delivery of an event still being forwarded is answered 409, not forwarded twice", async () => {
  const slow = await createTestServer();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  slow.on("POST", "/hooks", async () => {
    await held;
    return { status: 200, body: {} };
  });
  const listening = await listen(`${slow.url}/hooks`);
  try {
    const delivery = generateTestWebhook({ secret: apiKey, payload: sampleWebhookEvent() });
    const first = send(listening.ready.url, delivery);
    // The first is at the local URL (held there) before the second is sent.
    await expect.poll(() => slow.requestsTo("POST", "/hooks").length).toBe(1);
    const second = await send(listening.ready.url, delivery);
    expect(second.status).toBe(409);
    release();
    expect((await first).status).toBe(200);
    expect(slow.requestsTo("POST", "/hooks")).toHaveLength(1);
  } finally {
    release();
    listening.stop();
    await slow.close();
  }
});
