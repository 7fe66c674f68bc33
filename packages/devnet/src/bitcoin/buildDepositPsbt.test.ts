import { hex } from "@scure/base";
import { SigHash, Transaction } from "@scure/btc-signer";
import { afterEach, describe, expect, test } from "vitest";
import { walletRedeemScript, walletScript } from "../../../../test/support/bitcoin.js";
import { InvalidBitcoinAddressError } from "../../../attestkit/src/chains/bitcoin/errors.js";
import { bitcoinTestWallets } from "./bitcoinTestWallets.js";
import { buildDepositPsbt, type DepositPsbtUtxo } from "./buildDepositPsbt.js";
import { classifyOutputScript } from "./classifyOutputScript.js";
import { type BitcoinChain, createBitcoinChain } from "./createBitcoinChain.js";
import { decodeBitcoinDeposit } from "./decodeBitcoinDeposit.js";
import {
  BitcoinPsbtError,
  BitcoinTransactionRejectedError,
  InsufficientBitcoinFundsError,
  InvalidBitcoinParameterError,
} from "./errors.js";
import { finalizePsbt } from "./finalizePsbt.js";
import { decodeRawTransaction, encodeRawTransaction } from "./internal/transactionCodec.js";
import { payFromBitcoinWallet } from "./payFromBitcoinWallet.js";
import { signPsbt } from "./signPsbt.js";

const [alice, bob, solver] = bitcoinTestWallets as [
  (typeof bitcoinTestWallets)[0],
  (typeof bitcoinTestWallets)[0],
  (typeof bitcoinTestWallets)[0],
];
const requestId = `0x${"5e".repeat(32)}`;
const depositAddress = solver.p2wpkhAddress;
const chains: BitcoinChain[] = [];
afterEach(() => {
  for (const chain of chains.splice(0)) chain.stop();
});
const newChain = () => {
  const chain = createBitcoinChain({ blockTimeMs: 0 });
  chains.push(chain);
  return chain;
};

/** The address's outputs as the builder takes them (what `GET /address/:a/utxo` gives, plus the script). */
const utxosOf = (chain: BitcoinChain, address: string): DepositPsbtUtxo[] =>
  chain.getUtxos(address).map(({ txid, vout, value, script }) => ({ txid, vout, value, script }));

const fakeUtxo = (
  n: number,
  value: bigint,
  type: "p2wpkh" | "p2tr" = "p2wpkh",
  wallet = alice,
): DepositPsbtUtxo => ({
  txid: n.toString(16).padStart(64, "0"),
  vout: 0,
  value,
  script: walletScript(wallet, type),
});

// Fees at 2 sat/vB for one P2WPKH input, computed by hand: 42 WU of framing + 273 WU for the input
// (164 base + 109 witness with a 73-byte signature) + 4 × (31 deposit + 43 OP_RETURN [+ 31 change]).
const feeWithoutChange = 2n * BigInt(Math.ceil((42 + 273 + 4 * (31 + 43)) / 4)); // 153 vB
const feeWithChange = 2n * BigInt(Math.ceil((42 + 273 + 4 * (31 + 43 + 31)) / 4)); // 184 vB

