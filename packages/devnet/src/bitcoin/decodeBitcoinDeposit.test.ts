import { expect, test } from "vitest";
import { opReturn, signTransaction, type TestInput } from "../../../../test/support/bitcoin.js";
import { bitcoinTestWallets } from "./bitcoinTestWallets.js";
import { decodeBitcoinDeposit } from "./decodeBitcoinDeposit.js";
import {
  AmbiguousDepositBindingError,
  BitcoinTransactionRejectedError,
  InvalidBitcoinParameterError,
} from "./errors.js";
import { readRequestBinding, toRequestBindingScript } from "./requestBinding.js";

const [alice, solver] = bitcoinTestWallets as [
  (typeof bitcoinTestWallets)[0],
  (typeof bitcoinTestWallets)[0],
];
const requestId = `0x${"a1".repeat(32)}` as const;
const input: TestInput = { txid: "11".repeat(32), vout: 0, value: 1_000_000n, type: "p2wpkh", wallet: alice };
const pay = (address: string, amount: bigint) => ({ address, amount });
const binding = (id: string = requestId) => ({
  script: toRequestBindingScript({ requestId: id }),
  amount: 0n,
});

test("default: the request id of the binding output and the amount paid to the deposit address", () => {
  const signed = signTransaction({
    inputs: [input],
    outputs: [pay(solver.p2wpkhAddress, 100_000n), binding(), pay(alice.p2wpkhAddress, 890_000n)],
  });
  expect(decodeBitcoinDeposit({ transaction: signed.hex, depositAddress: solver.p2wpkhAddress })).toEqual({
    txid: signed.txid,
    requestId,
    amount: 100_000n,
    depositOutputs: [0],
  });
  // Bytes, upper-case hex and surrounding whitespace read the same.
  expect(
    decodeBitcoinDeposit({ transaction: signed.raw, depositAddress: solver.p2wpkhAddress }).requestId,
  ).toBe(requestId);
  expect(
    decodeBitcoinDeposit({
      transaction: ` ${signed.hex.toUpperCase()}\n`,
      depositAddress: solver.p2wpkhAddress,
    }).txid,
  ).toBe(signed.txid);
});

test("several outputs to the deposit address add up; none pays zero", () => {
  const signed = signTransaction({
    inputs: [input],
    outputs: [pay(solver.p2wpkhAddress, 100_000n), binding(), pay(solver.p2wpkhAddress, 50_000n)],
  });
  expect(
    decodeBitcoinDeposit({ transaction: signed.hex, depositAddress: solver.p2wpkhAddress }),
  ).toMatchObject({
    amount: 150_000n,
    depositOutputs: [0, 2],
  });
  // The same address type of another key is another address.
  expect(decodeBitcoinDeposit({ transaction: signed.hex, depositAddress: solver.p2trAddress })).toMatchObject(
    {
      amount: 0n,
      depositOutputs: [],
    },
  );
});

test("no binding, a differently sized OP_RETURN, and two bindings", () => {
  const unbound = signTransaction({ inputs: [input], outputs: [pay(solver.p2wpkhAddress, 100_000n)] });
  expect(
    decodeBitcoinDeposit({ transaction: unbound.hex, depositAddress: solver.p2wpkhAddress }).requestId,
  ).toBeUndefined();
  const shortData = signTransaction({
    inputs: [input],
    outputs: [
      pay(solver.p2wpkhAddress, 100_000n),
      { script: opReturn(new Uint8Array(31).fill(0xa1)), amount: 0n },
    ],
  });
  expect(
    decodeBitcoinDeposit({ transaction: shortData.hex, depositAddress: solver.p2wpkhAddress }).requestId,
  ).toBeUndefined();
  // Two bindings cannot be relayed (one OP_RETURN at most), but a decoder must not pick one.
  const twice = signTransaction({
    inputs: [input],
    outputs: [pay(solver.p2wpkhAddress, 100_000n), binding(), binding(`0x${"b2".repeat(32)}`)],
  });
  expect(() =>
    decodeBitcoinDeposit({ transaction: twice.hex, depositAddress: solver.p2wpkhAddress }),
  ).toThrow(AmbiguousDepositBindingError);
});

test("malformed transactions", () => {
  for (const transaction of ["", "zz", "00"])
    expect(() => decodeBitcoinDeposit({ transaction, depositAddress: solver.p2wpkhAddress })).toThrow(
      BitcoinTransactionRejectedError,
    );
});

test("the binding script: OP_RETURN pushing the 32 request id bytes, read back only in that exact form", () => {
  const script = toRequestBindingScript({ requestId: `0x${"AB".repeat(32)}` });
  expect(Buffer.from(script).toString("hex")).toBe(`6a20${"ab".repeat(32)}`);
  expect(readRequestBinding(script)).toBe(`0x${"ab".repeat(32)}`);
  expect(readRequestBinding(script.subarray(0, 33))).toBeUndefined();
  expect(readRequestBinding(Uint8Array.of(0x6a, 0x4c, 0x20, ...new Uint8Array(32)))).toBeUndefined();
  expect(readRequestBinding(Uint8Array.of(0x00, 0x20, ...new Uint8Array(32)))).toBeUndefined();
  for (const bad of ["", `0x${"ab".repeat(31)}`, "ab".repeat(32), `0x${"gg".repeat(32)}`])
    expect(() => toRequestBindingScript({ requestId: bad })).toThrow(InvalidBitcoinParameterError);
});
