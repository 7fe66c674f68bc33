// Restart time of a devnet with --state against its history: builds two state directories with the
// same N bridged requests, one with the chain snapshots off (the whole journal is replayed at a
// restart) and one with them on (`chainSnapshotEvery`, default 500: the latest snapshot and the
// calls since), then times `createDevnet` on each (twice, the second figure is printed too).
// Prints one JSON object as the last line.
// Run: `npx tsx bench/restartTime.ts [N]` (default 300; BENCH_SNAPSHOT_EVERY to change the interval).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { createDevnet } from "../packages/devnet/src/createDevnet.js";
import { quoteBridge, sendDeposit } from "../test/support/crashingDevnet.js";

process.env.HARDHAT_DISABLE_TELEMETRY = "true";
const requests = Number(process.argv[2] ?? 300);
const every = Number(process.env.BENCH_SNAPSHOT_EVERY ?? 500);

/** A state directory with `requests` bridged requests (10 payers at a time), snapshots every `snapshotEvery` rows. */
async function build(snapshotEvery: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "attestkit-restart-"));
  const devnet = await createDevnet({
    port: 0,
    stateDir: dir,
    chainSnapshotEvery: snapshotEvery,
    log: (message) => message.includes("snapshot") && console.error(message),
  });
  for (let done = 0; done < requests; done += 10)
    await Promise.all(
      Array.from({ length: Math.min(10, requests - done) }, async (_, payer) => {
        await sendDeposit(devnet.info, payer, await quoteBridge(devnet.info, payer, 2_000_000_000_000_000n));
      }),
    );
  await devnet.idle();
  await devnet.stop();
  return dir;
}

/** How long `createDevnet` takes on the directory, ms, and what it replayed. */
async function restart(dir: string, snapshotEvery: number) {
  const logs: string[] = [];
  const started = performance.now();
  const devnet = await createDevnet({
    port: 0,
    stateDir: dir,
    chainSnapshotEvery: snapshotEvery,
    log: (message) => logs.push(message),
  });
  const ms = Math.round(performance.now() - started);
  await devnet.stop();
  return { ms, replay: logs.filter((line) => /^state: chain \d+:/.test(line)) };
}

const journalRows = (dir: string) => {
  const db = new DatabaseSync(join(dir, "devnet.sqlite"));
  const rows = (db.prepare("SELECT COUNT(*) AS n FROM chain_calls").get() as { n: number }).n;
  db.close();
  return rows;
};

const result: Record<string, unknown> = { requests, snapshotEvery: every };
for (const [name, snapshotEvery] of [
  ["journal", 0],
  ["snapshots", every],
] as const) {
  const dir = await build(snapshotEvery);
  try {
    const first = await restart(dir, snapshotEvery);
    const second = await restart(dir, snapshotEvery);
    result[name] = { restartMs: [first.ms, second.ms], journalRows: journalRows(dir), replay: second.replay };
    console.error(name, JSON.stringify(result[name]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(JSON.stringify(result));
