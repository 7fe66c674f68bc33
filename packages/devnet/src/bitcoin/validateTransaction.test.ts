import { secp256k1 } from "@noble/curves/secp256k1.js";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { hex } from "@scure/base";
import { OutScript, Transaction } from "@scure/btc-signer";
import { describe, expect, test } from "vitest";
import {
  opReturn,
  SigHash,
  signTransaction,
  type TestAddressType,
  type TestInput,
  walletRedeemScript,
  walletScript,
} from "../../../../test/support/bitcoin.js";
import { bitcoinTestWallets } from "./bitcoinTestWallets.js";
import { BitcoinTransactionRejectedError } from "./errors.js";
import {
  decodeRawTransaction,
  encodeRawTransaction,
  type RawTransaction,
} from "./internal/transactionCodec.js";
import { type BitcoinPrevout, formatBtc, validateTransaction } from "./validateTransaction.js";

const [alice, bob, carol] = bitcoinTestWallets as [
  (typeof bitcoinTestWallets)[0],
  (typeof bitcoinTestWallets)[0],
  (typeof bitcoinTestWallets)[0],
];
const nextHeight = 200;
const tipTime = 1_700_000_000;

/** A fake chain: outputs by outpoint, mempool spends, and median times of 1 block per 600 s. */
function fakeChain() {
  const prevouts = new Map<string, BitcoinPrevout>();
  const mempoolSpends = new Map<string, string>();
  let counter = 0;
  const fund = (
    wallet: typeof alice,
    type: TestAddressType,
    value: bigint,
    options: { height?: number | undefined; coinbase?: boolean } = {},
  ): TestInput => {
    const height = "height" in options ? options.height : 100;
    const coinbase = options.coinbase ?? false;
    counter += 1;
    const txid = hex.encode(sha256(Uint8Array.of(counter)));
    prevouts.set(`${txid}:0`, { value, script: walletScript(wallet, type), height, coinbase });
    return { txid, vout: 0, value, type, wallet };
  };
  const validate = (raw: Uint8Array | string, minRelayFeeRate?: bigint) =>
    validateTransaction({
      raw: typeof raw === "string" ? hex.decode(raw) : raw,
      getPrevout: (txid, vout) => prevouts.get(`${txid}:${vout}`),
      getMempoolSpender: (txid, vout) => mempoolSpends.get(`${txid}:${vout}`),
      nextHeight,
      medianTimePast: (height) => tipTime - (nextHeight - 1 - height) * 600,
      minRelayFeeRate,
    });
  return { prevouts, mempoolSpends, fund, validate };
}

/** The reject error a validation throws (fails the test when none is thrown). */
function rejection(run: () => unknown): BitcoinTransactionRejectedError {
  try {
    run();
  } catch (error) {
    if (error instanceof BitcoinTransactionRejectedError) return error;
    throw error;
  }
  throw new Error("expected a rejection");
}

/** The witness stack of an input of a serialized transaction. */
function witnessOf(raw: Uint8Array, index = 0): Uint8Array[] {
  const witness = decodeRawTransaction(raw).transaction.witnesses?.[index];
  if (!witness) throw new Error(`input ${index} has no witness`);
  return witness;
}

/** Re-encodes a transaction after changing it. */
function mutate(raw: Uint8Array, change: (tx: RawTransaction) => void): Uint8Array {
  const { transaction } = decodeRawTransaction(raw);
  change(transaction);
  return encodeRawTransaction(transaction);
}

const pay = (address: string, amount: bigint) => ({ address, amount });

test("default: a signed P2WPKH spend is accepted with its fee and prevouts", () => {
  const chain = fakeChain();
  const input = chain.fund(alice, "p2wpkh", 100_000n);
  const signed = signTransaction({ inputs: [input], outputs: [pay(bob.p2wpkhAddress, 90_000n)] });
  const accepted = chain.validate(signed.raw);
  expect(accepted.txid).toBe(signed.txid);
  expect(accepted.fee).toBe(10_000n);
  expect(accepted.vsize).toBe(signed.vsize);
  expect(accepted.prevouts).toEqual([chain.prevouts.get(`${input.txid}:0`)]);
  expect(accepted.wtxid).not.toBe(accepted.txid);
});

test("P2TR key path, mixed inputs, every defined sighash type", () => {
  const chain = fakeChain();
  const inputs = [chain.fund(alice, "p2tr", 60_000n), chain.fund(bob, "p2wpkh", 50_000n)];
  const mixed = signTransaction({ inputs, outputs: [pay(carol.p2trAddress, 100_000n)] });
  expect(chain.validate(mixed.raw).fee).toBe(10_000n);
  for (const sighash of [
    SigHash.ALL,
    SigHash.NONE,
    SigHash.SINGLE,
    SigHash.ALL_ANYONECANPAY,
    SigHash.NONE_ANYONECANPAY,
    SigHash.SINGLE_ANYONECANPAY,
  ]) {
    const each = [chain.fund(alice, "p2tr", 60_000n), chain.fund(bob, "p2wpkh", 50_000n)];
    const outputs = [pay(carol.p2trAddress, 50_000n), pay(carol.p2wpkhAddress, 50_000n)];
    expect(chain.validate(signTransaction({ inputs: each, outputs, sighash }).raw).fee).toBe(10_000n);
  }
});

