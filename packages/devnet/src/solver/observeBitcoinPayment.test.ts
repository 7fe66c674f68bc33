import { afterAll, expect, test } from "vitest";
import { signTransaction } from "../../../../test/support/bitcoin.js";
import { bitcoin } from "../../../attestkit/src/chains/bitcoin/constants.js";
import { bitcoinSolverWallet, bitcoinTestWallets } from "../bitcoin/bitcoinTestWallets.js";
import { createBitcoinChain } from "../bitcoin/createBitcoinChain.js";
import { payFromBitcoinWallet } from "../bitcoin/payFromBitcoinWallet.js";
import { observeBitcoinPayment } from "./observeBitcoinPayment.js";

const [alice, bob] = bitcoinTestWallets as [(typeof bitcoinTestWallets)[0], (typeof bitcoinTestWallets)[0]];
const solverAddress = bitcoinSolverWallet.p2wpkhAddress;
const chain = createBitcoinChain({
  blockTimeMs: 0,
  funding: [{ address: solverAddress, amount: 100_000_000n }],
});
afterAll(() => chain.stop());
const requestId = `0x${"11".repeat(32)}` as const;
const addressRequestId = `0x${"22".repeat(32)}` as const;
const depositAddresses = new Map([[bob.p2trAddress, addressRequestId]]);

const observe = (txid: string) =>
  observeBitcoinPayment({
    record: chain.getTransaction(txid) as NonNullable<ReturnType<typeof chain.getTransaction>>,
    chainId: bitcoin.chainId,
    solverAddress,
    depositAddresses,
    payerOf: (id) => (id === requestId ? alice.p2wpkhAddress : undefined),
  });
const pay = (to: string, amount: bigint, wallet = alice) =>
  payFromBitcoinWallet({ chain, wallet, to, amount, requestId }).txid;

test("default: a payment to the solver bound by OP_RETURN names its request; the quote's user stands for the payer", () => {
  const txid = pay(solverAddress, 1_000_000n);
  expect(observe(txid)).toEqual({
    type: "payment",
    depositAddress: undefined,
    payment: {
      chainId: bitcoin.chainId,
      txHash: txid,
      logIndex: 0,
      blockNumber: 0n,
      from: alice.p2wpkhAddress,
      currency: bitcoin.nativeCurrency,
      amount: 1_000_000n,
      id: requestId,
    },
  });
});

test("a payment to a deposit address names the address's request, whatever it binds", () => {
  const txid = pay(bob.p2trAddress, 2_000_000n);
  expect(observe(txid)).toMatchObject({
    type: "payment",
    depositAddress: bob.p2trAddress,
    payment: { id: addressRequestId, amount: 2_000_000n, logIndex: 0 },
  });
});

test("a payment to the solver without a binding is a payment under the zero id, from its first input's address", () => {
  const [utxo] = chain.getUtxos(bob.p2wpkhAddress);
  if (!utxo) throw new Error("no utxo");
  const { hex } = signTransaction({
    inputs: [{ txid: utxo.txid, vout: utxo.vout, value: utxo.value, type: "p2wpkh", wallet: bob }],
    outputs: [
      { address: solverAddress, amount: 500_000n },
      { address: bob.p2wpkhAddress, amount: utxo.value - 510_000n },
    ],
  });
  const { txid } = chain.broadcast(hex);
  expect(observe(txid)).toMatchObject({
    type: "payment",
    depositAddress: undefined,
    payment: { id: `0x${"00".repeat(32)}`, from: bob.p2wpkhAddress, amount: 500_000n, logIndex: 0 },
  });
});

test("the solver's own payments and payments to others are no payments into it", () => {
  expect(observe(pay(alice.p2trAddress, 1_000_000n, bitcoinSolverWallet))).toBeUndefined();
  expect(observe(pay(bob.p2wpkhAddress, 1_000_000n))).toBeUndefined();
});
