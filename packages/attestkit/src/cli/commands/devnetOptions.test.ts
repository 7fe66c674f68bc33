// `attestkit devnet`'s options for fast failure tests: the rate limits and the webhook retry schedule
// (a full 10-retry run takes about 5 minutes at the defaults). Bad values exit 2 before anything
// starts; good ones reach the devnet: a failing endpoint's deliveries run their whole schedule at once
// (no waiting on the clock), and the API answers 429 past the anonymous limit.
import { createWalletClient, type Hex, http, parseEther, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import {
  createWebhookReceiver,
  type WebhookReceiver,
} from "../../../../../test/support/createWebhookReceiver.js";
import { readDevnetParameters } from "../../../../devnet/src/cli/readDevnetParameters.js";
import { runDevnet } from "../../../../devnet/src/cli/runDevnet.js";
import type { Devnet } from "../../../../devnet/src/createDevnet.js";
import { createClient } from "../../client/createClient.js";
import { runCli } from "../createProgram.js";
import type { DevnetOptions } from "../devnetCliTypes.js";

const options = { port: "0", originChainId: "31337", destinationChainId: "31338" };

test("bad rate-limit and retry values exit 2 with a message, before anything starts", async () => {
  const cases: [Partial<DevnetOptions>, string][] = [
    [{ rateLimit: "0" }, "error: --rate-limit must be between 1 and 1000000000, got 0"],
    [{ rateLimit: "ten" }, 'error: --rate-limit must be an integer, got "ten"'],
    [{ rateLimitApiKey: "-1" }, 'error: --rate-limit-api-key must be an integer, got "-1"'],
    [{ rateLimitWindow: "0" }, "error: --rate-limit-window must be between 1 and 86400000, got 0"],
    [
      { rateLimit: false, rateLimitWindow: "1000" },
      "error: --no-rate-limit turns rate limiting off: give no --rate-limit-api-key or --rate-limit-window",
    ],
    [{ webhookRetries: "101" }, "error: --webhook-retries must be between 0 and 100, got 101"],
    [{ webhookRetryDelay: "1.5" }, 'error: --webhook-retry-delay must be an integer, got "1.5"'],
    [
      { webhookRetryMaxDelay: "3600001" },
      "error: --webhook-retry-max-delay must be between 0 and 3600000, got 3600001",
    ],
    [{ orphanRefundDelay: "-1" }, 'error: --orphan-refund-delay must be an integer, got "-1"'],
    [
      { orphanRefundDelay: "86400001" },
      "error: --orphan-refund-delay must be between 0 and 86400000, got 86400001",
    ],
    [
      { webhookRetryDelay: "10", webhookRetryMaxDelay: "5" },
      "error: --webhook-retry-max-delay (5 ms) must be at least the first retry's delay, --webhook-retry-delay (10 ms)",
    ],
  ];
  for (const [overrides, message] of cases) {
    const io = captureIo();
    expect(await runDevnet({ ...options, ...overrides }, io, { signal: AbortSignal.abort() })).toBe(2);
    expect(io.stderr).toEqual([message]);
  }
  // Through the command line: commander's names reach the same checks.
  const io = captureIo();
  expect(await runCli(["devnet", "--webhook-retries", "500"], io)).toBe(2);
  expect(io.stderr).toEqual(["error: --webhook-retries must be between 0 and 100, got 500"]);
  const off = captureIo();
  expect(await runCli(["devnet", "--no-rate-limit", "--rate-limit-api-key", "5"], off)).toBe(2);
  expect(off.stderr[0]).toMatch(/^error: --no-rate-limit turns rate limiting off/);
});

test("--help documents the options", async () => {
  const io = captureIo();
  await runCli(["devnet", "--help"], io);
  const help = io.stdout.join("\n");
  for (const flag of [
    "--rate-limit <n>",
    "--rate-limit-api-key <n>",
    "--rate-limit-window <ms>",
    "--no-rate-limit",
    "--webhook-retries <n>",
    "--webhook-retry-delay <ms>",
    "--webhook-retry-max-delay <ms>",
    "--orphan-refund-delay <ms>",
  ])
    expect(help).toContain(flag);
});

test("--orphan-refund-delay reaches the devnet's parameters in ms; left out, the devnet's default holds", () => {
  const io = captureIo();
  expect(readDevnetParameters({ ...options, orphanRefundDelay: "0" }, io).orphanRefundDelayMs).toBe(0);
  expect(readDevnetParameters({ ...options, orphanRefundDelay: "1500" }, io).orphanRefundDelayMs).toBe(1500);
  expect(readDevnetParameters(options, io)).not.toHaveProperty("orphanRefundDelayMs");
});

let receiver: WebhookReceiver;
let devnet: Devnet;
let stop: AbortController;
let running: Promise<number>;
const apiKey = "options-key";

beforeAll(async () => {
  // An endpoint that never accepts: every delivery runs its whole retry schedule.
  receiver = await createWebhookReceiver({ secret: apiKey, failFirst: 1_000 });
  stop = new AbortController();
  const started = new Promise<Devnet>((resolve) => {
    running = runDevnet(
      {
        ...options,
        webhookUrl: receiver.url,
        apiKey,
        rateLimit: "3",
        rateLimitApiKey: "1000",
        rateLimitWindow: "3600000",
        webhookRetries: "3",
        webhookRetryDelay: "1",
        webhookRetryMaxDelay: "2",
      },
      captureIo(),
      { signal: stop.signal, onStarted: resolve },
    );
  });
  devnet = await started;
});

afterAll(async () => {
  stop?.abort();
  await running;
  await receiver?.close();
});

test("--webhook-retries 3 --webhook-retry-delay 1: a failing endpoint's delivery fails after 4 attempts at once", async () => {
  const client = createClient({
    network: { baseUrl: devnet.url },
    apiKey,
    solvers: [devnet.info.solver.address],
    trustRoot: devnet.trustRoot,
  });
  const [origin, destination] = devnet.info.chains as [
    Devnet["info"]["chains"][number],
    Devnet["info"]["chains"][number],
  ];
  const account = privateKeyToAccount(devnet.info.testAccounts[5]?.privateKey as Hex);
  const wallet = createWalletClient({ account, transport: http(origin.rpcUrl), pollingInterval: 50 });
  const quote = await client.getQuote({
    user: account.address,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: parseEther("0.01").toString(),
    tradeType: "EXACT_INPUT",
  });
  await client.executeSteps({ quote, wallet, checkIntervalMs: 20 });
  await client.waitForStatus({ requestId: quote.requestId as Hex, intervalMs: 20 });
  // Every status change's delivery has run out of retries once the devnet is idle.
  await devnet.idle();
  const deliveries = devnet.webhookDeliveries().filter((delivery) => delivery.requestId === quote.requestId);
  const statuses = deliveries.map(
    (delivery) => (JSON.parse(delivery.body) as { data: { status: string } }).data.status,
  );
  expect(statuses).toEqual(["pending", "submitted", "success"]);
  for (const delivery of deliveries) expect(delivery).toMatchObject({ state: "failed", attempts: 4 });
  expect(receiver.received.length).toBeGreaterThanOrEqual(12);
});

test("--rate-limit 3: the fourth anonymous call of the window is 429 with Retry-After; a key has its own budget", async () => {
  // The quote and payment above used the API key: the anonymous budget is whole.
  const answers = [];
  for (let call = 0; call < 4; call++) answers.push(await fetch(`${devnet.url}/chains`));
  expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 429]);
  expect(Number(answers[3]?.headers.get("retry-after"))).toBeGreaterThan(0);
  const keyed = await fetch(`${devnet.url}/chains`, { headers: { "x-api-key": apiKey } });
  expect(keyed.status).toBe(200);
});