describe("decoding", () => {
  test("garbage, truncation and trailing bytes", () => {
    const chain = fakeChain();
    const signed = signTransaction({
      inputs: [chain.fund(alice, "p2wpkh", 100_000n)],
      outputs: [pay(bob.p2wpkhAddress, 90_000n)],
    });
    for (const raw of [
      new Uint8Array(0),
      hex.decode("00"),
      signed.raw.subarray(0, -1),
      Uint8Array.of(...signed.raw, 0),
    ])
      expect(rejection(() => chain.validate(raw)).reason).toBe("TX decode failed");
  });

  test("a segwit marker with only empty witnesses is not canonical", () => {
    const chain = fakeChain();
    const signed = signTransaction({
      inputs: [chain.fund(alice, "p2wpkh", 100_000n)],
      outputs: [pay(bob.p2wpkhAddress, 90_000n)],
    });
    const { transaction } = decodeRawTransaction(signed.raw);
    const base = encodeRawTransaction({ ...transaction, segwitFlag: false, witnesses: undefined });
    // marker 00, flag 01, then an empty witness stack for the input.
    const withEmptyWitness = Uint8Array.of(
      ...base.subarray(0, 4),
      0x00,
      0x01,
      ...base.subarray(4, -4),
      0x00,
      ...base.subarray(-4),
    );
    expect(rejection(() => chain.validate(withEmptyWitness)).reason).toBe("TX decode failed");
  });
});

