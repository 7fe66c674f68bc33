// Crash soak: `attestkit devnet --state DIR` killed with SIGKILL K times (default 25) while requests
// come in (exact, under- and overpaid deposits, a second deposit for a request in the same block) and
// a flaky webhook receiver (every event's first two attempts answered 503) takes the events. Each run
// is killed at a crash point drawn at random (ATTESTKIT_DEVNET_CRASH_AT: mid-take, mid-fill,
// mid-refund, between a status and its event, mid-webhook) or, one run in four, from outside at a
// random moment. After every restart, once the work it restored is done and before new traffic, it
// checks that no coin is without an owner (`GET /devnet/invariant`: what the depository holds is the
// open requests' deposits and the solver's own, every payment into the solver on Bitcoin and the
// exchange a request's deposit; a run killed before the check is counted
// `unchecked`). After the last restart it checks that every deposited request is final, every fill
// and refund on chain is recorded by its request and paid once, every status change was delivered in
// order, and again that no coin is without an owner (`checkCrashConsistency`), and prints one JSON
// object as the last line; it exits 1 when a check fails. After every restart too, beside the
// invariant, each EVM chain's history is checked from genesis (`checkChainHistory`: blocks, their
// transactions, receipts and logs agree, `eth_getLogs` answers every receipt's log) and every block
// hash an earlier check saw is checked unchanged (`history` in the JSON: checks, blocks, transactions
// and logs checked, hashes compared).
// Run: `npm run bench:crash` (`npm run bench:crash -- 50` for 50 kills; BENCH_SEED for a fixed draw).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkChainHistory } from "../packages/devnet/src/invariant/checkChainHistory.js";
import type { DevnetInfo } from "../packages/devnet/src/start/createDevnetInfo.js";
import { createBatchedRpc } from "../test/support/batchedRpc.js";
import {
  checkCrashConsistency,
  crashApiKey,
  isFinal,
  listRequests,
  quoteBridge,
  rpc,
  sendDeposit,
  startCrashingDevnet,
} from "../test/support/crashingDevnet.js";
import { createWebhookReceiver } from "../test/support/createWebhookReceiver.js";
import { readCoinDifferences } from "../test/support/readCoinDifferences.js";

process.env.HARDHAT_DISABLE_TELEMETRY = "true";
const kills = Number(process.argv[2] ?? 25);
const seed = Number(process.env.BENCH_SEED ?? Date.now() % 2 ** 31);

/** mulberry32: a small seeded generator, so a failing draw can be run again (BENCH_SEED). */
let state = seed;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <item>(items: readonly item[]): item => items[Math.floor(random() * items.length)] as item;

const points = [
  "deposit-taken",
  "deposit-taken:orphan",
  "deposit-taken:refund",
  "payment-signed:fill",
  "payment-broadcast:fill",
  "payment-mined:fill",
  "payment-signed:refund",
  "payment-mined:refund",
  "payment-mined:excess",
  "transition-stored",
  "transition-stored:pending",
  "transition-stored:submitted",
  "transition-stored:success",
  "transition-stored:refund",
  "webhook-answered",
] as const;
const amount = 2_000_000_000_000_000n;

/** One random piece of traffic: a quote and its deposit (exact, one wei less, more), or two deposits for one quote in one block. */
async function traffic(info: DevnetInfo) {
  const payer = Math.floor(random() * 10);
  const deposit = await quoteBridge(info, payer, amount + BigInt(Math.floor(random() * 1e12)));
  const kind = pick(["exact", "exact", "under", "over", "double"] as const);
  if (kind === "double") {
    const origin = info.chains[0] as DevnetInfo["chains"][number];
    await rpc(origin.rpcUrl, "evm_setAutomine", [false]);
    try {
      await sendDeposit(info, payer, deposit);
      await sendDeposit(info, (payer + 1) % 10, deposit);
      await rpc(origin.rpcUrl, "evm_mine");
    } finally {
      await rpc(origin.rpcUrl, "evm_setAutomine", [true]);
    }
  } else
    await sendDeposit(
      info,
      payer,
      deposit,
      kind === "under" ? deposit.value - 1n : kind === "over" ? deposit.value + 1_000_000n : deposit.value,
    );
}

const dir = mkdtempSync(join(tmpdir(), "attestkit-crash-soak-"));
const receiver = await createWebhookReceiver({ secret: crashApiKey, failFirst: 2 });
const flags = [
  "--webhook-url",
  receiver.url,
  "--api-key",
  crashApiKey,
  "--webhook-retry-delay",
  "5",
  "--webhook-retry-max-delay",
  "50",
  "--rpc-admin",
];
const killedAt: Record<string, number> = {};
/** "No coin without an owner" after each restart: checked, or cut by the kill first; what it found. */
const invariant = { checked: 0, unchecked: 0, violations: [] as string[] };

