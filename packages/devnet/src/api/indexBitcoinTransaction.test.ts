import { expect, test } from "vitest";
import { signTransaction, type TestInput } from "../../../../test/support/bitcoin.js";
import { quotedRequest } from "../../../../test/support/devnetRequests.js";
import { bitcoin } from "../../../attestkit/src/chains/bitcoin/constants.js";
import { bitcoinTestWallets } from "../bitcoin/bitcoinTestWallets.js";
import { toRequestBindingScript } from "../bitcoin/requestBinding.js";
import type { BitcoinTransactionRecord, BitcoinTransactionStatus } from "../bitcoin/types.js";
import { createRequestStore } from "../state/createRequestStore.js";
import { indexBitcoinTransaction } from "./indexBitcoinTransaction.js";

const [alice, solverWallet] = bitcoinTestWallets as [
  (typeof bitcoinTestWallets)[0],
  (typeof bitcoinTestWallets)[0],
];
const requestId = `0x${"b1".repeat(32)}` as const;
const input: TestInput = { txid: "11".repeat(32), vout: 0, value: 1_000_000n, type: "p2wpkh", wallet: alice };
const confirmed: BitcoinTransactionStatus = {
  confirmed: true,
  blockHeight: 3,
  blockHash: "00".repeat(32),
  blockTime: 1,
  blockIndex: 1,
};

/** A transaction from Alice paying `amount` to `to`, bound to `id`. */
const deposit = (to: string, amount: bigint, id: string = requestId) =>
  signTransaction({
    inputs: [input],
    outputs: [
      { address: to, amount },
      { script: toRequestBindingScript({ requestId: id }), amount: 0n },
    ],
  });

/** The chain knows `records` (txid -> hex and status); the store holds a request from Bitcoin. */
function setup(records: { hex: string; txid: string; status: BitcoinTransactionStatus }[]) {
  const byTxid = new Map(records.map((record) => [record.txid, record]));
  const store = createRequestStore({
    onTransition: () => {},
    log: () => {},
    initial: [
      quotedRequest({
        requestId,
        originChainId: bitcoin.chainId,
        user: alice.p2wpkhAddress as `0x${string}`,
      }),
      quotedRequest({ requestId: `0x${"e1".repeat(32)}` }),
    ],
  });
  const btc = {
    chain: { getTransaction: (txid: string) => byTxid.get(txid) as BitcoinTransactionRecord | undefined },
    solverWallet,
  };
  return (txHash: string) => indexBitcoinTransaction({ context: { store }, bitcoin: btc, txHash });
}

test("default: a mined deposit to the solver reports the request its output binds", () => {
  const tx = deposit(solverWallet.p2wpkhAddress, 250_000n);
  const index = setup([{ ...tx, status: confirmed }]);
  expect(index(tx.txid)).toEqual({
    message: "Transaction indexed",
    deposits: [{ requestId, currency: bitcoin.nativeCurrency, amount: "250000", from: alice.p2wpkhAddress }],
  });
  // 0x and upper case are accepted.
  expect(index(`0x${tx.txid.toUpperCase()}`).deposits).toHaveLength(1);
});

test("a malformed txid is 400 INVALID_REQUEST", () => {
  const index = setup([]);
  for (const txHash of ["", "12", "zz".repeat(32), `0x${"ab".repeat(31)}`, "ab".repeat(33)])
    expect(() => index(txHash)).toThrow(
      expect.objectContaining({
        status: 400,
        body: expect.objectContaining({ errorCode: "INVALID_REQUEST" }),
      }),
    );
});

test("unknown, or still in the mempool: 404 TRANSACTION_NOT_FOUND saying which", () => {
  const tx = deposit(solverWallet.p2wpkhAddress, 250_000n);
  const index = setup([{ ...tx, status: { confirmed: false } }]);
  expect(() => index(tx.txid)).toThrow(/in the mempool/);
  expect(() => index("ab".repeat(32))).toThrow(/unknown to chain 8253038/);
  expect(() => index("ab".repeat(32))).toThrow(expect.objectContaining({ status: 404 }));
});

test("no deposit: not paid to the solver, bound to an unknown request, or to a request not from Bitcoin", () => {
  const toAlice = deposit(alice.p2wpkhAddress, 250_000n);
  const unknown = deposit(solverWallet.p2wpkhAddress, 250_000n, `0x${"77".repeat(32)}`);
  const evmRequest = deposit(solverWallet.p2wpkhAddress, 250_000n, `0x${"e1".repeat(32)}`);
  const index = setup([toAlice, unknown, evmRequest].map((tx) => ({ ...tx, status: confirmed })));
  for (const tx of [toAlice, unknown, evmRequest])
    expect(index(tx.txid)).toEqual({ message: "Transaction has no deposit", deposits: [] });
});