describe("context-free checks and relay policy", () => {
  const chain = fakeChain();
  const spend = (outputs: Parameters<typeof signTransaction>[0]["outputs"], value = 100_000n, version = 2) =>
    signTransaction({ inputs: [chain.fund(alice, "p2wpkh", value)], outputs, version }).raw;

  test("no input, no output", () => {
    const raw = spend([pay(bob.p2wpkhAddress, 90_000n)]);
    expect(
      rejection(() =>
        chain.validate(
          mutate(raw, (tx) => {
            tx.outputs = [];
          }),
        ),
      ).reason,
    ).toBe("bad-txns-vout-empty");
    const noInput = mutate(raw, (tx) => {
      tx.inputs = [];
      tx.witnesses = undefined;
      tx.segwitFlag = false;
    });
    // With no input and the segwit flag cleared, the bytes read as a segwit marker: not decodable.
    expect(rejection(() => chain.validate(noInput)).reason).toBe("TX decode failed");
  });

  test("amounts above 21 million BTC, alone and summed", () => {
    const raw = spend([pay(bob.p2wpkhAddress, 90_000n)]);
    const tooLarge = mutate(raw, (tx) => {
      (tx.outputs[0] as { amount: bigint }).amount = 2_100_000_000_000_001n;
    });
    expect(rejection(() => chain.validate(tooLarge))).toMatchObject({
      reason: "bad-txns-vout-toolarge",
      outputIndex: 0,
    });
    const summed = mutate(raw, (tx) => {
      (tx.outputs[0] as { amount: bigint }).amount = 1_100_000_000_000_000n;
      tx.outputs.push({ script: walletScript(bob, "p2tr"), amount: 1_000_000_000_000_001n });
    });
    expect(rejection(() => chain.validate(summed))).toMatchObject({
      reason: "bad-txns-txouttotal-toolarge",
      outputIndex: 1,
    });
  });

  test("the same outpoint twice", () => {
    const input = chain.fund(alice, "p2wpkh", 100_000n);
    const raw = signTransaction({ inputs: [input], outputs: [pay(bob.p2wpkhAddress, 90_000n)] }).raw;
    const doubled = mutate(raw, (tx) => {
      tx.inputs.push({ ...(tx.inputs[0] as RawTransaction["inputs"][number]) });
      tx.witnesses?.push(tx.witnesses[0] as Uint8Array[]);
    });
    expect(rejection(() => chain.validate(doubled))).toMatchObject({
      reason: "bad-txns-inputs-duplicate",
      inputIndex: 1,
    });
  });

  test("a coinbase, and a null prevout among other inputs", () => {
    const raw = spend([pay(bob.p2wpkhAddress, 90_000n)]);
    const nullInput = {
      txid: new Uint8Array(32),
      index: 0xffffffff,
      finalScriptSig: Uint8Array.of(1, 1),
      sequence: 0,
    };
    const coinbase = mutate(raw, (tx) => {
      tx.inputs = [nullInput];
    });
    expect(rejection(() => chain.validate(coinbase)).reason).toBe("coinbase");
    const withNull = mutate(raw, (tx) => {
      tx.inputs.push(nullInput);
      tx.witnesses?.push([Uint8Array.of(1)]);
    });
    expect(rejection(() => chain.validate(withNull))).toMatchObject({
      reason: "bad-txns-prevout-null",
      inputIndex: 1,
    });
  });

  test("versions 1 to 3 are standard, 0 and 4 are not", () => {
    for (const version of [1, 2, 3])
      expect(chain.validate(spend([pay(bob.p2wpkhAddress, 90_000n)], 100_000n, version)).fee).toBe(10_000n);
    for (const version of [0, 4])
      expect(
        rejection(() => chain.validate(spend([pay(bob.p2wpkhAddress, 90_000n)], 100_000n, version))).reason,
      ).toBe("version");
  });

  test("dust: exactly the threshold passes, one satoshi less does not", () => {
    expect(chain.validate(spend([pay(bob.p2wpkhAddress, 294n)])).fee).toBe(100_000n - 294n);
    expect(chain.validate(spend([pay(bob.p2trAddress, 330n)])).fee).toBe(100_000n - 330n);
    expect(rejection(() => chain.validate(spend([pay(bob.p2wpkhAddress, 293n)])))).toMatchObject({
      reason: "dust",
      outputIndex: 0,
      debug: "output 0 pays 293 < 294 satoshis",
    });
    expect(
      rejection(() => chain.validate(spend([pay(bob.p2wpkhAddress, 1000n), pay(bob.p2trAddress, 329n)]))),
    ).toMatchObject({ reason: "dust", outputIndex: 1 });
  });

  test("OP_RETURN: one of up to 83 bytes with no value, not two, not larger", () => {
    const data = (length: number) => ({
      script: Uint8Array.of(0x6a, 0x4c, length, ...new Uint8Array(length)),
      amount: 0n,
    });
    expect(chain.validate(spend([pay(bob.p2wpkhAddress, 90_000n), data(80)])).fee).toBe(10_000n);
    expect(rejection(() => chain.validate(spend([pay(bob.p2wpkhAddress, 90_000n), data(81)]))).reason).toBe(
      "scriptpubkey",
    );
    const two = spend([
      pay(bob.p2wpkhAddress, 90_000n),
      { script: opReturn(new Uint8Array(32)), amount: 0n },
      { script: opReturn(new Uint8Array(4)), amount: 0n },
    ]);
    expect(rejection(() => chain.validate(two)).reason).toBe("multi-op-return");
  });

  test("non-standard output scripts", () => {
    const raw = spend([pay(bob.p2wpkhAddress, 90_000n)]);
    for (const script of [Uint8Array.of(0x51), Uint8Array.of(0x52, 0x20, ...new Uint8Array(32))]) {
      const bad = mutate(raw, (tx) => tx.outputs.push({ script, amount: 1000n }));
      expect(rejection(() => chain.validate(bad))).toMatchObject({ reason: "scriptpubkey", outputIndex: 1 });
    }
  });

  test("smaller than 65 bytes without witness", () => {
    // 61 bytes of framing, input and empty-valued output, plus the OP_RETURN script.
    const tiny = spend([{ script: opReturn(new Uint8Array(2)), amount: 0n }]);
    expect(decodeRawTransaction(tiny).baseSize).toBe(64);
    expect(rejection(() => chain.validate(tiny))).toMatchObject({
      reason: "tx-size-small",
      debug: "64 bytes",
    });
    const justEnough = spend([{ script: opReturn(new Uint8Array(3)), amount: 0n }]);
    expect(decodeRawTransaction(justEnough).baseSize).toBe(65);
    expect(chain.validate(justEnough).fee).toBe(100_000n);
  });

  test("heavier than 400,000 weight units", () => {
    // Each P2WPKH output weighs 124: 3,225 of them weigh 399,900, 3,226 weigh 400,024 (plus the rest).
    const raw = spend([pay(bob.p2wpkhAddress, 1000n)], 4_000_000n);
    const withOutputs = (count: number) =>
      mutate(raw, (tx) => {
        tx.outputs = Array.from({ length: count }, () => ({
          ...(tx.outputs[0] as RawTransaction["outputs"][number]),
        }));
      });
    const heavy = withOutputs(3226);
    expect(decodeRawTransaction(heavy).weight).toBeGreaterThan(400_000);
    expect(rejection(() => chain.validate(heavy))).toMatchObject({ reason: "tx-size" });
    // Just under the limit the weight check passes (the signature, made for one output, then fails).
    const light = withOutputs(3220);
    expect(decodeRawTransaction(light).weight).toBeLessThanOrEqual(400_000);
    expect(rejection(() => chain.validate(light)).reason).toBe("mandatory-script-verify-flag-failed");
  });
});

