import { hex } from "@scure/base";
import { afterEach, describe, expect, test, vi } from "vitest";
import { opReturn, signTransaction, type TestInput } from "../../../../test/support/bitcoin.js";
import { InvalidBitcoinAddressError } from "../../../attestkit/src/chains/bitcoin/errors.js";
import { bitcoinMinerWallet, bitcoinTestWallets } from "./bitcoinTestWallets.js";
import { type BitcoinChain, createBitcoinChain } from "./createBitcoinChain.js";
import { BitcoinTransactionRejectedError, InvalidBitcoinParameterError } from "./errors.js";
import { blockHashOf, fromDisplayHex, merkleRoot, targetOf } from "./internal/blockCodec.js";
import { decodeRawTransaction } from "./internal/transactionCodec.js";

const [alice, bob, carol] = bitcoinTestWallets as [
  (typeof bitcoinTestWallets)[0],
  (typeof bitcoinTestWallets)[0],
  (typeof bitcoinTestWallets)[0],
];
const start = 1_700_000_000_000;
const chains: BitcoinChain[] = [];
afterEach(() => {
  for (const chain of chains.splice(0)) chain.stop();
});

/** A chain mined only on demand, with a clock that moves a minute per call. */
function manualChain(overrides: Parameters<typeof createBitcoinChain>[0] = {}) {
  let clock = start;
  const chain = createBitcoinChain({ blockTimeMs: 0, now: () => (clock += 60_000), ...overrides });
  chains.push(chain);
  return chain;
}

/** The wallet's genesis output of a type as a spendable input. */
function genesisInput(chain: BitcoinChain, wallet: typeof alice, type: "p2wpkh" | "p2tr"): TestInput {
  const address = type === "p2wpkh" ? wallet.p2wpkhAddress : wallet.p2trAddress;
  const [utxo] = chain.getUtxos(address);
  if (!utxo) throw new Error(`no utxo for ${address}`);
  return { txid: utxo.txid, vout: utxo.vout, value: utxo.value, type, wallet };
}

function rejection(run: () => unknown): BitcoinTransactionRejectedError {
  try {
    run();
  } catch (error) {
    if (error instanceof BitcoinTransactionRejectedError) return error;
    throw error;
  }
  throw new Error("expected a rejection");
}

test("default: genesis funds both addresses of every test wallet with 10 BTC", () => {
  const chain = manualChain();
  expect(chain.height()).toBe(0);
  expect(chain.network).toBe("mainnet");
  expect(chain.wallets).toBe(bitcoinTestWallets);
  const genesis = chain.tip();
  expect(genesis.previousBlockHash).toBeNull();
  expect(genesis.txids).toHaveLength(1);
  for (const wallet of bitcoinTestWallets)
    for (const address of [wallet.p2wpkhAddress, wallet.p2trAddress]) {
      const utxos = chain.getUtxos(address);
      expect(utxos).toHaveLength(1);
      expect(utxos[0]).toMatchObject({
        txid: genesis.txids[0],
        value: 1_000_000_000n,
        status: { confirmed: true },
      });
      expect(chain.getAddressStats(address).chain).toEqual({
        fundedTxoCount: 1,
        fundedTxoSum: 1_000_000_000n,
        spentTxoCount: 0,
        spentTxoSum: 0n,
        txCount: 1,
      });
    }
});