/** One history per chain after each restart: what was checked, and every block hash seen so far, by chain. */
const history = { checked: 0, unchecked: 0, blocks: 0, transactions: 0, logs: 0, hashesCompared: 0 };
const seenHashes = new Map<number, string[]>();

/** Checks each chain's history from genesis, and that no block hash an earlier check saw changed. */
async function checkHistory(run: number, info: DevnetInfo): Promise<string[]> {
  const violations: string[] = [];
  for (const { chainId, rpcUrl } of info.chains) {
    const result = await checkChainHistory({ request: createBatchedRpc(rpcUrl), concurrency: 100 });
    const found = [...result.violations];
    for (const [number, hash] of (seenHashes.get(chainId) ?? []).entries()) {
      history.hashesCompared += 1;
      if (result.hashes[number] !== hash)
        found.push(`block ${number} was ${hash}, is ${result.hashes[number] ?? "gone"}`);
    }
    seenHashes.set(chainId, result.hashes);
    history.blocks += result.blocks;
    history.transactions += result.transactions;
    history.logs += result.logs;
    violations.push(...found.map((line) => `after restart ${run + 1}: chain ${chainId}: ${line}`));
  }
  return violations;
}

/** The invariant and the history of a restarted devnet, once the work it restored is done (the route waits for it). */
async function checkAfterRestart(run: number, info: DevnetInfo) {
  try {
    const { lines } = await readCoinDifferences(info.url);
    invariant.checked += 1;
    for (const line of lines)
      invariant.violations.push(`after restart ${run + 1}: a coin without an owner: ${line}`);
  } catch {
    invariant.unchecked += 1;
  }
  try {
    const violations = await checkHistory(run, info);
    history.checked += 1;
    invariant.violations.push(...violations);
  } catch {
    history.unchecked += 1;
  }
}
const started = Date.now();
try {
  for (let run = 0; run < kills; run++) {
    const outside = random() < 0.25;
    const point = outside ? undefined : pick(points);
    const devnet = startCrashingDevnet(dir, flags, point);
    let ended = false;
    void devnet.ended.then(() => (ended = true));
    const drive = devnet.info.then(async (info) => {
      await checkAfterRestart(run, info);
      while (!ended) await traffic(info).catch(() => {});
    });
    // Killed before it listened: the restart's check never ran.
    drive.catch(() => {
      invariant.unchecked += 1;
      history.unchecked += 1;
    });
    // A kill from outside at a random moment; a point not reached in 15 s is killed from outside too.
    const timer = setTimeout(() => devnet.child.kill("SIGKILL"), outside ? 500 + random() * 4000 : 15_000);
    const exit = await devnet.ended;
    clearTimeout(timer);
    const by = devnet.stderr().includes(`crash point ${point} reached`) ? (point as string) : "outside";
    killedAt[by] = (killedAt[by] ?? 0) + 1;
    console.error(
      `run ${run + 1}/${kills}: killed ${by === "outside" ? "from outside" : `at ${by}`} (${exit.signal ?? exit.code})`,
    );
    if (exit.signal !== "SIGKILL") throw new Error(`run ${run + 1} ended by itself: ${devnet.stderr()}`);
  }

  // The last restart, left to finish.
  const last = startCrashingDevnet(dir, flags);
  const info = await last.info;
  await checkAfterRestart(kills, info);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const listed = await listRequests(info);
    if (
      listed.every(
        (request) =>
          (request.deposit === null || isFinal(request)) &&
          request.webhooks.every((delivery) => delivery.state !== "queued"),
      ) ||
      Date.now() > deadline
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const consistency = await checkCrashConsistency(info, receiver.accepted());
  const { requests } = consistency;
  const violations = [...invariant.violations, ...consistency.violations];
  last.child.kill("SIGTERM");
  await last.ended;
  const statuses: Record<string, number> = {};
  for (const request of requests) statuses[request.status] = (statuses[request.status] ?? 0) + 1;
  console.log(
    JSON.stringify({
      seed,
      kills,
      killedAt,
      requests: requests.length,
      deposited: requests.filter((request) => request.deposit !== null).length,
      statuses,
      webhookDeliveries: receiver.received.length,
      invariantChecks: { checked: invariant.checked, unchecked: invariant.unchecked },
      history,
      seconds: Math.round((Date.now() - started) / 1000),
      violations,
    }),
  );
  if (violations.length > 0) process.exitCode = 1;
} finally {
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
}