describe("lock times", () => {
  const chain = fakeChain();
  const at = (lockTime: number, sequence: number) =>
    signTransaction({
      inputs: [{ ...chain.fund(alice, "p2wpkh", 100_000n), sequence }],
      outputs: [pay(bob.p2wpkhAddress, 90_000n)],
      lockTime,
    }).raw;

  test("height lock: below the next block's height is final", () => {
    expect(chain.validate(at(nextHeight - 1, 0xfffffffe)).fee).toBe(10_000n);
    expect(rejection(() => chain.validate(at(nextHeight, 0xfffffffe)))).toMatchObject({
      reason: "non-final",
      debug: `lock time ${nextHeight}`,
    });
    // Final sequences disable the lock time.
    expect(chain.validate(at(nextHeight + 100, 0xffffffff)).fee).toBe(10_000n);
  });

  test("time lock: below the tip's median time past is final (BIP113)", () => {
    expect(chain.validate(at(tipTime - 1, 0xfffffffe)).fee).toBe(10_000n);
    expect(rejection(() => chain.validate(at(tipTime, 0xfffffffe))).reason).toBe("non-final");
  });

  test("BIP68 relative height: the output's height plus the delay must be below the next height", () => {
    // Funded at height 100 (the fake chain's default): a delay of 100 reaches exactly height 199.
    expect(chain.validate(at(0, 100)).fee).toBe(10_000n);
    expect(rejection(() => chain.validate(at(0, 101)))).toMatchObject({
      reason: "non-BIP68-final",
      inputIndex: 0,
    });
    // A mempool output counts as the next block's: any delay is too early.
    const unconfirmed = { ...chain.fund(alice, "p2wpkh", 100_000n, { height: undefined }), sequence: 1 };
    const raw = signTransaction({ inputs: [unconfirmed], outputs: [pay(bob.p2wpkhAddress, 90_000n)] }).raw;
    expect(rejection(() => chain.validate(raw)).reason).toBe("non-BIP68-final");
  });

  test("BIP68 relative time in 512-second units, and the disable flag", () => {
    // The output is at height 100; the median time past of block 99 is 100 blocks × 600 s before the tip's.
    const units = (count: number) => 0x00400000 | count;
    expect(117 * 512).toBeLessThan(60_000);
    expect(chain.validate(at(0, units(117))).fee).toBe(10_000n);
    expect(rejection(() => chain.validate(at(0, units(118)))).reason).toBe("non-BIP68-final");
    expect(chain.validate(at(0, 0x8000ffff)).fee).toBe(10_000n);
  });

  test("version 1 ignores relative lock times", () => {
    const raw = signTransaction({
      inputs: [{ ...chain.fund(alice, "p2wpkh", 100_000n), sequence: 0xffff }],
      outputs: [pay(bob.p2wpkhAddress, 90_000n)],
      version: 1,
    }).raw;
    expect(chain.validate(raw).fee).toBe(10_000n);
  });
});

