import { request as httpRequest } from "node:http";
import { hex } from "@scure/base";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { opReturn, signTransaction, type TestInput } from "../../../../test/support/bitcoin.js";
import { serveApp } from "../../../../test/support/serveApp.js";
import { bitcoinBalance } from "../../../attestkit/src/chains/bitcoin/bitcoinBalance.js";
import { bitcoinTestWallets } from "./bitcoinTestWallets.js";
import { esploraPathPrefix } from "./constants.js";
import { type BitcoinChain, createBitcoinChain } from "./createBitcoinChain.js";
import { createEsploraApp } from "./createEsploraApp.js";

const [alice, bob, carol] = bitcoinTestWallets as [
  (typeof bitcoinTestWallets)[0],
  (typeof bitcoinTestWallets)[0],
  (typeof bitcoinTestWallets)[0],
];
const tenBtc = 1_000_000_000;

let chain: BitcoinChain;
let server: { url: string; close: () => Promise<void> };
let api: string;
beforeAll(async () => {
  chain = createBitcoinChain({ blockTimeMs: 0 });
  // Mounted under the documented prefix, as the devnet API will mount it.
  const root = new Hono();
  root.route(esploraPathPrefix, createEsploraApp(chain));
  server = await serveApp(root);
  api = `${server.url}${esploraPathPrefix}`;
});
afterAll(async () => {
  chain.stop();
  await server.close();
});

// biome-ignore lint/suspicious/noExplicitAny: Esplora's answers are read freely in these tests.
type Json = any;

const get = (path: string) => fetch(`${api}${path}`);
const getJson = async (path: string): Promise<Json> => {
  const response = await get(path);
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return response.json();
};
const getText = async (path: string) => {
  const response = await get(path);
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
  return response.text();
};
const post = (body: string) =>
  fetch(`${api}/tx`, { method: "POST", body, headers: { "content-type": "text/plain" } });
const failure = async (response: Response) => ({ status: response.status, text: await response.text() });

async function utxoOf(address: string, type: "p2wpkh" | "p2tr", wallet: typeof alice): Promise<TestInput> {
  const [utxo] = (await getJson(`/address/${address}/utxo`)) as {
    txid: string;
    vout: number;
    value: number;
  }[];
  if (!utxo) throw new Error(`no utxo for ${address}`);
  return { txid: utxo.txid, vout: utxo.vout, value: BigInt(utxo.value), type, wallet };
}

test("default: a payment through the API, with the interface's balance rule on the address stats", async () => {
  expect(await getText("/blocks/tip/height")).toBe("0");
  const input = await utxoOf(alice.p2wpkhAddress, "p2wpkh", alice);
  const signed = signTransaction({
    inputs: [input],
    outputs: [
      { address: bob.p2trAddress, amount: 300_000_000n },
      { address: alice.p2wpkhAddress, amount: 699_990_000n },
    ],
  });
  const response = await post(signed.hex);
  expect(response.status).toBe(200);
  expect(await response.text()).toBe(signed.txid);

  // In the mempool: Alice's confirmed output is pending-spent, her change does not count yet.
  const aliceStats = await getJson(`/address/${alice.p2wpkhAddress}`);
  expect(aliceStats).toEqual({
    address: alice.p2wpkhAddress,
    chain_stats: {
      funded_txo_count: 1,
      funded_txo_sum: tenBtc,
      spent_txo_count: 0,
      spent_txo_sum: 0,
      tx_count: 1,
    },
    mempool_stats: {
      funded_txo_count: 1,
      funded_txo_sum: 699_990_000,
      spent_txo_count: 1,
      spent_txo_sum: tenBtc,
      tx_count: 1,
    },
  });
  expect(bitcoinBalance(aliceStats)).toBe(0n);
  // Bob's unconfirmed incoming output does not count either.
  expect(bitcoinBalance(await getJson(`/address/${bob.p2trAddress}`))).toBe(BigInt(tenBtc));
  expect(await getJson(`/tx/${signed.txid}/status`)).toEqual({ confirmed: false });

  chain.mine();
  const tipHash = await getText("/blocks/tip/hash");
  expect(await getText("/blocks/tip/height")).toBe("1");
  expect(await getJson(`/tx/${signed.txid}/status`)).toEqual({
    confirmed: true,
    block_height: 1,
    block_hash: tipHash,
    block_time: chain.tip().timestamp,
  });
  expect(bitcoinBalance(await getJson(`/address/${alice.p2wpkhAddress}`))).toBe(699_990_000n);
  expect(bitcoinBalance(await getJson(`/address/${bob.p2trAddress}`))).toBe(1_300_000_000n);
  expect(await getJson(`/address/${alice.p2wpkhAddress}/utxo`)).toEqual([
    {
      txid: signed.txid,
      vout: 1,
      status: { confirmed: true, block_height: 1, block_hash: tipHash, block_time: chain.tip().timestamp },
      value: 699_990_000,
    },
  ]);
});

