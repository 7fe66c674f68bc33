// EVM chain snapshots with --state: past `chainSnapshotEvery` journal rows the devnet stores a
// snapshot of each chain and drops the rows it stands for; a restart applies it and replays only the
// rows since, with every balance, nonce, contract and request as they were.

import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { createPublicClient, type Hex, http } from "viem";
import { expect, test } from "vitest";
import { quoteBridge, rpc, sendDeposit } from "../../../test/support/crashingDevnet.js";
import { makeTempDir } from "../../../test/support/tempDir.js";
import { createDevnet, type Devnet } from "../src/createDevnet.js";
import type { DevnetInfo } from "../src/start/createDevnetInfo.js";

const amount = 2_000_000_000_000_000n;

/** Quotes, deposits from test account `payerIndex`, and waits until the devnet has processed it. */
async function bridge(devnet: Devnet, payerIndex: number): Promise<{ requestId: Hex; deposit: Hex }> {
  const quoted = await quoteBridge(devnet.info, payerIndex, amount);
  const deposit = await sendDeposit(devnet.info, payerIndex, quoted);
  const origin = devnet.info.chains[0] as DevnetInfo["chains"][number];
  await createPublicClient({ transport: http(origin.rpcUrl) }).waitForTransactionReceipt({
    hash: deposit,
    pollingInterval: 20,
  });
  await devnet.idle();
  return { requestId: quoted.requestId, deposit };
}

const status = async (devnet: Devnet, requestId: Hex) =>
  (
    (await (await fetch(`${devnet.url}/intents/status/v3?requestId=${requestId}`)).json()) as {
      status: string;
    }
  ).status;

/** What the chains hold for the test: the payers' and the solver's balances and nonces, the contracts' code. */
async function chainState(info: DevnetInfo) {
  const state: unknown[] = [];
  for (const chain of info.chains) {
    for (const address of [
      (info.testAccounts[0] as { address: Hex }).address,
      (info.testAccounts[1] as { address: Hex }).address,
      info.solver.address,
    ])
      state.push(
        await rpc(chain.rpcUrl, "eth_getBalance", [address, "latest"]),
        await rpc(chain.rpcUrl, "eth_getTransactionCount", [address, "latest"]),
      );
    const payer = (info.testAccounts[0] as { address: Hex }).address;
    state.push(
      await rpc(chain.rpcUrl, "eth_getCode", [chain.contracts.depository, "latest"]),
      await rpc(chain.rpcUrl, "eth_getBalance", [chain.contracts.depository, "latest"]),
      // The token's storage: balanceOf(payer).
      await rpc(chain.rpcUrl, "eth_call", [
        { to: chain.contracts.token, data: `0x70a08231${payer.slice(2).toLowerCase().padStart(64, "0")}` },
        "latest",
      ]),
    );
  }
  return state;
}

test("a restart applies the chains' snapshots and replays only the calls since: balances, nonces, contracts and requests are back", async () => {
  const dir = makeTempDir("snapshot");
  const logs: string[] = [];
  const snapshotted = new Set<string>();
  let onSnapshot = () => {};
  const options = {
    port: 0,
    stateDir: dir,
    chainSnapshotEvery: 6,
    indexIntervalMs: 50,
    log: (message: string) => {
      logs.push(message);
      const match = /^state: chain (\d+) snapshot at block/.exec(message);
      if (match) {
        snapshotted.add(match[1] as string);
        onSnapshot();
      }
    },
  };
  const first = await createDevnet(options);
  let before: unknown[];
  let requests: { requestId: Hex; deposit: Hex }[];
  try {
    requests = [await bridge(first, 0), await bridge(first, 1)];
    // Both chains had more than 6 journaled calls: each has taken a snapshot.
    await new Promise<void>((resolve) => {
      onSnapshot = () => snapshotted.size === 2 && resolve();
      onSnapshot();
    });
    requests.push(await bridge(first, 0));
    before = await chainState(first.info);
  } finally {
    await first.stop();
  }
  const db = new DatabaseSync(join(dir, "devnet.sqlite"));
  const rows = (db.prepare("SELECT COUNT(*) AS n FROM chain_snapshots").get() as { n: number }).n;
  db.close();
  expect(rows).toBe(2);

  const second = await createDevnet({ ...options, log: (message: string) => logs.push(message) });
  try {
    expect(logs.filter((line) => /^state: chain \d+: snapshot of block \d+ applied/.test(line))).toHaveLength(
      2,
    );
    expect(await chainState(second.info)).toEqual(before);
    for (const { requestId } of requests) expect(await status(second, requestId)).toBe("success");
    // A deposit the snapshot covers still has its receipt (kept by the state database).
    const origin = second.info.chains[0] as DevnetInfo["chains"][number];
    const receipt = (await rpc(origin.rpcUrl, "eth_getTransactionReceipt", [requests[0]?.deposit])) as {
      status: Hex;
    } | null;
    expect(receipt?.status).toBe("0x1");
    // The chains go on: the solver's nonce, the depository's funds and the token are right.
    const next = await bridge(second, 1);
    expect(await status(second, next.requestId)).toBe("success");
  } finally {
    await second.stop();
  }
});
