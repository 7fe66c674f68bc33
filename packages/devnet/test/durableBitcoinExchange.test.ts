// The devnet with --state, killed with SIGKILL in a child process and started again on the same
// directory: the Bitcoin chain (tip, confirmed and mempool transactions, balances, a request paid
// from Bitcoin), the exchange ledger, EIP-3009 permits (pending, then executed after the restart;
// used, still refused) and the app fee ledger (balances; a paid claim not paid again) are back.
// The last start has the Bitcoin block timer on again: the deposit left in the mempool is mined
// and its request filled.

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { createWalletClient, type Hex, http, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pollUntil } from "../../../test/support/pollUntil.js";
import { type CliDevnet, startCliDevnet } from "../../../test/support/startCliDevnet.js";
import { bitcoin } from "../../attestkit/src/chains/bitcoin/constants.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { finalizePsbt } from "../src/bitcoin/finalizePsbt.js";
import { signPsbt } from "../src/bitcoin/signPsbt.js";
import { devnetTrustRoot } from "../src/devnetTrustRoot.js";
import type { DevnetInfo } from "../src/start/createDevnetInfo.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
let stateDir: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  stateDir = mkdtempSync(join(tmpdir(), "attestkit-state-btc-"));
});

afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

type Running = CliDevnet;

/** Starts `attestkit devnet --state DIR --json` in a child process; resolves with its info. */
async function startDevnet(bitcoinBlockTimeMs: number): Promise<Running> {
  const running = await startCliDevnet(stateDir, ["--bitcoin-block-time", String(bitcoinBlockTimeMs)]);
  children.push(running.child);
  return running;
}

async function kill9(running: Running) {
  const exited = new Promise((resolve) => running.child.once("exit", resolve));
  running.child.kill("SIGKILL");
  await exited;
}

async function call(
  method: "GET" | "POST",
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, body: json as Record<string, unknown> & string };
}

const statusOf = async (info: DevnetInfo, requestId: string) =>
  (await call("GET", `${info.url}/intents/status/v3?requestId=${requestId}`)).body as unknown as {
    status: string;
    inTxHashes: string[];
  };

type BitcoinWallet = DevnetInfo["bitcoin"]["testWallets"][number];

/** Quotes BTC -> destination ETH, signs the PSBT step and broadcasts it; answers request id and txid. */
async function payFromBitcoin(info: DevnetInfo, wallet: BitcoinWallet, amount: bigint) {
  const client = createClient({
    network: { baseUrl: info.url },
    solvers: [info.solver.address],
    trustRoot: devnetTrustRoot(info),
  });
  const destination = info.chains[1] as DevnetInfo["chains"][number];
  const quote = await client.getQuote({
    user: wallet.p2wpkhAddress,
    recipient: privateKeyToAccount(generatePrivateKey()).address,
    originChainId: bitcoin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: bitcoin.nativeCurrency,
    destinationCurrency: zeroAddress,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
  });
  const requestId = quote.steps[0]?.requestId as string;
  const psbt = (quote.steps[0]?.items[0]?.data as { psbt?: string } | undefined)?.psbt as string;
  const { transaction } = finalizePsbt({ psbt: signPsbt({ psbt, privateKey: wallet.privateKey }).psbt });
  const response = await fetch(`${info.bitcoin.esploraUrl}/tx`, { method: "POST", body: transaction });
  expect(response.status).toBe(200);
  return { requestId, txid: await response.text() };
}

/** What a user reads of the Bitcoin chain through Esplora. */
async function bitcoinView(info: DevnetInfo, address: string, txids: string[]) {
  const api = info.bitcoin.esploraUrl;
  // The hash of the block at the height read, not of the tip: a block timer may mine between reads.
  const height = (await call("GET", `${api}/blocks/tip/height`)).body;
  return {
    height,
    hash: (await call("GET", `${api}/block-height/${height}`)).body,
    address: (await call("GET", `${api}/address/${address}`)).body,
    mempool: (await call("GET", `${api}/mempool/txids`)).body,
    transactions: await Promise.all(txids.map(async (txid) => (await call("GET", `${api}/tx/${txid}`)).body)),
  };
}

const exchangeView = async (info: DevnetInfo) =>
  Promise.all(
    info.exchange.testAccounts
      .slice(0, 3)
      .map(
        async ({ accountIndex }) =>
          (await call("GET", `${info.exchange.apiUrl}/accounts/${accountIndex}`)).body,
      ),
  );