describe("inputs and amounts", () => {
  test("a mempool conflict is reported before a missing input", () => {
    const chain = fakeChain();
    const input = chain.fund(alice, "p2wpkh", 100_000n);
    chain.mempoolSpends.set(`${input.txid}:0`, "ee".repeat(32));
    const raw = signTransaction({ inputs: [input], outputs: [pay(bob.p2wpkhAddress, 90_000n)] }).raw;
    expect(rejection(() => chain.validate(raw))).toMatchObject({
      reason: "txn-mempool-conflict",
      inputIndex: 0,
      debug: `${input.txid}:0 is spent by mempool transaction ${"ee".repeat(32)}`,
    });
  });

  test("an unknown or spent output", () => {
    const chain = fakeChain();
    const input = chain.fund(alice, "p2wpkh", 100_000n);
    chain.prevouts.delete(`${input.txid}:0`);
    const raw = signTransaction({ inputs: [input], outputs: [pay(bob.p2wpkhAddress, 90_000n)] }).raw;
    const error = rejection(() => chain.validate(raw));
    expect(error).toMatchObject({ reason: "bad-txns-inputs-missingorspent", code: -25, inputIndex: 0 });
    expect(error.rpcMessage).toBe(`bad-txns-inputs-missingorspent, ${input.txid}:0`);
  });

  test("coinbase outputs mature after 100 blocks", () => {
    const chain = fakeChain();
    const mature = chain.fund(alice, "p2wpkh", 100_000n, { height: nextHeight - 100, coinbase: true });
    const raw = signTransaction({ inputs: [mature], outputs: [pay(bob.p2wpkhAddress, 90_000n)] }).raw;
    expect(chain.validate(raw).fee).toBe(10_000n);
    const young = chain.fund(alice, "p2wpkh", 100_000n, { height: nextHeight - 99, coinbase: true });
    const early = signTransaction({ inputs: [young], outputs: [pay(bob.p2wpkhAddress, 90_000n)] }).raw;
    expect(rejection(() => chain.validate(early)).rpcMessage).toBe(
      "bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth 99",
    );
  });

  test("fee: negative refused, zero only without a minimum, the minimum rate exact", () => {
    const chain = fakeChain();
    // The signer refuses to sign outputs above inputs: raise the output after signing.
    const signed = signTransaction({
      inputs: [chain.fund(alice, "p2wpkh", 100_000n)],
      outputs: [pay(bob.p2wpkhAddress, 100_000n)],
    }).raw;
    const over = mutate(signed, (tx) => {
      (tx.outputs[0] as { amount: bigint }).amount = 100_001n;
    });
    expect(rejection(() => chain.validate(over)).rpcMessage).toBe(
      "bad-txns-in-belowout, value in (0.001) < value out (0.00100001)",
    );
    const zero = signTransaction({
      inputs: [chain.fund(alice, "p2wpkh", 100_000n)],
      outputs: [pay(bob.p2wpkhAddress, 100_000n)],
    });
    expect(chain.validate(zero.raw, 0n).fee).toBe(0n);
    expect(rejection(() => chain.validate(zero.raw)).rpcMessage).toBe(
      `min relay fee not met, 0 < ${zero.vsize}`,
    );
    const exact = (fee: bigint) =>
      signTransaction({
        inputs: [chain.fund(alice, "p2wpkh", 100_000n)],
        outputs: [pay(bob.p2wpkhAddress, 100_000n - fee)],
      }).raw;
    // A P2WPKH 1-in 1-out transaction is 110 vB (signatures of 71 or 72 bytes round to the same).
    expect(chain.validate(exact(110n)).fee).toBe(110n);
    expect(rejection(() => chain.validate(exact(109n))).reason).toBe("min relay fee not met");
    expect(chain.validate(exact(220n), 2n).fee).toBe(220n);
    expect(rejection(() => chain.validate(exact(219n), 2n)).reason).toBe("min relay fee not met");
  });

  test("inputs the devnet does not verify", () => {
    const chain = fakeChain();
    const input = chain.fund(alice, "p2wpkh", 100_000n);
    const raw = signTransaction({ inputs: [input], outputs: [pay(bob.p2wpkhAddress, 90_000n)] }).raw;
    const legacy = hex.decode("76a914751e76e8199196d454941c45d1b3a323f1433bd688ac");
    chain.prevouts.set(`${input.txid}:0`, { value: 100_000n, script: legacy, height: 100, coinbase: false });
    expect(rejection(() => chain.validate(raw))).toMatchObject({
      reason: "devnet-unsupported-input",
      debug: "input 0 spends a p2pkh output; only P2WPKH (native or in P2SH) and P2TR key path are verified",
    });
  });
});

