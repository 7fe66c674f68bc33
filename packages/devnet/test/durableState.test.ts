// The devnet with --state, killed with SIGKILL in a child process and started again on the same
// directory: requests, statuses, balances, webhook settings and queued webhooks are back, queued
// deliveries resume, and the chains go on where they stopped (nonces, the solver's fills).
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { createPublicClient, createWalletClient, type Hex, http, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { captureIo } from "../../../test/support/captureIo.js";
import { pollUntil } from "../../../test/support/pollUntil.js";
import { type CliDevnet, startCliDevnet } from "../../../test/support/startCliDevnet.js";
import { runDevnetReplayWebhook } from "../../attestkit/src/cli/commands/devnetReplayWebhook.js";
import { verifyWebhook } from "../../attestkit/src/webhooks/verifyWebhook.js";
import { createDevnet } from "../src/createDevnet.js";
import type { DevnetInfo } from "../src/start/createDevnetInfo.js";

const _root = fileURLToPath(new URL("../../", import.meta.url));
const apiKey = "durable-state-key";
let stateDir: string;
let hooks: { url: string; accepting: boolean; received: { id: string; status: string; requestId: string }[] };
let hookServer: Server;
const children: ChildProcess[] = [];

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "attestkit-state-"));
  const received: (typeof hooks)["received"] = [];
  hookServer = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const event = verifyWebhook({
        body,
        headers: request.headers as Record<string, string>,
        secret: apiKey,
      });
      if (!hooks.accepting) return response.writeHead(503).end();
      const data = event.data as { status: string; requestId: string };
      received.push({
        id: String(request.headers["x-event-id"]),
        status: data.status,
        requestId: data.requestId,
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => hookServer.listen(0, "127.0.0.1", resolve));
  hooks = {
    url: `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/hooks`,
    accepting: false,
    received,
  };
});

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  hookServer?.closeAllConnections();
  await new Promise((resolve) => hookServer?.close(resolve));
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

/** Starts `attestkit devnet --state DIR --json` in a child process; resolves with its info. */
async function startDevnet(extra: string[]): Promise<CliDevnet> {
  const running = await startCliDevnet(stateDir, extra);
  children.push(running.child);
  return running;
}

const getJson = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** Quotes ETH from origin to destination with the API key, deposits, waits for success. */
async function bridge(
  info: DevnetInfo,
  payerIndex: number,
): Promise<{ requestId: Hex; status: Record<string, unknown> }> {
  const [origin, destination] = info.chains as [DevnetInfo["chains"][number], DevnetInfo["chains"][number]];
  const payer = privateKeyToAccount((info.testAccounts[payerIndex] as { privateKey: Hex }).privateKey);
  const response = await fetch(`${info.url}/quote/v2`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": apiKey },
    body: JSON.stringify({
      user: payer.address,
      originChainId: origin.chainId,
      destinationChainId: destination.chainId,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: "2000000000000000",
      tradeType: "EXACT_INPUT",
    }),
  });
  expect(response.status).toBe(200);
  const quote = (await response.json()) as {
    steps: { requestId: Hex; items: { data: { to: Hex; data: Hex; value: string } }[] }[];
  };
  const step = quote.steps[0] as (typeof quote.steps)[number];
  const item = step.items[0]?.data as { to: Hex; data: Hex; value: string };
  const wallet = createWalletClient({ account: payer, transport: http(origin.rpcUrl), pollingInterval: 50 });
  const chain = {
    id: origin.chainId,
    name: "origin",
    nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [origin.rpcUrl] } },
  };
  await wallet.sendTransaction({ chain, to: item.to, data: item.data, value: BigInt(item.value) });
  const status = await pollUntil("success", async () => {
    const { status: code, body } = await getJson(`${info.url}/intents/status/v3?requestId=${step.requestId}`);
    return code === 200 && body.status === "success" ? body : undefined;
  });
  return { requestId: step.requestId, status };
}

async function transfer(info: DevnetInfo, fromIndex: number, to: Hex, value: bigint) {
  const origin = info.chains[0] as DevnetInfo["chains"][number];
  const account = privateKeyToAccount((info.testAccounts[fromIndex] as { privateKey: Hex }).privateKey);
  const chain = {
    id: origin.chainId,
    name: "origin",
    nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [origin.rpcUrl] } },
  };
  const hash = await createWalletClient({
    account,
    chain,
    transport: http(origin.rpcUrl),
    pollingInterval: 50,
  }).sendTransaction({
    to,
    value,
  });
  const receipt = await createPublicClient({
    chain,
    transport: http(origin.rpcUrl),
  }).waitForTransactionReceipt({
    hash,
    pollingInterval: 20,
  });
  expect(receipt.status).toBe("success");
}