describe("transactions", () => {
  let txid: string;
  let signedHex: string;
  beforeAll(async () => {
    const signed = signTransaction({
      inputs: [await utxoOf(carol.p2trAddress, "p2tr", carol)],
      outputs: [
        { address: alice.p2trAddress, amount: 500_000_000n },
        { script: opReturn(new Uint8Array(32).fill(0xab)), amount: 0n },
        { address: carol.p2wpkhAddress, amount: 499_990_000n },
      ],
    });
    expect((await post(signed.hex)).status).toBe(200);
    txid = signed.txid;
    signedHex = signed.hex;
  });

  test("GET /tx/:txid in Esplora's shape", async () => {
    const tx = await getJson(`/tx/${txid}`);
    expect(tx).toMatchObject({
      txid,
      version: 2,
      locktime: 0,
      fee: 10_000,
      status: { confirmed: false },
    });
    expect(Object.keys(tx).sort()).toEqual([
      "fee",
      "locktime",
      "size",
      "status",
      "txid",
      "version",
      "vin",
      "vout",
      "weight",
    ]);
    expect(tx.size).toBe(signedHex.length / 2);
    expect(tx.vin).toHaveLength(1);
    // Carol is wallet 2: her P2TR address is genesis output 2 × 2 + 1.
    expect(tx.vin[0]).toMatchObject({
      txid: chain.getBlock(0)?.txids[0],
      vout: 5,
      is_coinbase: false,
      scriptsig: "",
      scriptsig_asm: "",
      sequence: 0xffffffff,
      prevout: {
        scriptpubkey_type: "v1_p2tr",
        scriptpubkey_address: carol.p2trAddress,
        value: tenBtc,
      },
    });
    expect(tx.vin[0].witness).toHaveLength(1);
    expect(tx.vin[0].witness[0]).toMatch(/^[0-9a-f]{128}$/);
    expect(tx.vout).toEqual([
      {
        scriptpubkey: expect.stringMatching(/^5120[0-9a-f]{64}$/),
        scriptpubkey_asm: expect.stringMatching(/^OP_PUSHNUM_1 OP_PUSHBYTES_32 [0-9a-f]{64}$/),
        scriptpubkey_type: "v1_p2tr",
        scriptpubkey_address: alice.p2trAddress,
        value: 500_000_000,
      },
      {
        scriptpubkey: `6a20${"ab".repeat(32)}`,
        scriptpubkey_asm: `OP_RETURN OP_PUSHBYTES_32 ${"ab".repeat(32)}`,
        scriptpubkey_type: "op_return",
        value: 0,
      },
      {
        scriptpubkey: expect.stringMatching(/^0014[0-9a-f]{40}$/),
        scriptpubkey_asm: expect.stringMatching(/^OP_0 OP_PUSHBYTES_20 [0-9a-f]{40}$/),
        scriptpubkey_type: "v0_p2wpkh",
        scriptpubkey_address: carol.p2wpkhAddress,
        value: 499_990_000,
      },
    ]);
  });

  test("hex, raw bytes, outspends", async () => {
    expect(await getText(`/tx/${txid}/hex`)).toBe(signedHex);
    expect(await getText(`/tx/${txid.toUpperCase()}/hex`)).toBe(signedHex);
    const raw = await get(`/tx/${txid}/raw`);
    expect(raw.headers.get("content-type")).toBe("application/octet-stream");
    expect(hex.encode(new Uint8Array(await raw.arrayBuffer()))).toBe(signedHex);
    const funding = ((await getJson(`/tx/${txid}`)) as { vin: { txid: string; vout: number }[] }).vin[0];
    expect(await getJson(`/tx/${funding?.txid}/outspend/${funding?.vout}`)).toEqual({
      spent: true,
      txid,
      vin: 0,
      status: { confirmed: false },
    });
    expect(await getJson(`/tx/${txid}/outspend/0`)).toEqual({ spent: false });
    expect(await getJson(`/tx/${txid}/outspends`)).toEqual([
      { spent: false },
      { spent: false },
      { spent: false },
    ]);
    expect(await failure(await get(`/tx/${txid}/outspend/3`))).toEqual({
      status: 404,
      text: "Transaction output not found",
    });
  });

  test("unknown and malformed txids", async () => {
    expect(await failure(await get(`/tx/${"00".repeat(32)}`))).toEqual({
      status: 404,
      text: "Transaction not found",
    });
    for (const bad of ["xyz", "00".repeat(31), `${"00".repeat(32)}00`])
      expect(await failure(await get(`/tx/${bad}`))).toEqual({ status: 400, text: "Invalid hex string" });
    expect((await get(`/tx/${txid}/outspend/-1`)).status).toBe(400);
    expect((await get(`/tx/${txid}/outspend/01`)).status).toBe(400);
  });
});