describe("P2WPKH witnesses (BIP143, ECDSA)", () => {
  const setup = () => {
    const chain = fakeChain();
    const input = chain.fund(alice, "p2wpkh", 100_000n);
    const signed = signTransaction({ inputs: [input], outputs: [pay(bob.p2wpkhAddress, 90_000n)] });
    const withWitness = (witness: Uint8Array[], scriptSig = new Uint8Array(0)) =>
      mutate(signed.raw, (tx) => {
        (tx.inputs[0] as RawTransaction["inputs"][number]).finalScriptSig = scriptSig;
        tx.witnesses = [witness];
      });
    const [sig, publicKey] = witnessOf(signed.raw, 0) as [Uint8Array, Uint8Array];
    return { chain, input, signed, withWitness, sig, publicKey };
  };
  const failure = (raw: Uint8Array, validate: (raw: Uint8Array) => unknown) => {
    const error = rejection(() => validate(raw));
    return { reason: error.reason, scriptError: error.scriptError, inputIndex: error.inputIndex };
  };

  test("structure: empty witness, wrong item count, scriptSig present, key not matching the program", () => {
    const { chain, withWitness, sig, publicKey } = setup();
    const mandatory = (scriptError: string) => ({
      reason: "mandatory-script-verify-flag-failed",
      scriptError,
      inputIndex: 0,
    });
    const emptyWitness = mutate(withWitness([sig, publicKey]), (tx) => {
      tx.witnesses = undefined;
      tx.segwitFlag = false;
    });
    expect(failure(emptyWitness, chain.validate)).toEqual(
      mandatory("Witness program was passed an empty witness"),
    );
    expect(failure(withWitness([sig]), chain.validate)).toEqual(mandatory("Witness program hash mismatch"));
    expect(failure(withWitness([sig, publicKey, publicKey]), chain.validate)).toEqual(
      mandatory("Witness program hash mismatch"),
    );
    expect(failure(withWitness([sig, publicKey], Uint8Array.of(0x00)), chain.validate)).toEqual(
      mandatory("Witness requires empty scriptSig"),
    );
    const otherKey = hex.decode(bob.publicKey);
    expect(failure(withWitness([sig, otherKey]), chain.validate)).toEqual(
      mandatory("Script failed an OP_EQUALVERIFY operation"),
    );
  });

  test("signatures: empty, not DER, corrupted, by another key, over another amount", () => {
    const { chain, input, withWitness, sig, publicKey } = setup();
    const mandatory = (scriptError: string) => ({
      reason: "mandatory-script-verify-flag-failed",
      scriptError,
      inputIndex: 0,
    });
    expect(failure(withWitness([new Uint8Array(0), publicKey]), chain.validate)).toEqual(
      mandatory("Script evaluated without error but finished with a false/empty top stack element"),
    );
    const notDer = Uint8Array.from(sig);
    notDer[0] = 0x31;
    expect(failure(withWitness([notDer, publicKey]), chain.validate)).toEqual(
      mandatory("Non-canonical DER signature"),
    );
    const corrupted = Uint8Array.from(sig);
    corrupted[10] = (corrupted[10] as number) ^ 0x01;
    expect(failure(withWitness([corrupted, publicKey]), chain.validate)).toEqual(
      mandatory("Signature must be zero for failed CHECK(MULTI)SIG operation"),
    );
    // Bob's valid signature of the same transaction, presented with Alice's key.
    const bobInput = { ...input, wallet: bob };
    chain.prevouts.set(`${input.txid}:0`, {
      value: 100_000n,
      script: walletScript(bob, "p2wpkh"),
      height: 100,
      coinbase: false,
    });
    const bobSigned = signTransaction({ inputs: [bobInput], outputs: [pay(bob.p2wpkhAddress, 90_000n)] });
    const bobSig = witnessOf(bobSigned.raw, 0)[0] as Uint8Array;
    chain.prevouts.set(`${input.txid}:0`, {
      value: 100_000n,
      script: walletScript(alice, "p2wpkh"),
      height: 100,
      coinbase: false,
    });
    expect(failure(withWitness([bobSig, publicKey]), chain.validate)).toEqual(
      mandatory("Signature must be zero for failed CHECK(MULTI)SIG operation"),
    );
    // BIP143 commits to the spent amount: the same signature fails when the output holds another value.
    chain.prevouts.set(`${input.txid}:0`, {
      value: 100_001n,
      script: walletScript(alice, "p2wpkh"),
      height: 100,
      coinbase: false,
    });
    expect(failure(withWitness([sig, publicKey]), chain.validate)).toEqual(
      mandatory("Signature must be zero for failed CHECK(MULTI)SIG operation"),
    );
  });

  test("relay policy: high s and an undefined hash type are refused even when the signature is valid", () => {
    const { chain, withWitness, sig, publicKey } = setup();
    const parsed = secp256k1.Signature.fromBytes(sig.subarray(0, -1), "der");
    const highS = new secp256k1.Signature(parsed.r, secp256k1.Point.Fn.ORDER - parsed.s).toBytes("der");
    expect(failure(withWitness([Uint8Array.of(...highS, 0x01), publicKey]), chain.validate)).toEqual({
      reason: "non-mandatory-script-verify-flag",
      scriptError: "Non-canonical signature: S value is unnecessarily high",
      inputIndex: 0,
    });
    // An undefined hash type changes the digest, so the ALL signature no longer verifies: consensus.
    expect(
      failure(withWitness([Uint8Array.of(...sig.subarray(0, -1), 0x04), publicKey]), chain.validate),
    ).toEqual({
      reason: "mandatory-script-verify-flag-failed",
      scriptError: "Signature hash type missing or not understood",
      inputIndex: 0,
    });
  });

  test("an uncompressed key is valid under consensus but not relayed in segwit", () => {
    const chain = fakeChain();
    const key = hex.decode(alice.privateKey);
    const uncompressed = secp256k1.getPublicKey(key, false);
    const script = Uint8Array.of(0x00, 0x14, ...ripemd160(sha256(uncompressed)));
    const input = chain.fund(alice, "p2wpkh", 100_000n);
    const signed = signTransaction({ inputs: [input], outputs: [pay(bob.p2wpkhAddress, 90_000n)] });
    // Re-sign the BIP143 digest by hand for the uncompressed key's program.
    chain.prevouts.set(`${input.txid}:0`, { value: 100_000n, script, height: 100, coinbase: false });
    const tx = Transaction.fromRaw(signed.raw, { allowUnknownOutputs: true });
    const digest = tx.preimageWitnessV0(
      0,
      OutScript.encode({ type: "pkh", hash: script.subarray(2) }),
      1,
      100_000n,
    );
    const der = secp256k1.sign(digest, key, { prehash: false, format: "der" });
    const raw = mutate(signed.raw, (t) => {
      t.witnesses = [[Uint8Array.of(...der, 0x01), uncompressed]];
    });
    expect(failure(raw, chain.validate)).toEqual({
      reason: "non-mandatory-script-verify-flag",
      scriptError: "Using non-compressed keys in segwit",
      inputIndex: 0,
    });
  });

  test("the failing input is named when others are valid", () => {
    const chain = fakeChain();
    const inputs = [chain.fund(alice, "p2wpkh", 50_000n), chain.fund(bob, "p2wpkh", 50_000n)];
    const signed = signTransaction({ inputs, outputs: [pay(carol.p2wpkhAddress, 90_000n)] });
    const raw = mutate(signed.raw, (tx) => {
      const witness = tx.witnesses?.[1] as Uint8Array[];
      witness[0] = Uint8Array.from(witness[0] as Uint8Array);
      (witness[0] as Uint8Array)[12] = ((witness[0] as Uint8Array)[12] as number) ^ 0xff;
    });
    const error = rejection(() => chain.validate(raw));
    expect(error.inputIndex).toBe(1);
    expect(error.rpcMessage).toBe(
      "mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation), input 1",
    );
  });
});