type SignItem = {
  sign: {
    domain: Record<string, unknown>;
    types: Record<string, { name: string; type: string }[]>;
    primaryType: string;
    value: Record<string, string>;
  };
  post: { body: Record<string, unknown> };
};

/** A `usePermit` quote of 25 USDC by test account `index`, signed (not posted). */
async function signedPermit(info: DevnetInfo, index: number) {
  const [origin, destination] = info.chains as [DevnetInfo["chains"][number], DevnetInfo["chains"][number]];
  const account = privateKeyToAccount((info.testAccounts[index] as { privateKey: Hex }).privateKey);
  const quote = await createClient({
    network: { baseUrl: info.url },
    solvers: [info.solver.address],
    trustRoot: devnetTrustRoot(info),
  }).getQuote({
    user: account.address,
    recipient: account.address,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: origin.contracts.token,
    destinationCurrency: destination.contracts.token,
    amount: "25000000",
    tradeType: "EXACT_INPUT",
    usePermit: true,
  });
  const item = quote.steps[0]?.items[0]?.data as unknown as SignItem;
  const signature = await account.signTypedData({
    domain: item.sign.domain,
    types: item.sign.types,
    primaryType: item.sign.primaryType,
    message: item.sign.value,
  } as never);
  return { requestId: quote.requestId as string, signature, body: item.post.body };
}

/** The app fee balances of a wallet (the logo URL, which names the port, left out). */
const feeAmounts = async (info: DevnetInfo, wallet: string) =>
  (
    (await call("GET", `${info.url}/app-fees/${wallet}/balances`)).body.balances as {
      amount: string;
      amountUsd: string;
      currency: { symbol: string };
    }[]
  ).map(({ amount, amountUsd, currency }) => ({ amount, amountUsd, symbol: currency.symbol }));

const postPermit = (info: DevnetInfo, permit: Awaited<ReturnType<typeof signedPermit>>) =>
  call("POST", `${info.url}/execute/permits?signature=${permit.signature}`, permit.body);

