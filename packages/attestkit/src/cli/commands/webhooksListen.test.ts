import { spawn } from "node:child_process";
import { afterAll, beforeAll, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { createWebhookReceiver } from "../../../../../test/support/createWebhookReceiver.js";
import { cliBin, plainEnv } from "../../../../../test/support/spawnCli.js";
import { createTestServer } from "../../../../../test/support/testServer.js";
import { runDevnetScenario } from "../../../../devnet/src/cli/runDevnetScenario.js";
import { createDevnet, type Devnet } from "../../../../devnet/src/createDevnet.js";
import { generateTestWebhook } from "../../webhooks/generateTestWebhook.js";
import { signWebhook } from "../../webhooks/signWebhook.js";
import { runCli } from "../createProgram.js";
import { runWebhooksListen, type WebhooksListenReady } from "./runWebhooksListen.js";

let devnet: Devnet;
beforeAll(async () => {
  devnet = await createDevnet({
    port: 0,
    indexIntervalMs: 20,
    webhookRetry: { baseDelayMs: 20, maxDelayMs: 50 },
    log: () => {},
  });
});
afterAll(async () => {
  await devnet?.stop();
});

/** Starts `listen` forwarding to `forwardTo`; resolves once it is registered. */
async function listen(forwardTo: string, extra: { apiKey?: string; json?: boolean } = {}) {
  const io = captureIo();
  const controller = new AbortController();
  let ready!: WebhooksListenReady;
  let done!: Promise<number>;
  const registered = new Promise<void>((resolve) => {
    done = runWebhooksListen({ forwardTo, devnet: devnet.url, port: "0", ...extra }, io, {
      signal: controller.signal,
      onReady: (value) => {
        ready = value;
        resolve();
      },
    });
    void done.then((code) => {
      exit.code = code;
      resolve();
    });
  });
  const exit: { code?: number } = {};
  await registered;
  // `exited` settles with the exit code once listen has ended.
  return { io, ready, exit, exited: done, stop: () => controller.abort() };
}

test("deliveries are verified, printed one line each and forwarded re-signed; a failing local answer makes the devnet retry", async () => {
  const apiKey = "listen-key";
  // The local endpoint answers 503 to each event's first attempt: the devnet must retry through listen.
  const local = await createWebhookReceiver({ secret: apiKey, failFirst: 1 });
  const listening = await listen(local.url, { apiKey, json: true });
  try {
    expect(listening.ready.apiKey).toBe(apiKey);
    const { requestId } = await runDevnetScenario({
      devnet: devnet.url,
      scenario: "success",
      account: 1,
      apiKey,
      intervalMs: 20,
    });
    await local.waitFor((events) =>
      events.some(({ event }) => event.data.requestId === requestId && event.data.status === "success"),
    );
    // Every forwarded delivery verifies with the same secret, under the devnet's event id.
    expect(local.received.every((delivery) => delivery.event !== undefined)).toBe(true);
    expect(local.accepted().map(({ event }) => event.data.status)).toEqual([
      "pending",
      "submitted",
      "success",
    ]);
    // The devnet hears each answer after listen printed its line.
    await devnet.idle();
    const lines = listening.io.stdout.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ ready: true, apiKey });
    const deliveries = lines.slice(1);
    expect(deliveries.filter((d) => d.forwardedStatus === 503)).toHaveLength(3);
    expect(deliveries.filter((d) => d.forwardedStatus === 200)).toHaveLength(3);
    expect(deliveries.every((d) => d.verified === true && d.requestId === requestId)).toBe(true);
    for (const d of deliveries.filter((d) => d.forwardedStatus === 200)) expect(d.attempt).toBe(2);
    // The devnet saw the local answers: each delivery delivered on its second attempt.
    const mine = devnet.webhookDeliveries().filter((d) => d.requestId === requestId);
    expect(mine.map((d) => [d.state, d.attempts])).toEqual([
      ["delivered", 2],
      ["delivered", 2],
      ["delivered", 2],
    ]);
  } finally {
    listening.stop();
    await local.close();
  }
});

test("a delivery that does not verify is answered 401 and not forwarded; text lines", async () => {
  const local = await createWebhookReceiver({ secret: "k" });
  const listening = await listen(local.url);
  try {
    const body = JSON.stringify({ event: "request.status.updated", timestamp: Date.now(), data: {} });
    const forged = await fetch(listening.ready.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-event-id": "evt_forged",
        ...signWebhook({ body, secret: "wrong" }),
      },
      body,
    });
    expect(forged.status).toBe(401);
    expect(local.received).toHaveLength(0);
    expect(listening.io.stdout[0]).toMatch(/^Ready: deliveries of the devnet at /);
    expect(listening.io.stdout[1]).toMatch(/^Quote with x-api-key: whk_[0-9a-f]{32} /);
    expect(listening.io.stdout.at(-1)).toMatch(/evt_forged {2}rejected: \S+ \(not forwarded\)$/);
  } finally {
    listening.stop();
    await local.close();
  }
});

test("an unreachable local URL answers 502, so the devnet retries", async () => {
  const listening = await listen("http://127.0.0.1:1/hooks", { apiKey: "k2" });
  try {
    const { body, headers } = generateTestWebhook({ secret: "k2" });
    const answer = await fetch(listening.ready.url, {
      method: "POST",
      headers: { ...headers, "x-event-id": "evt_x" },
      body,
    });
    expect(answer.status).toBe(502);
    expect(listening.io.stdout.at(-1)).toMatch(/-> unreachable \(.*\), 502$/);
  } finally {
    listening.stop();
  }
});