describe("POST /tx errors, as sendrawtransaction answers them", () => {
  test("decode failures, conflicts, missing inputs, already confirmed; the same transaction twice is fine", async () => {
    expect(await failure(await post("zz"))).toEqual({
      status: 400,
      text: 'sendrawtransaction RPC error: {"code":-22,"message":"TX decode failed, the body is not hex"}',
    });
    expect((await failure(await post(""))).text).toMatch(/"code":-22/);
    const input = await utxoOf(bob.p2wpkhAddress, "p2wpkh", bob);
    const first = signTransaction({
      inputs: [input],
      outputs: [{ address: carol.p2trAddress, amount: 999_990_000n }],
    });
    const second = signTransaction({
      inputs: [input],
      outputs: [{ address: alice.p2trAddress, amount: 999_990_000n }],
    });
    expect((await post(first.hex)).status).toBe(200);
    expect(await (await post(`${first.hex}\n`)).text()).toBe(first.txid);
    const conflict = await failure(await post(second.hex));
    expect(conflict.status).toBe(400);
    expect(conflict.text).toMatch(
      /^sendrawtransaction RPC error: \{"code":-26,"message":"txn-mempool-conflict, /,
    );
    chain.mine();
    expect((await failure(await post(second.hex))).text).toMatch(
      /^sendrawtransaction RPC error: \{"code":-25,"message":"bad-txns-inputs-missingorspent, /,
    );
    expect(await failure(await post(first.hex))).toEqual({
      status: 400,
      text: 'sendrawtransaction RPC error: {"code":-27,"message":"Transaction outputs already in utxo set"}',
    });
  });

  test("a bad signature and dust are refused with the node's reasons", async () => {
    const input = await utxoOf(alice.p2trAddress, "p2tr", alice);
    const wrongKey = signTransaction({
      inputs: [{ ...input, wallet: bob }],
      outputs: [{ address: carol.p2trAddress, amount: 999_990_000n }],
    });
    // Signed by Bob's key for Alice's output.
    expect(await failure(await post(wrongKey.hex))).toEqual({
      status: 400,
      text: 'sendrawtransaction RPC error: {"code":-26,"message":"mandatory-script-verify-flag-failed (Invalid Schnorr signature), input 0"}',
    });
    const dust = signTransaction({
      inputs: [input],
      outputs: [{ address: carol.p2trAddress, amount: 329n }],
    });
    expect((await failure(await post(dust.hex))).text).toBe(
      'sendrawtransaction RPC error: {"code":-26,"message":"dust, output 0 pays 329 < 330 satoshis"}',
    );
  });

  test("a body over 1 MB is refused before it is read", async () => {
    // On its own connection: the server answers before reading the body and then drops the socket.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = httpRequest(`${api}/tx`, { method: "POST", agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      request.on("error", reject);
      request.end("00".repeat(600_000));
    });
    expect(status).toBe(413);
    expect(await getText("/blocks/tip/height")).toBe(String(chain.height()));
  });
});

describe("blocks", () => {
  test("block by hash and height, its transactions, status and header", async () => {
    chain.mine();
    const height = chain.height();
    const hash = await getText(`/block-height/${height}`);
    expect(hash).toBe(chain.tip().hash);
    const block = await getJson(`/block/${hash}`);
    expect(Object.keys(block).sort()).toEqual(
      [
        "bits",
        "difficulty",
        "height",
        "id",
        "mediantime",
        "merkle_root",
        "nonce",
        "previousblockhash",
        "size",
        "timestamp",
        "tx_count",
        "version",
        "weight",
      ].sort(),
    );
    expect(block).toMatchObject({ id: hash, height, bits: 0x207fffff, version: 0x20000000 });
    expect(block.previousblockhash).toBe(await getText(`/block-height/${height - 1}`));
    expect((await getJson(`/block/${await getText("/block-height/0")}`)).previousblockhash).toBeNull();
    const txids = (await getJson(`/block/${hash}/txids`)) as string[];
    expect(txids).toHaveLength(block.tx_count);
    const txs = (await getJson(`/block/${hash}/txs`)) as {
      txid: string;
      status?: unknown;
      vin: { is_coinbase: boolean }[];
    }[];
    expect(txs.map((tx) => tx.txid)).toEqual(txids);
    expect(txs[0]?.vin[0]?.is_coinbase).toBe(true);
    expect(txs.every((tx) => tx.status === undefined)).toBe(true);
    expect(await getJson(`/block/${hash}/status`)).toEqual({ in_best_chain: true, height, next_best: null });
    expect((await getJson(`/block/${block.previousblockhash}/status`)).next_best).toBe(hash);
    expect(await getText(`/block/${hash}/header`)).toBe(chain.tip().header);
    const recent = (await getJson("/blocks")) as { height: number }[];
    expect(recent.map((b) => b.height)).toEqual(
      Array.from({ length: Math.min(10, height + 1) }, (_, i) => height - i),
    );
    expect(((await getJson("/blocks/0")) as { height: number }[]).map((b) => b.height)).toEqual([0]);
  });

  test("unknown blocks and malformed heights", async () => {
    expect(await failure(await get(`/block-height/${chain.height() + 1}`))).toEqual({
      status: 404,
      text: "Block not found",
    });
    expect(await failure(await get(`/block/${"11".repeat(32)}`))).toEqual({
      status: 404,
      text: "Block not found",
    });
    expect((await failure(await get("/block/nothex"))).status).toBe(400);
    for (const bad of ["abc", "-1", "01", "1.5"])
      expect((await get(`/block-height/${bad}`)).status).toBe(400);
  });
});