test("default: a P2WPKH user pays the deposit, bound to the request, and it confirms", () => {
  const chain = newChain();
  const built = buildDepositPsbt({
    utxos: utxosOf(chain, alice.p2wpkhAddress),
    depositAddress,
    amount: 100_000n,
    requestId,
    changeAddress: alice.p2wpkhAddress,
  });
  expect(built.psbt).toMatch(/^70736274ff/);
  expect(built.fee).toBe(feeWithChange);
  expect(built.change).toBe(1_000_000_000n - 100_000n - feeWithChange);
  expect(built).toMatchObject({ vsize: 184, depositOutputIndex: 0, bindingOutputIndex: 1 });

  // The PSBT as a wallet sees it: witness UTXOs, three outputs in order.
  const unsigned = Transaction.fromPSBT(hex.decode(built.psbt), { allowUnknownOutputs: true });
  expect(unsigned.getInput(0).witnessUtxo?.amount).toBe(1_000_000_000n);
  expect(unsigned.getOutputAddress(0)).toBe(depositAddress);
  expect(hex.encode(unsigned.getOutput(1).script as Uint8Array)).toBe(`6a20${"5e".repeat(32)}`);
  expect(unsigned.getOutput(1).amount).toBe(0n);
  expect(unsigned.getOutputAddress(2)).toBe(alice.p2wpkhAddress);

  const signed = signPsbt({ psbt: built.psbt, privateKey: alice.privateKey });
  expect(signed.signedInputs).toEqual([0]);
  const { transaction, txid } = finalizePsbt({ psbt: signed.psbt });
  expect(chain.broadcast(transaction)).toEqual({ txid, alreadyKnown: false });
  const record = chain.getTransaction(txid);
  // Signatures are counted at their largest: the real size is at most half a byte smaller.
  expect(record?.fee).toBe(built.fee);
  expect(record?.vsize).toBeLessThanOrEqual(built.vsize);
  expect(built.vsize - (record?.vsize as number)).toBeLessThanOrEqual(1);
  expect(decodeBitcoinDeposit({ transaction, depositAddress })).toEqual({
    txid,
    requestId,
    amount: 100_000n,
    depositOutputs: [0],
  });
  chain.mine();
  expect(chain.confirmations(txid)).toBe(1);
  expect(chain.getUtxos(depositAddress).map((utxo) => utxo.value)).toContain(100_000n);
});

test("a P2TR user, with and without the internal key in the PSBT: the size estimate is exact", () => {
  for (const withKey of [false, true]) {
    const chain = newChain();
    const utxos = utxosOf(chain, alice.p2trAddress).map((utxo) =>
      withKey ? { ...utxo, tapInternalKey: alice.taprootInternalKey } : utxo,
    );
    const built = buildDepositPsbt({
      utxos,
      depositAddress: solver.p2trAddress,
      amount: 250_000n,
      requestId,
      changeAddress: alice.p2trAddress,
    });
    const unsigned = Transaction.fromPSBT(hex.decode(built.psbt), { allowUnknownOutputs: true });
    expect(
      unsigned.getInput(0).tapInternalKey && hex.encode(unsigned.getInput(0).tapInternalKey as Uint8Array),
    ).toBe(withKey ? alice.taprootInternalKey : undefined);
    const { transaction, txid } = finalizePsbt({
      psbt: signPsbt({ psbt: built.psbt, privateKey: alice.privateKey }).psbt,
    });
    chain.broadcast(transaction);
    expect(chain.getTransaction(txid)?.vsize).toBe(built.vsize);
    expect(decodeBitcoinDeposit({ transaction, depositAddress: solver.p2trAddress }).amount).toBe(250_000n);
  }
});

test("a P2SH-P2WPKH user: each input carries the redeem script; signed and finalized, it confirms; the size estimate holds", () => {
  const chain = newChain();
  const nested = classifyOutputScript(walletScript(alice, "p2sh-p2wpkh")).address as string;
  expect(nested).toMatch(/^3/);
  payFromBitcoinWallet({ chain, wallet: bob, to: nested, amount: 600_000n, requestId });
  payFromBitcoinWallet({ chain, wallet: bob, to: nested, amount: 500_000n, requestId });
  chain.mine();
  const redeemScript = hex.encode(walletRedeemScript(alice));
  const built = buildDepositPsbt({
    utxos: utxosOf(chain, nested).map((utxo) => ({ ...utxo, redeemScript })),
    depositAddress,
    amount: 1_000_000n,
    requestId,
    changeAddress: nested,
  });
  expect(built.inputs).toHaveLength(2);
  const unsigned = Transaction.fromPSBT(hex.decode(built.psbt), { allowUnknownOutputs: true });
  expect(hex.encode(unsigned.getInput(1).redeemScript as Uint8Array)).toBe(redeemScript);
  const signed = signPsbt({ psbt: built.psbt, privateKey: alice.privateKey });
  expect(signed.signedInputs).toEqual([0, 1]);
  const { transaction, txid } = finalizePsbt({ psbt: signed.psbt });
  chain.broadcast(transaction);
  expect(chain.getTransaction(txid)?.fee).toBe(built.fee);
  expect(chain.getTransaction(txid)?.vsize).toBeLessThanOrEqual(built.vsize);
  expect(built.vsize - (chain.getTransaction(txid)?.vsize as number)).toBeLessThanOrEqual(1);
  expect(decodeBitcoinDeposit({ transaction, depositAddress }).amount).toBe(1_000_000n);
  chain.mine();
  expect(chain.confirmations(txid)).toBe(1);
});