const balance = (rpcUrl: string, address: Hex) =>
  createPublicClient({ transport: http(rpcUrl) }).getBalance({ address });

test("kill -9 and a restart on the same --state directory: requests, balances and queued webhooks are back", async () => {
  // First run: one bridged request whose webhooks cannot be delivered yet, and a plain transfer.
  const first = await startDevnet(["--webhook-url", hooks.url, "--api-key", apiKey]);
  expect(first.stderr()).toContain("state: ");
  const { requestId, status: before } = await bridge(first.info, 0);
  const stranger = privateKeyToAccount(generatePrivateKey()).address;
  await transfer(first.info, 1, stranger, 12_345n);
  const [origin, destination] = first.info.chains as [
    DevnetInfo["chains"][number],
    DevnetInfo["chains"][number],
  ];
  const payer = (first.info.testAccounts[0] as { address: Hex }).address;
  const balancesBefore = {
    stranger: await balance(origin.rpcUrl, stranger),
    payerOrigin: await balance(origin.rpcUrl, payer),
    payerDestination: await balance(destination.rpcUrl, payer),
  };
  expect(balancesBefore.stranger).toBe(12_345n);
  const queued = await pollUntil("three queued webhooks", async () => {
    const { deliveries } = (await getJson(`${first.info.url}/devnet/webhooks`)).body as {
      deliveries: { id: string; requestId: string; state: string; attempts: number }[];
    };
    const mine = deliveries.filter((delivery) => delivery.requestId === requestId);
    // Events of one request go in order: the first is being retried, the others wait behind it.
    return mine.length === 3 && (mine[0]?.attempts ?? 0) >= 1 ? mine : undefined;
  });
  expect(queued.map((delivery) => delivery.state)).toEqual(["queued", "queued", "queued"]);
  expect(hooks.received).toHaveLength(0);

  first.child.kill("SIGKILL");
  await new Promise((resolve) => first.child.once("exit", resolve));
  expect(first.child.signalCode).toBe("SIGKILL");

  // Second run, same directory, no webhook flags: the stored settings and the queue come back.
  hooks.accepting = true;
  const second = await startDevnet([]);
  expect(second.stderr()).toMatch(/restored/);
  const [origin2, destination2] = second.info.chains as [
    DevnetInfo["chains"][number],
    DevnetInfo["chains"][number],
  ];
  expect(origin2.contracts).toEqual(origin.contracts);
  const { body: after } = await getJson(`${second.info.url}/intents/status/v3?requestId=${requestId}`);
  expect(after).toEqual(before);
  expect({
    stranger: await balance(origin2.rpcUrl, stranger),
    payerOrigin: await balance(origin2.rpcUrl, payer),
    payerDestination: await balance(destination2.rpcUrl, payer),
  }).toEqual(balancesBefore);

  // The queued deliveries resume, with their ids, in order.
  await pollUntil("the queued webhooks", async () => (hooks.received.length >= 3 ? true : undefined));
  expect(hooks.received.map((hit) => hit.id)).toEqual(queued.map((delivery) => delivery.id));
  expect(hooks.received.map((hit) => hit.status)).toEqual(["pending", "submitted", "success"]);

  // The chains go on: the same sender's next transfer (its nonce), and a new bridge (the solver's
  // nonce); the first deposit is not taken again (no DOUBLE_SPEND request for it).
  await transfer(second.info, 1, stranger, 1n);
  expect(await balance(origin2.rpcUrl, stranger)).toBe(12_346n);
  const next = await bridge(second.info, 2);
  expect(next.status.status).toBe("success");
  const { body: unchanged } = await getJson(`${second.info.url}/intents/status/v3?requestId=${requestId}`);
  expect(unchanged).toEqual(before);

  second.child.kill("SIGTERM");
  await new Promise((resolve) => second.child.once("exit", resolve));
});