test("a transaction goes mempool -> block, with confirmations counted from the block height", () => {
  const chain = manualChain();
  const input = genesisInput(chain, alice, "p2wpkh");
  const signed = signTransaction({
    inputs: [input],
    outputs: [
      { address: bob.p2trAddress, amount: 300_000_000n },
      { address: alice.p2wpkhAddress, amount: 699_990_000n },
    ],
  });
  expect(chain.broadcast(signed.hex)).toEqual({ txid: signed.txid, alreadyKnown: false });
  expect(chain.confirmations(signed.txid)).toBe(0);
  expect(chain.mempool().map((record) => record.txid)).toEqual([signed.txid]);
  const record = chain.getTransaction(signed.txid);
  expect(record).toMatchObject({
    fee: 10_000n,
    coinbase: false,
    status: { confirmed: false },
    hex: signed.hex,
  });

  // Alice's stats: the genesis output confirmed, its spend and her change in the mempool.
  expect(chain.getAddressStats(alice.p2wpkhAddress)).toEqual({
    chain: { fundedTxoCount: 1, fundedTxoSum: 1_000_000_000n, spentTxoCount: 0, spentTxoSum: 0n, txCount: 1 },
    mempool: {
      fundedTxoCount: 1,
      fundedTxoSum: 699_990_000n,
      spentTxoCount: 1,
      spentTxoSum: 1_000_000_000n,
      txCount: 1,
    },
  });
  expect(chain.getUtxos(alice.p2wpkhAddress)).toEqual([
    expect.objectContaining({
      txid: signed.txid,
      vout: 1,
      value: 699_990_000n,
      status: { confirmed: false },
    }),
  ]);

  const [block] = chain.mine();
  expect(block?.height).toBe(1);
  expect(block?.txids).toEqual([expect.any(String), signed.txid]);
  expect(chain.mempool()).toEqual([]);
  expect(chain.confirmations(signed.txid)).toBe(1);
  expect(chain.getTransaction(signed.txid)?.status).toEqual({
    confirmed: true,
    blockHeight: 1,
    blockHash: block?.hash,
    blockTime: block?.timestamp,
    blockIndex: 1,
  });
  chain.mine(2);
  expect(chain.height()).toBe(3);
  expect(chain.confirmations(signed.txid)).toBe(3);
  expect(chain.confirmations("ff".repeat(32))).toBeUndefined();
  expect(chain.getAddressStats(alice.p2wpkhAddress)).toEqual({
    chain: {
      fundedTxoCount: 2,
      fundedTxoSum: 1_699_990_000n,
      spentTxoCount: 1,
      spentTxoSum: 1_000_000_000n,
      txCount: 2,
    },
    mempool: { fundedTxoCount: 0, fundedTxoSum: 0n, spentTxoCount: 0, spentTxoSum: 0n, txCount: 0 },
  });
});

test("blocks are real: header hash, merkle root, proof of work, BIP34 height, witness commitment, reward", () => {
  const chain = manualChain();
  const signed = signTransaction({
    inputs: [genesisInput(chain, alice, "p2tr")],
    outputs: [{ address: bob.p2wpkhAddress, amount: 999_990_000n }],
  });
  chain.broadcast(signed.hex);
  const [block] = chain.mine() as [ReturnType<BitcoinChain["tip"]>];
  expect(blockHashOf(hex.decode(block.header))).toBe(block.hash);
  expect(BigInt(`0x${block.hash}`) <= targetOf(block.bits)).toBe(true);
  expect(block.previousBlockHash).toBe(chain.getBlock(0)?.hash);
  expect(hex.encode(merkleRoot(block.txids.map(fromDisplayHex)).reverse())).toBe(block.merkleRoot);
  expect(block.bits).toBe(0x207fffff);
  expect(block.version).toBe(0x20000000);
  const coinbase = chain.getTransaction(block.txids[0] as string);
  expect(coinbase?.coinbase).toBe(true);
  const { transaction } = decodeRawTransaction(hex.decode(coinbase?.hex as string));
  // BIP34: the scriptSig starts by pushing the height (1 is OP_1).
  expect(transaction.inputs[0]?.finalScriptSig[0]).toBe(0x51);
  // The reward: 50 BTC plus the fee, to the miner; then the witness commitment.
  expect(chain.minerAddress).toBe(bitcoinMinerWallet.p2wpkhAddress);
  expect(chain.getUtxos(bitcoinMinerWallet.p2wpkhAddress)).toEqual([
    expect.objectContaining({ txid: coinbase?.txid, vout: 0, value: 5_000_010_000n }),
  ]);
  expect(hex.encode(transaction.outputs[1]?.script.subarray(0, 6) as Uint8Array)).toBe("6a24aa21a9ed");
  expect(block.size).toBe(80 + 1 + (coinbase?.size as number) + decodeRawTransaction(signed.raw).size);
  expect(block.weight).toBe(81 * 4 + (coinbase?.weight as number) + decodeRawTransaction(signed.raw).weight);
  expect(chain.getBlock(block.hash)).toBe(block);
  expect(chain.getBlock(block.hash.toUpperCase())).toBe(block);
  expect(chain.getBlock(2)).toBeUndefined();
});

