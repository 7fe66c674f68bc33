// One history per chain across restarts: with --state, every block, transaction, receipt and log a
// client saw before a restart (a graceful stop or a kill -9) is served the same after it: blocks by
// number and by hash (same hash, same transactions), transactions and receipts by hash, eth_getLogs
// over any range; and the history holds together (`checkChainHistory`), the first block mined after
// a restart naming the archived block before it as its parent.

import { type Hex, numberToHex } from "viem";
import { afterAll, expect, test } from "vitest";
import {
  type CrashingDevnet,
  quoteBridge,
  rpc,
  sendDeposit,
  startCrashingDevnet,
} from "../../../test/support/crashingDevnet.js";
import { pollUntil } from "../../../test/support/pollUntil.js";
import { makeTempDir } from "../../../test/support/tempDir.js";
import { createDevnet, type Devnet } from "../src/createDevnet.js";
import { checkChainHistory } from "../src/invariant/checkChainHistory.js";
import type { DevnetInfo } from "../src/start/createDevnetInfo.js";

const amount = 2_000_000_000_000_000n;

/** What a client saw of one chain: every block (hashes only), every transaction and receipt, every log. */
type SeenChain = {
  rpcUrl: string;
  head: number;
  blocks: { hash: Hex; transactions: Hex[] }[];
  transactions: Map<Hex, { transaction: unknown; receipt: unknown }>;
  logs: unknown[];
};

/** Reads every block, transaction, receipt and log of each chain of the devnet, as a client sees them. */
async function readHistory(info: DevnetInfo): Promise<SeenChain[]> {
  return Promise.all(
    info.chains.map(async ({ rpcUrl }) => {
      const head = Number(await rpc(rpcUrl, "eth_blockNumber"));
      const blocks: SeenChain["blocks"] = [];
      const transactions: SeenChain["transactions"] = new Map();
      for (let number = 0; number <= head; number++) {
        const block = (await rpc(rpcUrl, "eth_getBlockByNumber", [
          numberToHex(number),
          false,
        ])) as SeenChain["blocks"][number];
        blocks.push(block);
        for (const hash of block.transactions)
          transactions.set(hash, {
            transaction: await rpc(rpcUrl, "eth_getTransactionByHash", [hash]),
            receipt: await rpc(rpcUrl, "eth_getTransactionReceipt", [hash]),
          });
      }
      const logs = (await rpc(rpcUrl, "eth_getLogs", [
        { fromBlock: "0x0", toBlock: numberToHex(head) },
      ])) as unknown[];
      return { rpcUrl, head, blocks, transactions, logs };
    }),
  );
}

/** Expects the running devnet (`info`) to serve everything `seen` holds, unchanged, and its whole history to hold together. */
async function expectSameHistory(info: DevnetInfo, seen: readonly SeenChain[]) {
  for (const [index, before] of seen.entries()) {
    const { rpcUrl } = info.chains[index] as DevnetInfo["chains"][number];
    for (const [number, block] of before.blocks.entries()) {
      expect(
        await rpc(rpcUrl, "eth_getBlockByNumber", [numberToHex(number), false]),
        `block ${number}`,
      ).toEqual(block);
      expect(await rpc(rpcUrl, "eth_getBlockByHash", [block.hash, false])).toEqual(block);
    }
    for (const [hash, { transaction, receipt }] of before.transactions) {
      expect(await rpc(rpcUrl, "eth_getTransactionByHash", [hash])).toEqual(transaction);
      expect(await rpc(rpcUrl, "eth_getTransactionReceipt", [hash])).toEqual(receipt);
    }
    expect(
      await rpc(rpcUrl, "eth_getLogs", [{ fromBlock: "0x0", toBlock: numberToHex(before.head) }]),
    ).toEqual(before.logs);
    const { violations, blocks } = await checkChainHistory({
      request: ({ method, params }) => rpc(rpcUrl, method, [...(params ?? [])]),
    });
    expect(violations).toEqual([]);
    expect(blocks).toBeGreaterThan(before.head);
  }
}

/** Every log is some receipt's, and the chains hold logs. */
const logCount = (seen: readonly SeenChain[]) => seen.reduce((sum, chain) => sum + chain.logs.length, 0);

/** Quotes, deposits from test account `payer`, waits for the receipt and for the devnet to process it. */
async function bridge(info: DevnetInfo, payer: number, idle: () => Promise<void>) {
  const quoted = await quoteBridge(info, payer, amount);
  const hash = await sendDeposit(info, payer, quoted);
  const origin = info.chains[0] as DevnetInfo["chains"][number];
  await pollUntil("the deposit's receipt", async () =>
    (await rpc(origin.rpcUrl, "eth_getTransactionReceipt", [hash])) === null ? undefined : true,
  );
  await idle();
}

test("a stopped and restarted devnet (its chains restored from snapshots) serves the same blocks, transactions, receipts and logs, twice over", async () => {
  const dir = makeTempDir("history");
  const options = { port: 0, stateDir: dir, chainSnapshotEvery: 6, indexIntervalMs: 50, log: () => {} };
  let seen: SeenChain[] = [];
  for (let run = 0; run < 3; run++) {
    const devnet: Devnet = await createDevnet(options);
    try {
      if (run > 0) await expectSameHistory(devnet.info, seen);
      await bridge(devnet.info, run % 10, devnet.idle);
      await bridge(devnet.info, (run + 1) % 10, devnet.idle);
      const before = seen;
      seen = await readHistory(devnet.info);
      // The first block mined after the restart names the last block served before it as its parent.
      for (const [index, chain] of before.entries())
        expect(seen[index]?.blocks[chain.head + 1]).toMatchObject({
          parentHash: chain.blocks[chain.head]?.hash,
        });
      expect(logCount(seen)).toBeGreaterThan(0);
    } finally {
      await devnet.stop();
    }
  }
}, 120_000);

const children: CrashingDevnet[] = [];
afterAll(() => {
  for (const { child } of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

test("a devnet killed with SIGKILL and started again serves the same history, with interval mining", async () => {
  const dir = makeTempDir("history-kill");
  let seen: SeenChain[] = [];
  for (let run = 0; run < 2; run++) {
    const devnet = startCrashingDevnet(dir, ["--block-time", "100", "--rpc-admin"]);
    children.push(devnet);
    const info = await devnet.info;
    if (run > 0) await expectSameHistory(info, seen);
    // The invariant's route answers once every deposit seen so far is processed.
    const idle = async () => void (await fetch(`${info.url}/devnet/invariant`)).text();
    await bridge(info, run, idle);
    seen = await readHistory(info);
    devnet.child.kill("SIGKILL");
    await devnet.ended;
  }
}, 180_000);