describe("P2SH-P2WPKH witnesses (BIP141 nested, BIP143)", () => {
  const setup = () => {
    const chain = fakeChain();
    const input = chain.fund(alice, "p2sh-p2wpkh", 100_000n);
    const signed = signTransaction({ inputs: [input], outputs: [pay(bob.p2wpkhAddress, 90_000n)] });
    const withScriptSig = (scriptSig: Uint8Array) =>
      mutate(signed.raw, (tx) => {
        (tx.inputs[0] as RawTransaction["inputs"][number]).finalScriptSig = scriptSig;
      });
    return { chain, input, signed, withScriptSig };
  };
  const mandatory = (scriptError: string) => ({
    reason: "mandatory-script-verify-flag-failed",
    scriptError,
    inputIndex: 0,
  });
  const failure = (raw: Uint8Array, validate: (raw: Uint8Array) => unknown) => {
    const error = rejection(() => validate(raw));
    return { reason: error.reason, scriptError: error.scriptError, inputIndex: error.inputIndex };
  };

  test("default: the scriptSig pushes the P2WPKH redeem script, the witness signs as P2WPKH", () => {
    const { chain, signed } = setup();
    const { transaction } = decodeRawTransaction(signed.raw);
    expect(hex.encode(transaction.inputs[0]?.finalScriptSig as Uint8Array)).toBe(
      `16${hex.encode(walletRedeemScript(alice))}`,
    );
    const accepted = chain.validate(signed.raw);
    expect(accepted.fee).toBe(10_000n);
    expect(accepted.vsize).toBe(signed.vsize);
  });

  test("the redeem script of another key, no scriptSig, a scriptSig that is more than the push", () => {
    const { chain, withScriptSig } = setup();
    const other = walletRedeemScript(bob);
    expect(failure(withScriptSig(Uint8Array.of(0x16, ...other)), chain.validate)).toEqual(
      mandatory("Script evaluated without error but finished with a false/empty top stack element"),
    );
    // Not one push of a P2WPKH program: a spend the devnet does not verify.
    expect(failure(withScriptSig(new Uint8Array(0)), chain.validate)).toMatchObject({
      reason: "devnet-unsupported-input",
    });
    expect(
      failure(withScriptSig(Uint8Array.of(0x00, 0x16, ...walletRedeemScript(alice))), chain.validate),
    ).toMatchObject({ reason: "devnet-unsupported-input" });
  });

  test("a signature by another key, or over another amount", () => {
    const { chain, input } = setup();
    const byBob = signTransaction({
      inputs: [{ ...input, wallet: bob }],
      outputs: [pay(bob.p2wpkhAddress, 90_000n)],
    });
    // Bob's redeem script does not hash to Alice's P2SH output.
    expect(failure(byBob.raw, chain.validate)).toEqual(
      mandatory("Script evaluated without error but finished with a false/empty top stack element"),
    );
    const otherAmount = signTransaction({
      inputs: [{ ...input, value: 100_001n }],
      outputs: [pay(bob.p2wpkhAddress, 90_000n)],
    });
    expect(failure(otherAmount.raw, chain.validate)).toEqual(
      mandatory("Signature must be zero for failed CHECK(MULTI)SIG operation"),
    );
  });
});