test("block times: at least the median time past + 1, or the timestamp given", () => {
  const chain = createBitcoinChain({ blockTimeMs: 0, now: () => start });
  chains.push(chain);
  const genesis = chain.tip();
  expect(genesis.timestamp).toBe(start / 1000);
  // The clock stands still: each block is one second after the median time past of its parent.
  const blocks = chain.mine(3);
  const s = start / 1000;
  expect(blocks.map((block) => block.timestamp)).toEqual([s + 1, s + 2, s + 2]);
  expect(blocks.map((block) => block.mediantime)).toEqual([s + 1, s + 1, s + 2]);
  const [later] = chain.mine(1, { timestamp: start / 1000 + 3600 });
  expect(later?.timestamp).toBe(start / 1000 + 3600);
  expect(() => chain.mine(1, { timestamp: chain.tip().mediantime })).toThrow(InvalidBitcoinParameterError);
});

describe("mempool rules", () => {
  test("a double spend of a mempool output is a conflict; once mined it is spent", () => {
    const chain = manualChain();
    const input = genesisInput(chain, alice, "p2wpkh");
    const first = signTransaction({
      inputs: [input],
      outputs: [{ address: bob.p2wpkhAddress, amount: 999_990_000n }],
    });
    const second = signTransaction({
      inputs: [input],
      outputs: [{ address: carol.p2wpkhAddress, amount: 999_980_000n }],
    });
    chain.broadcast(first.hex);
    expect(rejection(() => chain.broadcast(second.hex))).toMatchObject({
      reason: "txn-mempool-conflict",
      code: -26,
      inputIndex: 0,
    });
    chain.mine();
    expect(rejection(() => chain.broadcast(second.hex))).toMatchObject({
      reason: "bad-txns-inputs-missingorspent",
      code: -25,
    });
    expect(chain.getTransaction(second.txid)).toBeUndefined();
  });

  test("the same transaction again: accepted while in the mempool, refused once in a block", () => {
    const chain = manualChain();
    const signed = signTransaction({
      inputs: [genesisInput(chain, alice, "p2wpkh")],
      outputs: [{ address: bob.p2wpkhAddress, amount: 999_990_000n }],
    });
    chain.broadcast(signed.raw);
    expect(chain.broadcast(signed.hex.toUpperCase())).toEqual({ txid: signed.txid, alreadyKnown: true });
    expect(chain.mempool()).toHaveLength(1);
    chain.mine();
    expect(rejection(() => chain.broadcast(signed.hex))).toMatchObject({
      reason: "Transaction outputs already in utxo set",
      code: -27,
    });
  });

  test("same txid with another witness is refused while the first is in the mempool", () => {
    const chain = manualChain();
    const input = genesisInput(chain, alice, "p2tr");
    const outputs = [{ address: bob.p2wpkhAddress, amount: 999_990_000n }];
    const first = signTransaction({ inputs: [input], outputs });
    // Schnorr signatures use fresh auxiliary randomness: a second signing gives another witness.
    const second = signTransaction({ inputs: [input], outputs });
    expect(second.txid).toBe(first.txid);
    expect(second.hex).not.toBe(first.hex);
    chain.broadcast(first.hex);
    expect(rejection(() => chain.broadcast(second.hex)).reason).toBe("txn-same-nonwitness-data-in-mempool");
  });

  test("children of mempool transactions are accepted and mined after their parents", () => {
    const chain = manualChain();
    const parent = signTransaction({
      inputs: [genesisInput(chain, alice, "p2wpkh")],
      outputs: [{ address: bob.p2trAddress, amount: 999_990_000n }],
    });
    chain.broadcast(parent.hex);
    const child = signTransaction({
      inputs: [{ txid: parent.txid, vout: 0, value: 999_990_000n, type: "p2tr", wallet: bob }],
      outputs: [{ address: carol.p2wpkhAddress, amount: 999_980_000n }],
    });
    chain.broadcast(child.hex);
    expect(chain.getTransaction(child.txid)?.prevouts[0]).toMatchObject({
      height: undefined,
      value: 999_990_000n,
    });
    expect(chain.getOutspend(parent.txid, 0)).toEqual({
      spent: true,
      txid: child.txid,
      vin: 0,
      status: { confirmed: false },
    });
    const [block] = chain.mine();
    expect(block?.txids.slice(1)).toEqual([parent.txid, child.txid]);
    expect(chain.getOutspend(parent.txid, 0)).toMatchObject({
      spent: true,
      status: { confirmed: true, blockIndex: 2 },
    });
    expect(chain.getOutspend(child.txid, 0)).toEqual({ spent: false });
    expect(chain.getOutspend(child.txid, 1)).toBeUndefined();
    expect(chain.getOutspend("00".repeat(32), 0)).toBeUndefined();
  });

  test("coinbase rewards mature after 100 blocks; the genesis funding is spendable at once", () => {
    const chain = manualChain();
    const [first] = chain.mine();
    const reward = {
      txid: first?.txids[0] as string,
      vout: 0,
      value: 5_000_000_000n,
      type: "p2wpkh" as const,
      wallet: bitcoinMinerWallet,
    };
    const spend = signTransaction({
      inputs: [reward],
      outputs: [{ address: bob.p2wpkhAddress, amount: 4_999_990_000n }],
    });
    chain.mine(98);
    // Height 99 now: the next block (100) is 99 blocks after the reward's.
    expect(rejection(() => chain.broadcast(spend.hex)).rpcMessage).toBe(
      "bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth 99",
    );
    chain.mine();
    expect(chain.broadcast(spend.hex).txid).toBe(spend.txid);
  });

  test("garbage and empty bodies are decode failures", () => {
    const chain = manualChain();
    for (const body of ["", "zz", "abc", "00", "  "])
      expect(rejection(() => chain.broadcast(body))).toMatchObject({ reason: "TX decode failed", code: -22 });
  });

  test("testAccept checks without changing anything", () => {
    const chain = manualChain();
    const signed = signTransaction({
      inputs: [genesisInput(chain, alice, "p2wpkh")],
      outputs: [{ address: bob.p2wpkhAddress, amount: 999_990_000n }],
    });
    expect(chain.testAccept(signed.hex)).toMatchObject({ txid: signed.txid, fee: 10_000n });
    expect(chain.mempool()).toEqual([]);
    expect(chain.getTransaction(signed.txid)).toBeUndefined();
  });

  test("a block takes the mempool up to the block weight, oldest first", () => {
    // 10,000 WU leaves 5,660 after the room kept for the header and coinbase: twelve 438-WU spends fit.
    const chain = manualChain({ maxBlockWeight: 10_000 });
    const spends = bitcoinTestWallets.flatMap((wallet) =>
      (["p2wpkh", "p2tr"] as const).map((type) =>
        signTransaction({
          inputs: [genesisInput(chain, wallet, type)],
          outputs: [{ address: wallet.p2wpkhAddress, amount: 999_990_000n }],
        }),
      ),
    );
    for (const spend of spends) chain.broadcast(spend.hex);
    const [full] = chain.mine();
    const included = (full?.txids.length as number) - 1;
    expect(included).toBeGreaterThan(1);
    expect(included).toBeLessThan(spends.length);
    expect(full?.weight).toBeLessThanOrEqual(10_000);
    expect(full?.txids.slice(1)).toEqual(spends.slice(0, included).map((spend) => spend.txid));
    const [next] = chain.mine();
    expect(next?.txids.slice(1)).toEqual(spends.slice(included).map((spend) => spend.txid));
    expect(chain.mempool()).toEqual([]);
  });
});