test("a failed delivery stays recorded across a restart and is replayed by the endpoint and the CLI", async () => {
  hooks.accepting = false;
  const dir = mkdtempSync(join(tmpdir(), "attestkit-state-"));
  const logs: string[] = [];
  const options = {
    port: 0,
    stateDir: dir,
    webhooks: { [apiKey]: hooks.url },
    webhookRetry: { retries: 0 },
    indexIntervalMs: 50,
    log: (message: string) => logs.push(message),
  };
  try {
    const first = await createDevnet(options);
    const { requestId } = await bridge(first.info, 3);
    await first.idle();
    const failed = first.webhookDeliveries().filter((delivery) => delivery.requestId === requestId);
    expect(failed.map((delivery) => [delivery.state, delivery.attempts])).toEqual([
      ["failed", 1],
      ["failed", 1],
      ["failed", 1],
    ]);
    await first.stop();

    const second = await createDevnet(options);
    try {
      const { deliveries } = (await getJson(`${second.url}/devnet/webhooks`)).body as {
        deliveries: { id: string; state: string }[];
      };
      expect(deliveries.filter((d) => failed.some((f) => f.id === d.id)).map((d) => d.state)).toEqual([
        "failed",
        "failed",
        "failed",
      ]);
      hooks.accepting = true;
      const unknown = await fetch(`${second.url}/devnet/webhooks/evt_nope/replay`, { method: "POST" });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ code: "DELIVERY_NOT_FOUND" });

      const target = failed[0]?.id as string;
      const io = captureIo();
      expect(await runDevnetReplayWebhook(target, { devnet: second.url }, io)).toBe(0);
      expect(io.stdout.join("\n")).toContain(`webhook ${target} queued again for ${hooks.url}`);
      await second.idle();
      expect(second.webhookDeliveries().find((delivery) => delivery.id === target)).toMatchObject({
        state: "delivered",
        attempts: 2,
      });
      expect(hooks.received.filter((hit) => hit.id === target)).toHaveLength(1);

      const again = captureIo();
      expect(await runDevnetReplayWebhook(target, { devnet: second.url }, again)).toBe(1);
      expect(again.stderr.join("\n")).toContain("has not failed");
      const replay = await fetch(`${second.url}/devnet/webhooks/${failed[1]?.id}/replay`, { method: "POST" });
      expect(replay.status).toBe(202);
      expect(await replay.json()).toMatchObject({ delivery: { id: failed[1]?.id, state: "queued" } });
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("without a state directory the devnet says it keeps nothing", async () => {
  const logs: string[] = [];
  const devnet = await createDevnet({ port: 0, log: (message) => logs.push(message) });
  await devnet.stop();
  expect(devnet.statePath).toBeNull();
  expect(logs).toContain(
    "state: in memory only, nothing is kept when the process ends (the stateDir setting keeps it)",
  );
});

describe("a fill cut by the crash", () => {
  /** Bridges on a devnet with state, stops it, then rewrites the state as a crash before the fill was recorded would leave it. */
  async function cutFill(dir: string, { dropPayout, as = "pending" }: { dropPayout: boolean; as?: string }) {
    const devnet = await createDevnet({ port: 0, stateDir: dir, indexIntervalMs: 50, log: () => {} });
    const destination = devnet.info.chains[1] as DevnetInfo["chains"][number];
    const payer = (devnet.info.testAccounts[5] as { address: Hex }).address;
    const before = await balance(destination.rpcUrl, payer);
    const { requestId } = await bridge(devnet.info, 5);
    await devnet.idle();
    const paid = (await balance(destination.rpcUrl, payer)) - before;
    expect(paid).toBeGreaterThan(0n);
    await devnet.stop();
    const db = new DatabaseSync(join(dir, "devnet.sqlite"));
    const row = db.prepare("SELECT json FROM requests WHERE id = ?").get(requestId.toLowerCase()) as {
      json: string;
    };
    db.prepare("UPDATE requests SET json = ? WHERE id = ?").run(
      JSON.stringify({
        ...JSON.parse(row.json),
        status: as,
        ...(as === "pending" ? { txHashes: [] } : {}),
      }),
      requestId.toLowerCase(),
    );
    if (dropPayout) {
      const payout = db
        .prepare(
          `SELECT seq, block FROM chain_calls WHERE seq = (SELECT MAX(seq) FROM chain_calls WHERE chain_id = ? AND method = 'eth_sendRawTransaction')`,
        )
        .get(destination.chainId) as { seq: number; block: string };
      db.prepare("DELETE FROM chain_calls WHERE seq = ?").run(payout.seq);
      // A crash before the payout was journaled archived neither its block nor any after it.
      const from = (JSON.parse(payout.block) as { number: number }).number;
      db.prepare("DELETE FROM chain_blocks WHERE chain_id = ? AND number >= ?").run(
        destination.chainId,
        from,
      );
      for (const table of ["chain_transactions", "chain_logs"])
        db.prepare(`DELETE FROM ${table} WHERE chain_id = ? AND block_number >= ?`).run(
          destination.chainId,
          from,
        );
    }
    db.close();
    return { requestId, payer, before, paid };
  }

  test("pending with no payout on chain: the restart sends the fill, once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "attestkit-state-"));
    try {
      const { requestId, payer, before, paid } = await cutFill(dir, { dropPayout: true });
      const logs: string[] = [];
      const devnet = await createDevnet({
        port: 0,
        stateDir: dir,
        indexIntervalMs: 50,
        log: (m) => logs.push(m),
      });
      try {
        await devnet.idle();
        const { body } = await getJson(`${devnet.url}/intents/status/v3?requestId=${requestId}`);
        expect(body.status).toBe("success");
        expect(body.txHashes).toHaveLength(1);
        const destination = devnet.info.chains[1] as DevnetInfo["chains"][number];
        expect(await balance(destination.rpcUrl, payer)).toBe(before + paid);
        expect(logs).toContain(`restored request ${requestId}: the fill cut by the restart is sent now`);
      } finally {
        await devnet.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("pending although its fill is on chain: the restart records it (success, its hash), never paid twice", async () => {
    const dir = mkdtempSync(join(tmpdir(), "attestkit-state-"));
    try {
      const { requestId, payer, before, paid } = await cutFill(dir, { dropPayout: false });
      const logs: string[] = [];
      const devnet = await createDevnet({
        port: 0,
        stateDir: dir,
        indexIntervalMs: 50,
        log: (m) => logs.push(m),
      });
      try {
        await devnet.idle();
        const { body } = await getJson(`${devnet.url}/intents/status/v3?requestId=${requestId}`);
        expect(body.status).toBe("success");
        expect(body.txHashes).toHaveLength(1);
        const destination = devnet.info.chains[1] as DevnetInfo["chains"][number];
        expect(await balance(destination.rpcUrl, payer)).toBe(before + paid);
        expect(logs).toContain(
          `restored request ${requestId}: its fill on chain is recorded (${(body.txHashes as string[])[0]})`,
        );
      } finally {
        await devnet.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("submitted with its fill mined: the restart records the success", async () => {
    const dir = mkdtempSync(join(tmpdir(), "attestkit-state-"));
    try {
      const { requestId, payer, before, paid } = await cutFill(dir, { dropPayout: false, as: "submitted" });
      const devnet = await createDevnet({ port: 0, stateDir: dir, indexIntervalMs: 50, log: () => {} });
      try {
        await devnet.idle();
        const { body } = await getJson(`${devnet.url}/intents/status/v3?requestId=${requestId}`);
        expect(body.status).toBe("success");
        const destination = devnet.info.chains[1] as DevnetInfo["chains"][number];
        expect(await balance(destination.rpcUrl, payer)).toBe(before + paid);
      } finally {
        await devnet.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test("interval mining: the replay mines each recorded block with its timestamp and base fee, so balances (gas included) are the same", async () => {
  const dir = mkdtempSync(join(tmpdir(), "attestkit-state-"));
  try {
    const options = { port: 0, stateDir: dir, blockTimeMs: 100, indexIntervalMs: 50, log: () => {} };
    const first = await createDevnet(options);
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    await transfer(first.info, 6, stranger, 777n);
    const { requestId, status } = await bridge(first.info, 6);
    await first.idle();
    const payer = (first.info.testAccounts[6] as { address: Hex }).address;
    const [origin, destination] = first.info.chains as [
      DevnetInfo["chains"][number],
      DevnetInfo["chains"][number],
    ];
    const before = [await balance(origin.rpcUrl, payer), await balance(destination.rpcUrl, payer)];
    await first.stop();

    const second = await createDevnet(options);
    try {
      const [origin2, destination2] = second.info.chains as [
        DevnetInfo["chains"][number],
        DevnetInfo["chains"][number],
      ];
      expect(await balance(origin2.rpcUrl, stranger)).toBe(777n);
      expect([await balance(origin2.rpcUrl, payer), await balance(destination2.rpcUrl, payer)]).toEqual(
        before,
      );
      expect((await getJson(`${second.url}/intents/status/v3?requestId=${requestId}`)).body).toEqual(status);
      // Interval mining is back on after the replay: a new transfer is mined by the next block.
      await transfer(second.info, 6, stranger, 1n);
      expect(await balance(origin2.rpcUrl, stranger)).toBe(778n);
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