describe("kill -9 and a restart on the same --state directory", () => {
  const app = privateKeyToAccount(generatePrivateKey());
  const runs: Record<string, unknown> = {};
  let pendingPermit: Awaited<ReturnType<typeof signedPermit>>;
  let usedPermit: Awaited<ReturnType<typeof signedPermit>>;
  let paidClaim: { body: Record<string, unknown>; signature: Hex };
  let btcUser: BitcoinWallet;
  let paid: { requestId: string; txid: string };
  let unconfirmed: { requestId: string; txid: string };

  test("first run: a request paid from Bitcoin, an exchange transfer, permits and app fees, then SIGKILL", async () => {
    const running = await startDevnet(300);
    const { info } = running;
    btcUser = info.bitcoin.testWallets[4] as BitcoinWallet;

    // Bitcoin: a deposit confirmed by the block timer and its request filled.
    paid = await payFromBitcoin(info, btcUser, 2_000_000n);
    await pollUntil("the Bitcoin-paid request's success", async () =>
      (await statusOf(info, paid.requestId)).status === "success" ? true : undefined,
    );

    // The exchange: account 0 pays account 1 (5 USDC and a 0.01 USDC fee).
    const [from, to] = info.exchange.testAccounts as [
      DevnetInfo["exchange"]["testAccounts"][number],
      DevnetInfo["exchange"]["testAccounts"][number],
    ];
    const transfer = await call(
      "POST",
      `${info.exchange.apiUrl}/transfer`,
      {
        toAccountIndex: to.accountIndex,
        assetIndex: 0,
        fromRouteType: 0,
        toRouteType: 0,
        amount: 5_000_000,
        usdcFee: 10_000,
      },
      { authorization: `Bearer ${from.apiKey}` },
    );
    expect(transfer.status).toBe(200);

    // Permits: one signed and executed, one signed and kept for after the restart.
    usedPermit = await signedPermit(info, 5);
    expect((await postPermit(info, usedPermit)).status).toBe(200);
    await pollUntil("the permit request's success", async () =>
      (await statusOf(info, usedPermit.requestId)).status === "success" ? true : undefined,
    );
    pendingPermit = await signedPermit(info, 6);

    // App fees: 1 ETH with 1% for the app ($30 in USDC), then 10 USDC claimed and paid.
    const [origin, destination] = info.chains as [DevnetInfo["chains"][number], DevnetInfo["chains"][number]];
    const payer = privateKeyToAccount((info.testAccounts[7] as { privateKey: Hex }).privateKey);
    const client = createClient({
      network: { baseUrl: info.url },
      solvers: [info.solver.address],
      trustRoot: devnetTrustRoot(info),
    });
    const quote = await client.getQuote({
      user: payer.address,
      originChainId: origin.chainId,
      destinationChainId: destination.chainId,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: (10n ** 18n).toString(),
      tradeType: "EXACT_INPUT",
      appFees: [{ recipient: app.address, fee: "100" }],
    });
    await executeSteps(client, {
      quote,
      wallet: createWalletClient({ account: payer, transport: http(origin.rpcUrl), pollingInterval: 50 }),
      checkIntervalMs: 20,
    });
    await pollUntil("the app-fee request's success", async () =>
      (await statusOf(info, quote.requestId as string)).status === "success" ? true : undefined,
    );
    const feeBalance = await pollUntil("the app fee balance", async () => {
      const { body } = await call("GET", `${info.url}/app-fees/${app.address}/balances`);
      return (body.balances as unknown[]).length > 0 ? body : undefined;
    });
    expect((feeBalance.balances as { amount: string }[])[0]?.amount).toBe("30000000");
    const claim = await call("POST", `${info.url}/app-fees/${app.address}/claim`, {
      chainId: destination.chainId,
      currency: destination.contracts.token,
      recipient: app.address,
      amount: "10000000",
    });
    const data = (
      claim.body.steps as {
        items: { data: { sign: { message: string }; post: { body: Record<string, unknown> } } }[];
      }[]
    )[0]?.items[0]?.data as { sign: { message: string }; post: { body: Record<string, unknown> } };
    paidClaim = { body: data.post.body, signature: await app.signMessage({ message: data.sign.message }) };
    const executed = await call(
      "POST",
      `${info.url}/app-fees/${app.address}/claim/execute?signature=${paidClaim.signature}`,
      paidClaim.body,
    );
    expect(executed.status).toBe(200);

    runs.bitcoin = await bitcoinView(info, btcUser.p2wpkhAddress, [paid.txid]);
    runs.paidStatus = await statusOf(info, paid.requestId);
    runs.exchange = await exchangeView(info);
    runs.appFees = await feeAmounts(info, app.address);
    await kill9(running);

    expect((runs.paidStatus as { status: string }).status).toBe("success");
    expect(runs.appFees).toEqual([{ amount: "20000000", amountUsd: "20", symbol: "USDC" }]);
    const [account0, account1] = runs.exchange as { balances: { balance: string }[] }[];
    expect(BigInt(account0?.balances[0]?.balance as string) + 5_010_000n).toBe(
      BigInt(account1?.balances[0]?.balance as string) - 5_000_000n,
    );
  });

  test("second run: everything is back; the kept permit executes, the used one and the paid claim are refused", async () => {
    const running = await startDevnet(0);
    const { info } = running;
    expect(running.stderr()).toMatch(/state: Bitcoin chain restored at height [1-9]\d*/);
    expect(running.stderr()).toMatch(/state: exchange ledger restored, 1 transfers/);
    expect(running.stderr()).toMatch(/state: 2 permits restored, 1 submitted/);
    expect(running.stderr()).not.toMatch(/in memory only/);

    // The first run's timer may have mined a block between its last read and the kill: the tip it
    // read is still there at its height, with the same hash; the rest is the same.
    const view = await bitcoinView(info, btcUser.p2wpkhAddress, [paid.txid]);
    const first = runs.bitcoin as typeof view;
    expect(Number(view.height)).toBeGreaterThanOrEqual(Number(first.height));
    expect((await call("GET", `${info.bitcoin.esploraUrl}/block-height/${first.height}`)).body).toBe(
      first.hash,
    );
    expect({ ...view, height: undefined, hash: undefined }).toEqual({
      ...first,
      height: undefined,
      hash: undefined,
    });
    expect(view.mempool).toEqual([]);
    const [tx] = view.transactions as unknown as { status: { confirmed: boolean; block_height: number } }[];
    expect(tx?.status.confirmed).toBe(true);
    expect(Number(view.height)).toBeGreaterThanOrEqual(tx?.status.block_height ?? Number.POSITIVE_INFINITY);
    // 10 BTC at genesis, less the 0.02 BTC deposit and its fee.
    const stats = (
      view.address as unknown as { chain_stats: { funded_txo_sum: number; spent_txo_sum: number } }
    ).chain_stats;
    const balance = stats.funded_txo_sum - stats.spent_txo_sum;
    expect(balance).toBeLessThan(1_000_000_000 - 2_000_000);
    expect(balance).toBeGreaterThan(1_000_000_000 - 2_100_000);
    expect(await statusOf(info, paid.requestId)).toEqual(runs.paidStatus);
    expect(await exchangeView(info)).toEqual(runs.exchange);
    expect(await feeAmounts(info, app.address)).toEqual(runs.appFees);

    // A paid claim is not paid again; a used permit is not submitted again.
    const again = await call(
      "POST",
      `${info.url}/app-fees/${app.address}/claim/execute?signature=${paidClaim.signature}`,
      paidClaim.body,
    );
    expect(again).toMatchObject({ status: 400, body: { errorCode: "INVALID_REQUEST" } });
    expect(await postPermit(info, usedPermit)).toMatchObject({
      status: 400,
      body: { errorCode: "PERMIT_FAILED" },
    });
    // The permit signed before the restart executes now, once.
    expect((await statusOf(info, pendingPermit.requestId)).status).toBe("waiting");
    expect(await postPermit(info, pendingPermit)).toMatchObject({ status: 200 });
    await pollUntil("the kept permit's success", async () =>
      (await statusOf(info, pendingPermit.requestId)).status === "success" ? true : undefined,
    );
    expect(await postPermit(info, pendingPermit)).toMatchObject({
      status: 400,
      body: { errorCode: "PERMIT_FAILED" },
    });

    // No block timer in this run: a new deposit stays in the mempool, its request pending.
    unconfirmed = await payFromBitcoin(info, btcUser, 1_000_000n);
    await pollUntil("the mempool deposit's pending", async () =>
      (await statusOf(info, unconfirmed.requestId)).status === "pending" ? true : undefined,
    );
    runs.mempoolView = await bitcoinView(info, btcUser.p2wpkhAddress, [paid.txid, unconfirmed.txid]);
    expect((runs.mempoolView as { mempool: string[] }).mempool).toEqual([unconfirmed.txid]);
    await kill9(running);
  });

  test("third run: the mempool transaction and the pending request are still there", async () => {
    const running = await startDevnet(0);
    const { info } = running;
    expect(await bitcoinView(info, btcUser.p2wpkhAddress, [paid.txid, unconfirmed.txid])).toEqual(
      runs.mempoolView,
    );
    const status = await statusOf(info, unconfirmed.requestId);
    expect(status.status).toBe("pending");
    expect(status.inTxHashes).toEqual([unconfirmed.txid]);
    await kill9(running);
  });

  test("fourth run: the block timer resumes, the kept deposit is mined and its request filled", async () => {
    const running = await startDevnet(300);
    const { info } = running;
    const before = Number((runs.mempoolView as { height: string }).height);
    await pollUntil("the pending request's success", async () =>
      (await statusOf(info, unconfirmed.requestId)).status === "success" ? true : undefined,
    );
    const view = await bitcoinView(info, btcUser.p2wpkhAddress, [unconfirmed.txid]);
    expect(Number(view.height)).toBeGreaterThan(before);
    expect((view.transactions[0] as unknown as { status: { confirmed: boolean } }).status.confirmed).toBe(
      true,
    );
    // The request paid before any restart was not paid again.
    expect(await statusOf(info, paid.requestId)).toEqual(runs.paidStatus);
    expect(running.stderr()).not.toMatch(/left in/);
    await kill9(running);
  });

  test("a damaged row stops the start with an error naming the file and the row, no stack trace", async () => {
    const path = join(stateDir, "devnet.sqlite");
    const raw = new DatabaseSync(path);
    const { seq } = raw
      .prepare("SELECT seq FROM journal WHERE name = 'bitcoin' ORDER BY seq DESC LIMIT 1")
      .get() as { seq: number };
    raw.prepare('UPDATE journal SET json = \'{"type":"block"\' WHERE seq = ?').run(seq);
    raw.close();
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "packages/attestkit/src/cli/main.ts", "devnet", "--port", "0", "--state", stateDir],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true" },
      },
    );
    children.push(child);
    let stderr = "";
    child.stderr?.on("data", (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(3);
    expect(stderr).toContain(
      `error: the devnet did not start: The state in ${path} cannot be restored: journal "bitcoin" row ${seq} is not JSON.`,
    );
    expect(stderr).toContain(`  file: ${path}`);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