describe("P2TR key-path witnesses (BIP341, Schnorr)", () => {
  const setup = () => {
    const chain = fakeChain();
    const input = chain.fund(alice, "p2tr", 100_000n);
    const signed = signTransaction({ inputs: [input], outputs: [pay(bob.p2wpkhAddress, 90_000n)] });
    const [sig] = witnessOf(signed.raw, 0) as [Uint8Array];
    const withWitness = (witness: Uint8Array[]) =>
      mutate(signed.raw, (tx) => {
        tx.witnesses = [witness];
      });
    return { chain, input, signed, sig, withWitness };
  };
  const mandatory = (scriptError: string) => ({ reason: "mandatory-script-verify-flag-failed", scriptError });
  const failure = (raw: Uint8Array, validate: (raw: Uint8Array) => unknown) => {
    const error = rejection(() => validate(raw));
    return { reason: error.reason, scriptError: error.scriptError };
  };

  test("signature sizes and hash types", () => {
    const { chain, sig, withWitness } = setup();
    expect(sig).toHaveLength(64);
    expect(failure(withWitness([sig.subarray(0, 63)]), chain.validate)).toEqual(
      mandatory("Invalid Schnorr signature size"),
    );
    expect(failure(withWitness([Uint8Array.of(...sig, 0x01, 0x01)]), chain.validate)).toEqual(
      mandatory("Invalid Schnorr signature size"),
    );
    // 65 bytes with hash type 0 is invalid (DEFAULT must be 64 bytes); 0x04 is undefined.
    expect(failure(withWitness([Uint8Array.of(...sig, 0x00)]), chain.validate)).toEqual(
      mandatory("Invalid Schnorr signature hash type"),
    );
    expect(failure(withWitness([Uint8Array.of(...sig, 0x04)]), chain.validate)).toEqual(
      mandatory("Invalid Schnorr signature hash type"),
    );
    // A DEFAULT signature relabelled ALL commits to another digest.
    expect(failure(withWitness([Uint8Array.of(...sig, 0x01)]), chain.validate)).toEqual(
      mandatory("Invalid Schnorr signature"),
    );
  });

  test("SIGHASH_SINGLE without an output at the input's index has no digest", () => {
    const chain = fakeChain();
    const inputs = [chain.fund(alice, "p2tr", 50_000n), chain.fund(alice, "p2tr", 50_000n)];
    // SINGLE|ANYONECANPAY: input 0 commits only to itself and output 0, so dropping output 1 leaves it valid.
    const signed = signTransaction({
      inputs,
      outputs: [pay(bob.p2wpkhAddress, 90_000n), pay(bob.p2trAddress, 1000n)],
      sighash: SigHash.SINGLE_ANYONECANPAY,
    });
    const raw = mutate(signed.raw, (tx) => void tx.outputs.pop());
    const error = rejection(() => chain.validate(raw));
    expect(error).toMatchObject({ inputIndex: 1, scriptError: "Invalid Schnorr signature hash type" });
  });

  test("corrupted, wrong key, other amount, other prevout script of another input", () => {
    const { chain, input, sig, withWitness } = setup();
    const corrupted = Uint8Array.from(sig);
    corrupted[5] = (corrupted[5] as number) ^ 0x01;
    expect(failure(withWitness([corrupted]), chain.validate)).toEqual(mandatory("Invalid Schnorr signature"));
    chain.prevouts.set(`${input.txid}:0`, {
      value: 100_001n,
      script: walletScript(alice, "p2tr"),
      height: 100,
      coinbase: false,
    });
    expect(failure(withWitness([sig]), chain.validate)).toEqual(mandatory("Invalid Schnorr signature"));
    chain.prevouts.set(`${input.txid}:0`, {
      value: 100_000n,
      script: walletScript(bob, "p2tr"),
      height: 100,
      coinbase: false,
    });
    expect(failure(withWitness([sig]), chain.validate)).toEqual(mandatory("Invalid Schnorr signature"));
  });

  test("BIP341 commits to every input's amount: changing another input's value breaks this signature", () => {
    const chain = fakeChain();
    const inputs = [chain.fund(alice, "p2tr", 50_000n), chain.fund(bob, "p2wpkh", 50_000n)];
    const signed = signTransaction({ inputs, outputs: [pay(carol.p2wpkhAddress, 90_000n)] });
    expect(chain.validate(signed.raw).fee).toBe(10_000n);
    chain.prevouts.set(`${inputs[1]?.txid}:0`, {
      value: 50_001n,
      script: walletScript(bob, "p2wpkh"),
      height: 100,
      coinbase: false,
    });
    const error = rejection(() => chain.validate(signed.raw));
    // Input 0 (taproot) fails first: its digest covers input 1's amount.
    expect(error).toMatchObject({ inputIndex: 0, scriptError: "Invalid Schnorr signature" });
  });

  test("an annex is not relayed; script-path spends are not verified by the devnet", () => {
    const { chain, sig, withWitness } = setup();
    expect(failure(withWitness([sig, Uint8Array.of(0x50, 0x01)]), chain.validate).reason).toBe(
      "bad-witness-nonstandard",
    );
    expect(
      failure(
        withWitness([sig, Uint8Array.of(0x51), Uint8Array.of(0xc0, ...new Uint8Array(32))]),
        chain.validate,
      ).reason,
    ).toBe("devnet-unsupported-input");
  });
});

test("formatBtc writes amounts as Bitcoin Core does", () => {
  expect(formatBtc(0n)).toBe("0.00");
  expect(formatBtc(1n)).toBe("0.00000001");
  expect(formatBtc(10_000n)).toBe("0.0001");
  expect(formatBtc(2_100_000_000_000_000n)).toBe("21000000.00");
  expect(formatBtc(-150_000_000n)).toBe("-1.50");
});

test("the reject error explains itself", () => {
  const error = new BitcoinTransactionRejectedError({
    reason: "dust",
    outputIndex: 1,
    debug: "output 1 pays 1 < 294 satoshis",
  });
  expect(error.message).toMatchInlineSnapshot(`
    "Transaction rejected: dust, output 1 pays 1 < 294 satoshis.

    Meaning: an output is below the dust threshold of its script type.
    output: 1
    Version: attestkit@0.1.0"
  `);
});
