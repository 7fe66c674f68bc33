// Webhook custom headers per API key, end to end: a payment quoted through the client with a key
// whose endpoint has custom headers; every delivery carries them and still verifies; another key's
// endpoint gets none; headers that would replace the delivery's own are refused before start.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createWalletClient, type Hex, http, zeroAddress } from "viem";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createWebhookReceiver, type WebhookReceiver } from "../../../test/support/createWebhookReceiver.js";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { createDevnet } from "../src/createDevnet.js";
import { InvalidWebhookHeaderError } from "../src/errors.js";

const gatewayKey = "gateway-key";
const plainKey = "plain-key";
let gateway: WebhookReceiver;
let plain: WebhookReceiver;
const headers = { Authorization: "Bearer gateway-token", "X-Gateway-Route": "attestkit/devnet" };

beforeAll(async () => {
  gateway = await createWebhookReceiver({ secret: gatewayKey, failFirst: 1 });
  plain = await createWebhookReceiver({ secret: plainKey });
});
afterAll(async () => {
  await gateway?.close();
  await plain?.close();
});

// Started after the receivers (hooks run in order) and stopped before them.
const { devnet, account } = useDevnet(() => ({
  webhooks: { [plainKey]: plain.url },
  webhookUrl: gateway.url,
  apiKey: gatewayKey,
  webhookHeaders: headers,
  webhookRetry: { baseDelayMs: 5, maxDelayMs: 20 },
}));

async function pay(apiKey: string, accountIndex: number) {
  const client = createClient({ network: { baseUrl: devnet().url }, apiKey });
  const payer = account(accountIndex);
  const quote = await client.getQuote({
    user: payer.address,
    originChainId: devnet().info.originChainId,
    destinationChainId: devnet().info.destinationChainId,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
  });
  const requestId = quote.steps[0]?.requestId as Hex;
  const data = quote.steps[0]?.items[0]?.data as { to: Hex; data: Hex; value: string };
  const wallet = createWalletClient({
    account: payer,
    transport: http(devnet().info.chains[0]?.rpcUrl),
    pollingInterval: 50,
  });
  await wallet.sendTransaction({ chain: null, to: data.to, data: data.data, value: BigInt(data.value) });
  expect((await waitForStatus(client, { requestId, intervalMs: 25 })).status).toBe("success");
  return requestId;
}

test("default: every delivery to the key's endpoint carries its custom headers and verifies", async () => {
  const requestId = await pay(gatewayKey, 3);
  await gateway.waitFor((events) => events.some((e) => e.event.data.status === "success"));
  const mine = gateway.received.filter((delivery) => delivery.rawBody.includes(requestId));
  // pending, submitted, success; each failed once first, then delivered: 6 attempts.
  expect(mine).toHaveLength(6);
  for (const delivery of mine) {
    expect(delivery.headers.authorization).toBe("Bearer gateway-token");
    expect(delivery.headers["x-gateway-route"]).toBe("attestkit/devnet");
    expect(delivery.event).toBeDefined(); // the signature verified
  }
  expect(gateway.accepted().map((e) => e.event.data.status)).toEqual(["pending", "submitted", "success"]);
});

test("another key's endpoint gets none of them", async () => {
  await pay(plainKey, 4);
  await plain.waitFor((events) => events.some((e) => e.event.data.status === "success"));
  for (const delivery of plain.received) {
    expect(delivery.headers.authorization).toBeUndefined();
    expect(delivery.headers["x-gateway-route"]).toBeUndefined();
    expect(delivery.event).toBeDefined();
  }
});

test("/devnet/info lists the header names, never their values", async () => {
  const info = (await (await fetch(`${devnet().url}/devnet/info`)).json()) as {
    webhooks: { url: string; headers: string[] }[];
  };
  expect(info.webhooks).toEqual(
    expect.arrayContaining([
      { url: gateway.url, headers: ["Authorization", "X-Gateway-Route"] },
      { url: plain.url, headers: [] },
    ]),
  );
  expect(JSON.stringify(info)).not.toContain("gateway-token");
});

test("a header that would replace a signature, event or transport header is refused before start", async () => {
  for (const [name, config] of [
    ["X-Signature-SHA256", { webhooks: { k: { url: gateway.url, headers: { "X-Signature-SHA256": "0" } } } }],
    ["x-event-id", { webhookUrl: gateway.url, apiKey: "k", webhookHeaders: { "x-event-id": "1" } }],
    ["X-Bad", { webhooks: { k: { url: gateway.url, headers: { "X-Bad": "a\r\nX-Injected: 1" } } } }],
  ] as const) {
    const error = await createDevnet({ port: 0, log: () => {}, ...config }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidWebhookHeaderError);
    expect(error).toMatchObject({ header: name });
  }
  await expect(createDevnet({ port: 0, webhookHeaders: headers, log: () => {} })).rejects.toThrow(
    /webhookHeaders go with webhookUrl/,
  );
});

test("with --state, the headers are kept: a restart without them still sends them", async () => {
  const stateDir = mkdtempSync(join(tmpdir(), "attestkit-headers-"));
  try {
    const first = await createDevnet({
      port: 0,
      stateDir,
      webhooks: { "kept-key": { url: gateway.url, headers: { "X-Kept": "yes" } } },
      log: () => {},
    });
    await first.stop();
    const second = await createDevnet({ port: 0, stateDir, log: () => {} });
    try {
      const info = (await (await fetch(`${second.url}/devnet/info`)).json()) as {
        webhooks: { url: string; headers: string[] }[];
      };
      expect(info.webhooks).toEqual([{ url: gateway.url, headers: ["X-Kept"] }]);
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
});