describe("addresses, mempool and fees", () => {
  test("history: mempool first, then blocks newest first, paged by last seen txid", async () => {
    const input = await utxoOf(carol.p2wpkhAddress, "p2wpkh", carol);
    const pending = signTransaction({
      inputs: [input],
      outputs: [{ address: carol.p2wpkhAddress, amount: input.value - 10_000n }],
    });
    expect((await post(pending.hex)).status).toBe(200);
    const history = (await getJson(`/address/${carol.p2wpkhAddress}/txs`)) as {
      txid: string;
      status: { confirmed: boolean };
    }[];
    expect(history[0]).toMatchObject({ txid: pending.txid, status: { confirmed: false } });
    expect(history.slice(1).every((tx) => tx.status.confirmed)).toBe(true);
    const mempoolOnly = (await getJson(`/address/${carol.p2wpkhAddress}/txs/mempool`)) as { txid: string }[];
    expect(mempoolOnly.map((tx) => tx.txid)).toEqual([pending.txid]);
    const confirmed = (await getJson(`/address/${carol.p2wpkhAddress}/txs/chain`)) as { txid: string }[];
    expect(confirmed.map((tx) => tx.txid)).toEqual(history.slice(1).map((tx) => tx.txid));
    const afterFirst = (await getJson(`/address/${carol.p2wpkhAddress}/txs/chain/${confirmed[0]?.txid}`)) as {
      txid: string;
    }[];
    expect(afterFirst.map((tx) => tx.txid)).toEqual(confirmed.slice(1).map((tx) => tx.txid));
    expect((await get(`/address/${carol.p2wpkhAddress}/txs/chain/${"00".repeat(32)}`)).status).toBe(400);
  });

  test("mempool summary, txids, fee estimates", async () => {
    const mempool = chain.mempool();
    const summary = await getJson("/mempool");
    expect(summary).toMatchObject({
      count: mempool.length,
      vsize: mempool.reduce((sum, record) => sum + record.vsize, 0),
      total_fee: Number(mempool.reduce((sum, record) => sum + record.fee, 0n)),
    });
    expect(summary.fee_histogram.reduce((sum: number, [, vsize]: [number, number]) => sum + vsize, 0)).toBe(
      summary.vsize,
    );
    expect(await getJson("/mempool/txids")).toEqual(mempool.map((record) => record.txid));
    const estimates = await getJson("/fee-estimates");
    expect(Object.keys(estimates)).toHaveLength(28);
    expect(estimates["1"]).toBe(2);
    expect(estimates["1008"]).toBe(2);
  });

  test("invalid addresses answer 400 with the reason; unused addresses answer zeros", async () => {
    for (const address of [
      "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
      "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8",
      "nope",
    ])
      for (const path of ["", "/utxo", "/txs"]) {
        const { status, text } = await failure(await get(`/address/${address}${path}`));
        expect(status).toBe(400);
        expect(text).toMatch(/^Invalid Bitcoin address: /);
      }
    const unused = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
    const zeros = {
      funded_txo_count: 0,
      funded_txo_sum: 0,
      spent_txo_count: 0,
      spent_txo_sum: 0,
      tx_count: 0,
    };
    expect(await getJson(`/address/${unused}`)).toEqual({
      address: unused,
      chain_stats: zeros,
      mempool_stats: zeros,
    });
    expect(await getJson(`/address/${unused}/utxo`)).toEqual([]);
    expect(bitcoinBalance(await getJson(`/address/${unused}`))).toBe(0n);
  });
});
