import { afterAll, beforeAll, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import {
  createWebhookReceiver,
  type WebhookReceiver,
} from "../../../../../test/support/createWebhookReceiver.js";
import { spawnCli } from "../../../../../test/support/spawnCli.js";
import { createDevnet, type Devnet } from "../../../../devnet/src/createDevnet.js";
import { runCli } from "../createProgram.js";

let devnet: Devnet;
let receiver: WebhookReceiver;
const apiKey = "trigger-key";
beforeAll(async () => {
  receiver = await createWebhookReceiver({ secret: apiKey });
  devnet = await createDevnet({
    port: 0,
    indexIntervalMs: 20,
    webhookUrl: receiver.url,
    apiKey,
    log: () => {},
  });
});
afterAll(async () => {
  await devnet?.stop();
  await receiver?.close();
});

async function trigger(...args: string[]) {
  const io = captureIo();
  const code = await runCli(["--api-key", apiKey, "devnet", "trigger", ...args, "--devnet", devnet.url], io);
  return { code, io };
}

const statusesOf = (lines: string[]) =>
  lines.slice(1).map((line) => JSON.parse(line) as { status: string; failReason: string; at: number });

test.each([
  ["success", ["pending", "submitted", "success"], "N/A"],
  ["ttl-expired", ["pending", "refund"], "TTL_EXPIRED"],
  ["amount-too-low", ["pending", "refund"], "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL"],
  ["double-spend", ["pending", "refund"], "DOUBLE_SPEND"],
  ["failure-refund", ["pending", "failure", "refund"], "MISSING_REVERT_DATA"],
  ["deposit-address-overpayment", ["depositing", "pending", "submitted", "success"], "N/A"],
  ["bitcoin-mempool-success", ["pending", "submitted", "success"], "N/A"],
])(
  "%s: the request id, then each status as it happens, exit 0; its webhooks are sent",
  async (name, statuses, reason) => {
    const account =
      [
        "success",
        "ttl-expired",
        "amount-too-low",
        "double-spend",
        "failure-refund",
        "deposit-address-overpayment",
      ].indexOf(name) + 1;
    const { code, io } = await trigger(name, "--json", "--account", String(account));
    expect(io.stderr).toEqual([]);
    expect(code).toBe(0);
    const { requestId } = JSON.parse(io.stdout[0] as string) as { requestId: string };
    expect(requestId).toMatch(/^0x[0-9a-f]{64}$/);
    const seen = statusesOf(io.stdout);
    // Every status from the devnet's history, in order, even those between two polls; the request
    // of a second deposit starts in pending.
    expect(seen.map((s) => s.status)).toEqual(name === "double-spend" ? statuses : ["waiting", ...statuses]);
    expect(seen.map((s) => s.at)).toEqual([...seen.map((s) => s.at)].sort());
    expect(seen.at(-1)?.failReason).toBe(reason);
    if (name === "deposit-address-overpayment") {
      // The excess came back to the payer in a transaction of its own.
      const record = (await (await fetch(`${devnet.url}/devnet/requests/${requestId}`)).json()) as {
        details: { excessRefund?: unknown } | null;
        deposit: { amount: string } | null;
        depositAddress: { depositAddressType: string; depositTxHash: string | null } | null;
      };
      expect(record.details?.excessRefund).toBeDefined();
      expect(record.deposit?.amount).toBe("20000000000000000");
      expect(record.depositAddress).toMatchObject({
        depositAddressType: "strict",
        depositTxHash: expect.any(String),
      });
    }
    await receiver.waitFor((events) =>
      events.some(({ event }) => event.data.requestId === requestId && event.data.status === statuses.at(-1)),
    );
  },
);

test("text: the request line and one line per status", async () => {
  const { code, io } = await trigger("ttl-expired", "--account", "6");
  expect(code).toBe(0);
  expect(io.stdout[0]).toMatch(/^request 0x[0-9a-f]{64}$/);
  expect(io.stdout.at(-1)).toMatch(/^\d\d:\d\d:\d\d\.\d{3} {2}refund {4} {2}reason TTL_EXPIRED$/);
});

test("--list names every scenario; unknown ones and bad accounts are refused with 2", async () => {
  const listed = await trigger("--list");
  expect(listed.code).toBe(0);
  const text = listed.io.stdout.join("\n");
  expect(text).toMatch(/^bitcoin-mempool-success\s+pending while the Bitcoin deposit/m);
  expect(text).not.toMatch(/unavailable/);
  const unknown = await trigger("nope");
  expect(unknown.code).toBe(2);
  expect(unknown.io.stderr[0]).toContain("one of success, ttl-expired");
  expect((await trigger("success", "--account", "x")).code).toBe(2);
  expect((await trigger("success", "--account", "99")).code).toBe(2);
  expect((await trigger()).code).toBe(2);
});

/** The requests a devnet test account made, newest first, as `GET /requests/v3` lists them. */
async function requestsOf(account: number) {
  const user = devnet.info.testAccounts[account]?.address as string;
  const response = await fetch(`${devnet.url}/requests/v3?user=${user}`, {
    headers: { "x-api-key": apiKey },
  });
  return ((await response.json()) as { requests: { id: string; status: string }[] }).requests;
}

test("its output closed before the first line: the request is still driven to its end, exit 0, quietly", async () => {
  // A trigger whose pipe closes must not leave a quoted request waiting: it finishes, output dropped.
  expect(await requestsOf(7)).toEqual([]);
  const result = await spawnCli(
    ["--api-key", apiKey, "devnet", "trigger", "success", "--devnet", devnet.url, "--account", "7"],
    { closeAfterLines: 0 },
  );
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  const requests = await requestsOf(7);
  expect(requests.map((request) => request.status)).toEqual(["success"]);
  await receiver.waitFor((events) =>
    events.some(({ event }) => event.data.requestId === requests[0]?.id && event.data.status === "success"),
  );
});

test("--api and $ATTESTKIT_API name the devnet when --devnet is not given", async () => {
  const viaApi = captureIo();
  expect(
    await runCli(
      ["--api", devnet.url, "--api-key", apiKey, "devnet", "trigger", "ttl-expired", "--account", "8"],
      viaApi,
    ),
  ).toBe(0);
  expect(viaApi.stdout.at(-1)).toMatch(/refund {4} {2}reason TTL_EXPIRED$/);
  const previous = process.env.ATTESTKIT_API;
  process.env.ATTESTKIT_API = devnet.url;
  try {
    const viaEnv = captureIo();
    expect(
      await runCli(["--api-key", apiKey, "devnet", "trigger", "amount-too-low", "--account", "9"], viaEnv),
    ).toBe(0);
    expect(viaEnv.stdout.at(-1)).toMatch(/reason DEPOSITED_AMOUNT_TOO_LOW_TO_FILL$/);
  } finally {
    if (previous === undefined) delete process.env.ATTESTKIT_API;
    else process.env.ATTESTKIT_API = previous;
  }
});

test("a devnet that does not answer is 3", async () => {
  const io = captureIo();
  expect(await runCli(["devnet", "trigger", "success", "--devnet", "http://127.0.0.1:1"], io)).toBe(3);
});
