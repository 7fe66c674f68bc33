import { afterAll, expect, test } from "vitest";
import { signTransaction } from "../../../../test/support/bitcoin.js";
import { bitcoin } from "../../../attestkit/src/chains/bitcoin/constants.js";
import { bitcoinSolverWallet, bitcoinTestWallets } from "../bitcoin/bitcoinTestWallets.js";
import { createBitcoinChain } from "../bitcoin/createBitcoinChain.js";
import { payFromBitcoinWallet } from "../bitcoin/payFromBitcoinWallet.js";
import { readBitcoinCoins } from "./readBitcoinCoins.js";

const [alice, bob] = bitcoinTestWallets as [(typeof bitcoinTestWallets)[0], (typeof bitcoinTestWallets)[0]];
const solverAddress = bitcoinSolverWallet.p2wpkhAddress;
const chain = createBitcoinChain({
  blockTimeMs: 0,
  funding: [{ address: solverAddress, amount: 100_000_000n }],
});
afterAll(() => chain.stop());
const requestId = `0x${"11".repeat(32)}` as const;
const read = () =>
  readBitcoinCoins({ chain, chainId: bitcoin.chainId, solverAddress, depositAddresses: [bob.p2trAddress] });
const balance = () => read().balances.get(bitcoin.nativeCurrency);

test("default: the genesis funding is the devnet's own; a deposit, mined or in the mempool, is a payment", () => {
  expect(read()).toEqual({
    chainId: bitcoin.chainId,
    holder: solverAddress,
    // The funding, and the 10 BTC the genesis pays each test wallet address (bob's stands for a deposit address).
    balances: new Map([[bitcoin.nativeCurrency, 1_100_000_000n]]),
    payments: [],
  });
  const { txid } = payFromBitcoinWallet({
    chain,
    wallet: alice,
    to: solverAddress,
    amount: 300_000n,
    requestId,
  });
  chain.mine(1);
  const deposit = payFromBitcoinWallet({
    chain,
    wallet: alice,
    to: bob.p2trAddress,
    amount: 200_000n,
    requestId,
  });
  expect(read().payments).toEqual([
    {
      txHash: txid,
      logIndex: 0,
      from: alice.p2wpkhAddress,
      currency: bitcoin.nativeCurrency,
      amount: 300_000n,
    },
    {
      txHash: deposit.txid,
      logIndex: 0,
      from: alice.p2wpkhAddress,
      currency: bitcoin.nativeCurrency,
      amount: 200_000n,
    },
  ]);
  expect(balance()).toBe(1_100_500_000n);
});

test("the solver's own payment is none: its change comes back, the balance falls by what it paid and its fee", () => {
  const before = { payments: read().payments.length, balance: balance() as bigint };
  const { fee } = payFromBitcoinWallet({
    chain,
    wallet: bitcoinSolverWallet,
    to: alice.p2wpkhAddress,
    amount: 50_000n,
    requestId,
  });
  expect(read().payments).toHaveLength(before.payments);
  expect(balance()).toBe(before.balance - 50_000n - fee);
});

test("a transaction that spends the solver's output and pays it more is a payment of the difference", () => {
  const [mine] = chain.getUtxos(solverAddress);
  const [theirs] = chain.getUtxos(alice.p2wpkhAddress);
  if (!mine || !theirs) throw new Error("no utxo");
  const { hex, txid } = signTransaction({
    inputs: [
      { txid: theirs.txid, vout: theirs.vout, value: theirs.value, type: "p2wpkh", wallet: alice },
      { txid: mine.txid, vout: mine.vout, value: mine.value, type: "p2wpkh", wallet: bitcoinSolverWallet },
    ],
    outputs: [
      { address: solverAddress, amount: mine.value + 70_000n },
      { address: alice.p2wpkhAddress, amount: theirs.value - 80_000n },
    ],
  });
  chain.broadcast(hex);
  expect(read().payments.at(-1)).toEqual({
    txHash: txid,
    logIndex: 0,
    from: alice.p2wpkhAddress,
    currency: bitcoin.nativeCurrency,
    amount: 70_000n,
  });
});
