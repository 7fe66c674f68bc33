// The devnet's Bitcoin chain (8253038) and external exchange (3586256) inside createDevnet: both
// listed by GET /chains and /devnet/info, the Esplora-compatible API under /bitcoin/api used with a
// plain HTTP client (fetch) as a wallet or explorer would, and the exchange API under /exchange/api.
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { bitcoinBalance } from "../../attestkit/src/chains/bitcoin/bitcoinBalance.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { buildDepositPsbt } from "../src/bitcoin/buildDepositPsbt.js";
import { finalizePsbt } from "../src/bitcoin/finalizePsbt.js";
import { signPsbt } from "../src/bitcoin/signPsbt.js";
import type { Devnet } from "../src/createDevnet.js";

// Blocks only on demand: every confirmation below is one the test mined.
const { devnet } = useDevnet({ bitcoinBlockTimeMs: 0, indexIntervalMs: 600_000 });
const esplora = () => `${devnet().url}/bitcoin/api`;

const text = async (path: string) => {
  const response = await fetch(`${esplora()}${path}`);
  return { status: response.status, body: await response.text() };
};
const json = async (path: string) => {
  const response = await fetch(`${esplora()}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as Record<string, unknown>;
};

test("GET /chains lists Bitcoin (bvm) and the exchange (lvm) with the EVM chains", async () => {
  const client = createClient({ network: { baseUrl: devnet().url } });
  const { chains } = await client.getChains();
  const ids = chains.map((chain) => Number(chain.id));
  expect(ids).toEqual([31337, 31338, 8253038, 3586256]);
  const btc = chains.find((chain) => Number(chain.id) === 8253038) as Record<string, unknown>;
  expect(btc).toMatchObject({
    vmType: "bvm",
    httpRpcUrl: esplora(),
    currency: { symbol: "BTC", decimals: 8, address: "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8" },
    solverAddresses: [devnet().info.bitcoin.solver.address],
  });
  const exchange = chains.find((chain) => Number(chain.id) === 3586256) as Record<string, unknown>;
  expect(exchange).toMatchObject({
    vmType: "lvm",
    currency: { address: "0", decimals: 6 },
    solverAddresses: ["1000"],
  });
});

test("/devnet/info lists the funded Bitcoin test wallets and exchange accounts", async () => {
  const info = (await (await fetch(`${devnet().url}/devnet/info`)).json()) as {
    bitcoin: {
      chainId: number;
      esploraUrl: string;
      testWallets: { p2wpkhAddress: string; privateKey: string; balances: { p2wpkh: string } }[];
    };
    exchange: { chainId: number; apiUrl: string; testAccounts: { accountIndex: number; balance: string }[] };
  };
  expect(info.bitcoin.chainId).toBe(8253038);
  expect(info.bitcoin.esploraUrl).toBe(esplora());
  expect(info.bitcoin.testWallets).toHaveLength(10);
  expect(info.bitcoin.testWallets[0]).toMatchObject({
    p2wpkhAddress: devnet().info.bitcoin.testWallets[0]?.p2wpkhAddress,
    privateKey: devnet().info.bitcoin.testWallets[0]?.privateKey,
  });
  expect(info.exchange).toMatchObject({ chainId: 3586256, apiUrl: `${devnet().url}/exchange/api` });
  expect(info.exchange.testAccounts[0]).toMatchObject({ accountIndex: 1001, balance: "1000000000000" });
});

test("the Esplora API with a plain HTTP client: balance, UTXOs, broadcast, mempool, confirmation", async () => {
  const wallet = devnet().info.bitcoin.testWallets[1] as Devnet["info"]["bitcoin"]["testWallets"][number];
  const recipient = devnet().info.bitcoin.testWallets[2]?.p2trAddress as string;
  const height = Number((await text("/blocks/tip/height")).body);
  expect(height).toBe(devnet().bitcoin.height());

  const stats = await json(`/address/${wallet.p2wpkhAddress}`);
  // The interface's balance rule on the explorer's answer, as the client computes it.
  const before = bitcoinBalance(stats as Parameters<typeof bitcoinBalance>[0]);
  expect(before).toBe(1_000_000_000n);

  const utxos = (await (await fetch(`${esplora()}/address/${wallet.p2wpkhAddress}/utxo`)).json()) as {
    txid: string;
    vout: number;
    value: number;
    status: { confirmed: boolean };
  }[];
  expect(utxos.length).toBeGreaterThan(0);
  expect(utxos.every((utxo) => utxo.status.confirmed)).toBe(true);
  const raw = await Promise.all(
    utxos.map(async (utxo) => ({
      ...utxo,
      tx: await (await fetch(`${esplora()}/tx/${utxo.txid}`)).json(),
    })),
  );
  const { psbt } = buildDepositPsbt({
    utxos: raw.map(({ txid, vout, value, tx }) => ({
      txid,
      vout,
      value: BigInt(value),
      script: Buffer.from(
        (tx as { vout: { scriptpubkey: string }[] }).vout[vout]?.scriptpubkey as string,
        "hex",
      ),
    })),
    depositAddress: recipient,
    amount: 25_000_000n,
    requestId: `0x${"ab".repeat(32)}`,
    changeAddress: wallet.p2wpkhAddress,
  });
  const { transaction } = finalizePsbt({ psbt: signPsbt({ psbt, privateKey: wallet.privateKey }).psbt });

  // A refused broadcast: Bitcoin Core's reject reason, the mempool untouched.
  const broken = await fetch(`${esplora()}/tx`, { method: "POST", body: transaction.slice(0, -2) });
  expect(broken.status).toBe(400);
  expect(await broken.text()).toMatch(/sendrawtransaction RPC error/);

  const posted = await fetch(`${esplora()}/tx`, { method: "POST", body: transaction });
  expect(posted.status).toBe(200);
  const txid = await posted.text();
  expect(txid).toMatch(/^[0-9a-f]{64}$/);

  expect(await json(`/tx/${txid}/status`)).toEqual({ confirmed: false });
  expect(((await json("/mempool/txids")) as unknown as string[]).includes(txid)).toBe(true);
  const pending = await json(`/address/${wallet.p2wpkhAddress}`);
  // The spend counts at once, its change only once confirmed.
  expect(bitcoinBalance(pending as Parameters<typeof bitcoinBalance>[0])).toBe(0n);

  devnet().bitcoin.mine();
  expect(Number((await text("/blocks/tip/height")).body)).toBe(height + 1);
  const status = await json(`/tx/${txid}/status`);
  expect(status).toMatchObject({ confirmed: true, block_height: height + 1 });
  const tipHash = (await text("/blocks/tip/hash")).body;
  expect(status.block_hash).toBe(tipHash);
  const after = bitcoinBalance((await json(`/address/${wallet.p2wpkhAddress}`)) as never);
  // Everything but the deposit and the fee came back as change.
  expect(before - after - 25_000_000n).toBeGreaterThan(0n);
  expect(before - after - 25_000_000n).toBeLessThan(10_000n);
  const paid = await json(`/address/${recipient}`);
  expect(bitcoinBalance(paid as never)).toBe(1_000_000_000n + 25_000_000n);

  expect((await text(`/tx/${"00".repeat(32)}`)).status).toBe(404);
  expect(await text("/address/not-an-address")).toMatchObject({ status: 400 });
});

test("the exchange API: an account's balance, and a transfer refused without its key", async () => {
  const account = devnet().info.exchange.testAccounts[0] as { accountIndex: number; apiKey: string };
  const api = devnet().info.exchange.apiUrl;
  const balance = (await (await fetch(`${api}/accounts/${account.accountIndex}`)).json()) as {
    balances: { balance: string }[];
  };
  expect(balance.balances[0]?.balance).toBe("1000000000000");
  const body = JSON.stringify({
    toAccountIndex: 1000,
    assetIndex: 0,
    fromRouteType: 0,
    toRouteType: 0,
    amount: "1",
    usdcFee: "0",
    memo: `0x${"00".repeat(32)}`,
  });
  const unauthorized = await fetch(`${api}/transfer`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json" },
  });
  expect(unauthorized.status).toBe(401);
  const other = devnet().info.exchange.testAccounts[1]?.apiKey as string;
  const forbidden = await fetch(`${api}/transfer`, {
    method: "POST",
    body: JSON.stringify({ ...JSON.parse(body), fromAccountIndex: account.accountIndex }),
    headers: { authorization: `Bearer ${other}`, "content-type": "application/json" },
  });
  expect(forbidden.status).toBe(403);
});