test("inputs of both types, signed by one key in one pass", () => {
  const chain = newChain();
  const built = buildDepositPsbt({
    utxos: [...utxosOf(chain, alice.p2wpkhAddress), ...utxosOf(chain, alice.p2trAddress)],
    depositAddress,
    amount: 1_500_000_000n,
    requestId,
    changeAddress: alice.p2trAddress,
  });
  expect(built.inputs).toHaveLength(2);
  const signed = signPsbt({ psbt: built.psbt, privateKey: alice.privateKey });
  expect(signed.signedInputs).toEqual([0, 1]);
  const { transaction } = finalizePsbt({ psbt: signed.psbtBase64 });
  expect(chain.broadcast(transaction).alreadyKnown).toBe(false);
});

describe("selection, change and fees", () => {
  const build = (values: bigint[], amount: bigint) =>
    buildDepositPsbt({
      utxos: values.map((value, i) => fakeUtxo(i + 1, value)),
      depositAddress,
      amount,
      requestId,
      changeAddress: alice.p2wpkhAddress,
    });

  test("largest first, stopping as soon as amount and fee are covered", () => {
    const built = build([50_000n, 300_000n, 100_000n, 200_000n], 450_000n);
    expect(built.inputs.map((input) => input.value)).toEqual([300_000n, 200_000n]);
    // Equal values go by txid: the same selection whatever the order given.
    const same = build([100_000n, 100_000n, 100_000n], 150_000n);
    expect(same.inputs.map((input) => input.txid)).toEqual([fakeUtxo(1, 0n).txid, fakeUtxo(2, 0n).txid]);
  });

  test("change at exactly the dust threshold is kept, one satoshi less goes to the fee", () => {
    const amount = 100_000n;
    const kept = build([amount + feeWithChange + 294n], amount);
    expect(kept).toMatchObject({ change: 294n, fee: feeWithChange });
    const dropped = build([amount + feeWithChange + 293n], amount);
    expect(dropped).toMatchObject({ change: 0n, fee: feeWithChange + 293n });
    expect(Transaction.fromPSBT(hex.decode(dropped.psbt), { allowUnknownOutputs: true }).outputsLength).toBe(
      2,
    );
  });

  test("exactly enough without change; one satoshi less is insufficient, with both sums", () => {
    const amount = 100_000n;
    expect(build([amount + feeWithoutChange], amount)).toMatchObject({ change: 0n, fee: feeWithoutChange });
    let error: unknown;
    try {
      build([amount + feeWithoutChange - 1n], amount);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InsufficientBitcoinFundsError);
    expect(error).toMatchObject({
      available: amount + feeWithoutChange - 1n,
      required: amount + feeWithoutChange,
    });
    expect(() => build([], amount)).toThrow(InsufficientBitcoinFundsError);
  });

  test("the fee rate scales the fee", () => {
    const built = buildDepositPsbt({
      utxos: [fakeUtxo(1, 1_000_000n)],
      depositAddress,
      amount: 100_000n,
      requestId,
      changeAddress: alice.p2wpkhAddress,
      feeRate: 10n,
    });
    expect(built.fee).toBe(feeWithChange * 5n);
  });
});