test("bad input is 2; a devnet that does not answer is 3; it stops cleanly with 0", async () => {
  const run = async (...args: string[]) => {
    const io = captureIo();
    return { code: await runCli(["webhooks", "listen", ...args], io), io };
  };
  expect((await run()).code).toBe(2);
  expect((await run("--forward-to", "ftp://x")).code).toBe(2);
  expect((await run("--forward-to", "http://127.0.0.1:1", "--port", "70000")).code).toBe(2);
  expect((await run("--forward-to", "http://127.0.0.1:1", "--devnet", "http://127.0.0.1:1")).code).toBe(3);
  const listening = await listen("http://127.0.0.1:1/");
  listening.stop();
  // However long stopping takes: the code is read once listen has ended.
  expect(await listening.exited).toBe(0);
  expect(listening.exit.code).toBe(0);
});

test("a delivery's own headers (custom webhook headers) are passed on; the signature is made again", async () => {
  const local = await createWebhookReceiver({ secret: "k3" });
  const listening = await listen(local.url, { apiKey: "k3" });
  try {
    const { body, headers } = generateTestWebhook({
      secret: "k3",
      timestamp: Math.floor(Date.now() / 1000) - 60,
    });
    const answer = await fetch(listening.ready.url, {
      method: "POST",
      headers: { ...headers, "x-event-id": "evt_h", "x-tenant": "acme" },
      body,
    });
    expect(answer.status).toBe(200);
    const received = local.received[0];
    expect(received?.headers["x-tenant"]).toBe("acme");
    // The event id of the signed body, not the unsigned header's.
    expect(received?.headers["x-event-id"]).toBe((JSON.parse(body) as { id: string }).id);
    expect(received?.event).toBeDefined();
    // Re-signed now, not the original minute-old timestamp.
    expect(Number(received?.headers["x-signature-timestamp"])).toBeGreaterThan(
      Number(headers["x-signature-timestamp"]),
    );
  } finally {
    listening.stop();
    await local.close();
  }
});

/** The webhook endpoints the devnet has now (`GET /devnet/info`). */
async function endpointUrls() {
  const info = (await (await fetch(`${devnet.url}/devnet/info`)).json()) as { webhooks: { url: string }[] };
  return info.webhooks.map((w) => w.url);
}

test("stopping removes its endpoint from the devnet and says so: the devnet posts nothing more for the key", async () => {
  const apiKey = "stop-key";
  const listening = await listen("http://127.0.0.1:1/", { apiKey });
  expect(await endpointUrls()).toContain(listening.ready.url);
  expect(listening.io.stdout[2]).toBe("Ctrl+C stops, and removes the endpoint from the devnet.");
  listening.stop();
  expect(await listening.exited).toBe(0);
  expect(listening.io.stdout.at(-1)).toBe(
    `Stopped: the endpoint is removed from the devnet at ${devnet.url}, which posts nothing more to it.`,
  );
  expect(listening.io.stderr).toEqual([]);
  expect(await endpointUrls()).not.toContain(listening.ready.url);
  // A request quoted with the key now queues no delivery to the closed port.
  const { requestId } = await runDevnetScenario({
    devnet: devnet.url,
    scenario: "amount-too-low",
    account: 2,
    apiKey,
    intervalMs: 20,
  });
  await devnet.idle();
  expect(devnet.webhookDeliveries().filter((d) => d.requestId === requestId)).toEqual([]);
});

test("the binary removes its endpoint on SIGTERM and on SIGINT, then exits 0", async () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    const child = spawn(
      process.execPath,
      [cliBin, "webhooks", "listen", "--forward-to", "http://127.0.0.1:1/", "--devnet", devnet.url, "--json"],
      { env: plainEnv(), stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const ready = await new Promise<{ url: string }>((resolve, reject) => {
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
        const first = stdout.split("\n")[0] as string;
        if (stdout.includes("\n")) resolve(JSON.parse(first) as { url: string });
      });
      void exited.then((code) => reject(new Error(`exited ${code} before it was ready: ${stdout}`)));
    });
    expect(await endpointUrls()).toContain(ready.url);
    child.kill(signal);
    expect([signal, await exited]).toEqual([signal, 0]);
    expect(JSON.parse(stdout.trim().split("\n").at(-1) as string)).toEqual({
      stopped: true,
      endpointRemoved: true,
    });
    expect(await endpointUrls()).not.toContain(ready.url);
  }
});

test("an endpoint the devnet no longer has: the stop is clean, and says the endpoint could not be removed", async () => {
  const fake = await createTestServer();
  fake.on("POST", "/devnet/webhooks/endpoints", { status: 201, body: { endpoint: { id: "whe_gone" } } });
  fake.on("DELETE", "/devnet/webhooks/endpoints/whe_gone", {
    status: 404,
    body: { message: "No webhook endpoint: it was removed already.", code: "ENDPOINT_NOT_FOUND" },
  });
  try {
    const io = captureIo();
    const controller = new AbortController();
    const exited = runWebhooksListen({ forwardTo: "http://127.0.0.1:1/", devnet: fake.url, port: "0" }, io, {
      signal: controller.signal,
      onReady: () => controller.abort(),
    });
    expect(await exited).toBe(0);
    expect(io.stderr).toEqual([
      `warning: stopped, but the endpoint may still be registered with the devnet at ${new URL(fake.url).origin}: No webhook endpoint: it was removed already.`,
    ]);
  } finally {
    await fake.close();
  }
});
