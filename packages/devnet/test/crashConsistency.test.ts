// Crash consistency: `attestkit devnet --state DIR` killed with SIGKILL at chosen points (the
// process kills itself there: ATTESTKIT_DEVNET_CRASH_AT, so nothing depends on timing) and started
// again on the same directory, twice in a row. After the last restart every deposited request
// is final, every fill and refund on chain is recorded by its request (and paid once), and every
// status change of every request reached the webhook receiver, in order.
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  type CrashingDevnet,
  checkCrashConsistency,
  crashApiKey,
  isFinal,
  listRequests,
  quoteBridge,
  rpc,
  sendDeposit,
  startCrashingDevnet,
} from "../../../test/support/crashingDevnet.js";
import { createWebhookReceiver, type WebhookReceiver } from "../../../test/support/createWebhookReceiver.js";
import { pollUntil } from "../../../test/support/pollUntil.js";
import { makeTempDir } from "../../../test/support/tempDir.js";
import type { DevnetInfo } from "../src/start/createDevnetInfo.js";

const stateDir = makeTempDir("crash");
let receiver: WebhookReceiver;
const running: CrashingDevnet[] = [];

beforeAll(async () => {
  // Flaky: every event's first attempt is answered 503.
  receiver = await createWebhookReceiver({ secret: crashApiKey, failFirst: 1 });
});

afterAll(async () => {
  for (const { child } of running)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await receiver?.close();
});

/** Starts the devnet on the state directory, to be killed at `crashAt` (none: runs on). */
function start(crashAt?: string): CrashingDevnet {
  const devnet = startCrashingDevnet(
    stateDir,
    [
      "--webhook-url",
      receiver.url,
      "--api-key",
      crashApiKey,
      "--webhook-retry-delay",
      "5",
      "--webhook-retry-max-delay",
      "20",
      "--rpc-admin",
    ],
    crashAt,
  );
  running.push(devnet);
  return devnet;
}

/**
 * Runs `drive` against a devnet started with `crashAt` until the process kills itself there (what
 * `drive` does after the kill fails, and does not matter); the kill must come from that point.
 */
async function crashAt(point: string, drive: (info: DevnetInfo) => Promise<void> = async () => {}) {
  const devnet = start(point);
  const driving = devnet.info.then(drive);
  driving.catch(() => {});
  // A point never reached would leave the process running: fail with what it wrote instead.
  const { signal } = await Promise.race([
    devnet.ended,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${point} not reached: ${devnet.stderr()}`)), 30_000).unref(),
    ),
  ]);
  expect(signal, devnet.stderr()).toBe("SIGKILL");
  expect(devnet.stderr()).toContain(`crash point ${point} reached`);
}

const amount = 2_000_000_000_000_000n;

test("killed at two crash points and restarted: every request final, every payment recorded once, every event delivered", async () => {
  // 1. A deposit and a second deposit for the same request in one block: both taken (the second
  // becomes a DOUBLE_SPEND request, linked from the first's details), killed before anything is sent.
  await crashAt("deposit-taken:orphan", async (info) => {
    const origin = info.chains[0] as DevnetInfo["chains"][number];
    const deposit = await quoteBridge(info, 0, amount);
    await rpc(origin.rpcUrl, "evm_setAutomine", [false]);
    await sendDeposit(info, 0, deposit);
    await sendDeposit(info, 1, deposit);
    await rpc(origin.rpcUrl, "evm_mine");
  });
  // 2. The restart fills the first request although it has details, and refunds the second: the
  // refund is mined and its status written, killed before its webhook event is. Both are one
  // transaction, so neither is kept: the refund is on chain in no record.
  await crashAt("transition-stored:refund");

  // The last restart, left to finish.
  const last = start();
  const info = await last.info;
  const requests = await pollUntil("every deposited request final, every webhook settled", async () => {
    const listed = await listRequests(info);
    const settled = listed.every(
      (request) =>
        (request.deposit === null || isFinal(request)) &&
        request.webhooks.every((delivery) => delivery.state !== "queued"),
    );
    return settled ? listed : undefined;
  });

  const deposited = requests.filter((request) => request.deposit !== null);
  const refunded = deposited.filter((request) => request.status === "refund");
  const filled = deposited.filter((request) => request.status === "success");
  // The DOUBLE_SPEND request is refunded, the first one filled although it had details.
  expect(refunded).toHaveLength(1);
  expect(filled).toHaveLength(1);
  expect(filled[0]?.details?.duplicateDeposits).toEqual([refunded[0]?.requestId]);

  // Every payment on chain is recorded by its request, once; every status change was delivered, in
  // order (the receiver's events per request equal its history); nothing holds a deposit.
  const { violations } = await checkCrashConsistency(info, receiver.accepted());
  expect(violations).toEqual([]);
  expect(refunded[0]?.details?.refund?.txHash).toBeDefined();
  for (const request of requests)
    expect(request.webhooks.map((delivery) => delivery.state)).toEqual(
      request.history.filter((change) => change.status !== "waiting").map(() => "delivered"),
    );

  last.child.kill("SIGTERM");
  await last.ended;
});