describe("parameters", () => {
  const valid = {
    utxos: [fakeUtxo(1, 1_000_000n)],
    depositAddress,
    amount: 100_000n,
    requestId,
    changeAddress: alice.p2wpkhAddress,
  };
  const reason = (overrides: Partial<Parameters<typeof buildDepositPsbt>[0]>) => {
    try {
      buildDepositPsbt({ ...valid, ...overrides });
    } catch (error) {
      if (error instanceof InvalidBitcoinParameterError) return `${error.field}: ${error.reason}`;
      if (error instanceof InvalidBitcoinAddressError) return `address: ${error.reason}`;
      throw error;
    }
    return "accepted";
  };

  test("amounts, fee rate, request id", () => {
    expect(reason({})).toBe("accepted");
    expect(reason({ amount: 0n })).toBe("amount: not-a-positive-integer");
    expect(reason({ amount: -1n })).toBe("amount: not-a-positive-integer");
    expect(reason({ amount: 100 as unknown as bigint })).toBe("amount: not-a-positive-integer");
    expect(reason({ amount: 293n })).toBe("amount: below-dust");
    expect(reason({ amount: 294n })).toBe("accepted");
    expect(reason({ amount: 329n, depositAddress: solver.p2trAddress })).toBe("amount: below-dust");
    expect(reason({ feeRate: 0n })).toBe("feeRate: not-a-positive-integer");
    for (const bad of ["", "5e".repeat(32), `0x${"5e".repeat(31)}`, `0x${"zz".repeat(32)}`])
      expect(reason({ requestId: bad })).toBe("requestId: invalid-request-id");
  });

  test("addresses", () => {
    expect(reason({ depositAddress: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx" })).toBe(
      "address: wrong-network",
    );
    expect(reason({ changeAddress: "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8" })).toBe(
      "address: invalid-witness-program",
    );
  });

  test("outputs offered", () => {
    const utxo = fakeUtxo(1, 1_000_000n);
    expect(reason({ utxos: [{ ...utxo, txid: "00" }] })).toBe("utxos[0].txid: invalid-txid");
    expect(reason({ utxos: [{ ...utxo, vout: -1 }] })).toBe("utxos[0].vout: not-a-non-negative-integer");
    expect(reason({ utxos: [{ ...utxo, value: 0n }] })).toBe("utxos[0].value: not-a-positive-integer");
    expect(reason({ utxos: [{ ...utxo, script: "xyz" }] })).toBe("utxos[0].script: invalid-script");
    expect(
      reason({ utxos: [{ ...utxo, script: "76a914751e76e8199196d454941c45d1b3a323f1433bd688ac" }] }),
    ).toBe("utxos[0].script: unsupported-script");
    expect(reason({ utxos: [utxo, { ...utxo, txid: utxo.txid.toUpperCase() }] })).toBe(
      "utxos[1]: duplicate-utxo",
    );
    const taproot = fakeUtxo(2, 1_000_000n, "p2tr");
    expect(reason({ utxos: [{ ...taproot, tapInternalKey: alice.taprootInternalKey }] })).toBe("accepted");
    expect(reason({ utxos: [{ ...taproot, tapInternalKey: bob.taprootInternalKey }] })).toBe(
      "utxos[0].tapInternalKey: invalid-internal-key",
    );
    expect(reason({ utxos: [{ ...utxo, tapInternalKey: alice.taprootInternalKey }] })).toBe(
      "utxos[0].tapInternalKey: invalid-internal-key",
    );
    // P2SH: spent only as P2SH-P2WPKH, with the redeem script that hashes to it.
    const nested = { ...fakeUtxo(3, 1_000_000n), script: walletScript(alice, "p2sh-p2wpkh") };
    expect(reason({ utxos: [nested] })).toBe("utxos[0].script: unsupported-script");
    expect(reason({ utxos: [{ ...nested, redeemScript: walletRedeemScript(alice) }] })).toBe("accepted");
    expect(reason({ utxos: [{ ...nested, redeemScript: walletRedeemScript(bob) }] })).toBe(
      "utxos[0].redeemScript: invalid-redeem-script",
    );
    expect(reason({ utxos: [{ ...nested, redeemScript: "zz" }] })).toBe(
      "utxos[0].redeemScript: invalid-redeem-script",
    );
  });
});

describe("signing and finalizing", () => {
  const build = (utxos: DepositPsbtUtxo[]) =>
    buildDepositPsbt({
      utxos,
      depositAddress,
      amount: 100_000n,
      requestId,
      changeAddress: alice.p2wpkhAddress,
    });

  test("two owners sign their own inputs; the transaction is final only when both have", () => {
    const chain = newChain();
    // Each holds 10 BTC: 15 BTC needs both.
    const both = buildDepositPsbt({
      utxos: [...utxosOf(chain, alice.p2wpkhAddress), ...utxosOf(chain, bob.p2trAddress)],
      depositAddress,
      amount: 1_500_000_000n,
      requestId,
      changeAddress: alice.p2wpkhAddress,
    });
    expect(both.inputs).toHaveLength(2);
    const byAlice = signPsbt({ psbt: both.psbt, privateKey: alice.privateKey });
    expect(byAlice.signedInputs).toHaveLength(1);
    expect(() => finalizePsbt({ psbt: byAlice.psbt })).toThrow(BitcoinPsbtError);
    const byBoth = signPsbt({ psbt: byAlice.psbt, privateKey: bob.privateKey });
    expect([...byAlice.signedInputs, ...byBoth.signedInputs].sort()).toEqual([0, 1]);
    const { transaction } = finalizePsbt({ psbt: byBoth.psbt });
    expect(chain.broadcast(transaction).alreadyKnown).toBe(false);
  });

  test("typed failures: a key owning nothing, a foreign sighash type, malformed PSBTs, an unsigned finalize", () => {
    const chain = newChain();
    const built = build(utxosOf(chain, alice.p2wpkhAddress));
    const reason = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        if (error instanceof BitcoinPsbtError) return error.reason;
        throw error;
      }
      return "accepted";
    };
    expect(reason(() => signPsbt({ psbt: built.psbt, privateKey: bob.privateKey }))).toBe("no-owned-input");
    const none = Transaction.fromPSBT(hex.decode(built.psbt), { allowUnknownOutputs: true });
    none.updateInput(0, { sighashType: SigHash.NONE });
    expect(reason(() => signPsbt({ psbt: none.toPSBT(), privateKey: alice.privateKey }))).toBe(
      "sighash-not-allowed",
    );
    for (const psbt of ["", "hello", "70736274ff00", new Uint8Array(4)])
      expect(reason(() => signPsbt({ psbt, privateKey: alice.privateKey }))).toBe("invalid-psbt");
    expect(reason(() => finalizePsbt({ psbt: built.psbt }))).toBe("not-finalizable");
    expect(reason(() => finalizePsbt({ psbt: "nope" }))).toBe("invalid-psbt");
  });

  test("the binding and the amount are signed: changing either after signing breaks the signature", () => {
    const chain = newChain();
    const built = build(utxosOf(chain, alice.p2wpkhAddress));
    const { transaction } = finalizePsbt({
      psbt: signPsbt({ psbt: built.psbt, privateKey: alice.privateKey }).psbt,
    });
    const tamper = (change: (outputs: { amount: bigint; script: Uint8Array }[]) => void) => {
      const { transaction: tx } = decodeRawTransaction(hex.decode(transaction));
      change(tx.outputs);
      return hex.encode(encodeRawTransaction(tx));
    };
    const otherRequest = tamper((outputs) => {
      (outputs[1] as { script: Uint8Array }).script = Uint8Array.of(
        0x6a,
        0x20,
        ...new Uint8Array(32).fill(1),
      );
    });
    const lessPaid = tamper((outputs) => {
      (outputs[0] as { amount: bigint }).amount = 99_000n;
    });
    for (const forged of [otherRequest, lessPaid]) {
      let error: unknown;
      try {
        chain.broadcast(forged);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(BitcoinTransactionRejectedError);
      expect(error).toMatchObject({ reason: "mandatory-script-verify-flag-failed", inputIndex: 0 });
    }
    expect(chain.broadcast(transaction).alreadyKnown).toBe(false);
  });
});