describe("addresses", () => {
  test("transactions of an address: mempool newest first, then blocks newest first", () => {
    const chain = manualChain();
    const first = signTransaction({
      inputs: [genesisInput(chain, alice, "p2wpkh")],
      outputs: [
        { address: bob.p2wpkhAddress, amount: 100_000_000n },
        { address: alice.p2wpkhAddress, amount: 899_990_000n },
      ],
    });
    chain.broadcast(first.hex);
    chain.mine();
    const second = signTransaction({
      inputs: [{ txid: first.txid, vout: 1, value: 899_990_000n, type: "p2wpkh", wallet: alice }],
      outputs: [{ address: bob.p2wpkhAddress, amount: 899_980_000n }],
    });
    chain.broadcast(second.hex);
    const genesisCoinbase = chain.getBlock(0)?.txids[0];
    expect(chain.getAddressTransactions(alice.p2wpkhAddress).map((record) => record.txid)).toEqual([
      second.txid,
      first.txid,
      genesisCoinbase,
    ]);
    expect(chain.getAddressTransactions(carol.p2trAddress).map((record) => record.txid)).toEqual([
      genesisCoinbase,
    ]);
    const unused = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
    expect(chain.getAddressTransactions(unused)).toEqual([]);
    expect(chain.getUtxos(unused)).toEqual([]);
    expect(chain.getAddressStats(unused).chain.txCount).toBe(0);
  });

  test("invalid addresses are refused with the client's address error", () => {
    const chain = manualChain();
    for (const address of [
      "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
      "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8",
      "not an address",
    ]) {
      expect(() => chain.getUtxos(address)).toThrow(InvalidBitcoinAddressError);
      expect(() => chain.getAddressStats(address)).toThrow(InvalidBitcoinAddressError);
      expect(() => chain.getAddressTransactions(address)).toThrow(InvalidBitcoinAddressError);
    }
  });

  test("an OP_RETURN output is in no address and never spendable", () => {
    const chain = manualChain();
    const signed = signTransaction({
      inputs: [genesisInput(chain, alice, "p2wpkh")],
      outputs: [
        { address: bob.p2wpkhAddress, amount: 999_990_000n },
        { script: opReturn(new Uint8Array(32).fill(7)), amount: 0n },
      ],
    });
    chain.broadcast(signed.hex);
    chain.mine();
    expect(chain.getOutspend(signed.txid, 1)).toEqual({ spent: false });
    const burn = signTransaction({
      inputs: [{ txid: signed.txid, vout: 1, value: 0n, type: "p2wpkh", wallet: bob }],
      outputs: [{ script: opReturn(new Uint8Array(8)), amount: 0n }],
    });
    expect(rejection(() => chain.broadcast(burn.hex)).reason).toBe("bad-txns-inputs-missingorspent");
  });
});

describe("listeners and the block timer", () => {
  test("listeners see accepted transactions and mined blocks; a throwing listener is logged, not fatal", () => {
    const logs: string[] = [];
    const chain = manualChain({ log: (message) => logs.push(message) });
    const seen: string[] = [];
    const unsubscribe = chain.onTransaction((record) => seen.push(`tx ${record.txid}`));
    chain.onBlock((block) => seen.push(`block ${block.height}`));
    chain.onTransaction(() => {
      throw new Error("listener broke");
    });
    const signed = signTransaction({
      inputs: [genesisInput(chain, alice, "p2wpkh")],
      outputs: [{ address: bob.p2wpkhAddress, amount: 999_990_000n }],
    });
    chain.broadcast(signed.hex);
    chain.broadcast(signed.hex); // already known: no second event
    chain.mine(2);
    unsubscribe();
    expect(seen).toEqual([`tx ${signed.txid}`, "block 1", "block 2"]);
    expect(logs).toEqual(["bitcoin transaction listener: listener broke"]);
  });

  test("blocks are mined on the interval until stop()", () => {
    // The block timer on a fake clock: one block per 10 ms of it, exactly, however busy the machine.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const chain = createBitcoinChain({ blockTimeMs: 10 });
      chains.push(chain);
      vi.advanceTimersByTime(9);
      expect(chain.height()).toBe(0);
      vi.advanceTimersByTime(21);
      expect(chain.height()).toBe(3);
      chain.stop();
      vi.advanceTimersByTime(1000);
      expect(chain.height()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("parameters", () => {
  test("extra genesis funding, custom wallets and balance", () => {
    const chain = manualChain({
      wallets: [alice],
      walletBalance: 5000n,
      funding: [{ address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", amount: 294n }],
    });
    expect(chain.getUtxos(alice.p2trAddress).map((utxo) => utxo.value)).toEqual([5000n]);
    expect(chain.getUtxos(bob.p2wpkhAddress)).toEqual([]);
    expect(chain.getUtxos("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4").map((utxo) => utxo.value)).toEqual([
      294n,
    ]);
  });

  test("invalid parameters are refused with the field named", () => {
    const field = (parameters: Parameters<typeof createBitcoinChain>[0]) => {
      try {
        manualChain(parameters);
      } catch (error) {
        if (error instanceof InvalidBitcoinParameterError) return `${error.field}: ${error.reason}`;
        if (error instanceof InvalidBitcoinAddressError) return "address";
        throw error;
      }
      return "accepted";
    };
    expect(field({ blockTimeMs: -1 })).toBe("blockTimeMs: not-a-non-negative-integer");
    expect(field({ blockTimeMs: 1.5 })).toBe("blockTimeMs: not-a-non-negative-integer");
    expect(field({ coinbaseMaturity: -1 })).toBe("coinbaseMaturity: not-a-non-negative-integer");
    expect(field({ minRelayFeeRate: -1n })).toBe("minRelayFeeRate: not-a-non-negative-integer");
    expect(field({ maxBlockWeight: 9_999 })).toBe("maxBlockWeight: not-a-positive-integer");
    expect(field({ maxBlockWeight: 4_000_001 })).toBe("maxBlockWeight: not-a-positive-integer");
    expect(field({ walletBalance: 0n })).toBe("walletBalance: not-a-positive-integer");
    expect(field({ walletBalance: 293n })).toBe("walletBalance: below-dust");
    expect(field({ funding: [{ address: alice.p2trAddress, amount: 329n }] })).toBe(
      "funding[0].amount: below-dust",
    );
    expect(field({ funding: [{ address: alice.p2trAddress, amount: -1n }] })).toBe(
      "funding[0].amount: not-a-positive-integer",
    );
    expect(field({ funding: [{ address: alice.p2trAddress, amount: 2_100_000_000_000_001n }] })).toBe(
      "funding: too-large",
    );
    expect(
      field({ funding: [{ address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", amount: 1000n }] }),
    ).toBe("address");
    expect(field({ minerAddress: "nope" })).toBe("address");
  });

  test("mine() counts are bounded", () => {
    const chain = manualChain();
    for (const count of [0, -1, 1.5, 10_001])
      expect(() => chain.mine(count)).toThrow(InvalidBitcoinParameterError);
    expect(chain.height()).toBe(0);
  });
});
