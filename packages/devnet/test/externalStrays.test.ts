// No coin without an owner on Bitcoin and the exchange: a payment into the solver that no request can
// claim (a Bitcoin transaction binding an id no quote has, one binding none, an exchange transfer to
// the relayer without a memo) is an orphan, as on the EVM chains: a request of its own, `pending` for
// `orphanRefundDelayMs` (the solver's clock, moved here by `ahead`), then refunded to its sender with
// ORPHANED_DEPOSIT_REFUND: on Bitcoin to the address the payment's first input spends from, the amount
// less the network fee; on the exchange by a transfer back to the sending account; a restart with
// `--state` in the window keeps them `pending` and refunds them once it has passed. The harness checks
// the invariant, Bitcoin and the exchange included, after every test; the last test shows what it
// reports for a Bitcoin coin that no request records.
import type { Hex } from "viem";
import { expect, test } from "vitest";
import { signTransaction } from "../../../test/support/bitcoin.js";
import { checkNoCoinWithoutOwner } from "../../../test/support/checkNoCoinWithoutOwner.js";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { readCoinDifferences } from "../../../test/support/readCoinDifferences.js";
import { makeTempDir } from "../../../test/support/tempDir.js";
import { bitcoin } from "../../attestkit/src/chains/bitcoin/constants.js";
import { bitcoinSolverWallet, bitcoinTestWallets } from "../src/bitcoin/bitcoinTestWallets.js";
import { classifyOutputScript } from "../src/bitcoin/classifyOutputScript.js";
import { payFromBitcoinWallet } from "../src/bitcoin/payFromBitcoinWallet.js";
import { defaultOrphanRefundDelayMs } from "../src/constants.js";
import { createDevnet, type Devnet } from "../src/createDevnet.js";
import { exchangeRouteTypes } from "../src/exchange/constants.js";
import { derivedRequestId } from "../src/solver/decidePayment.js";

/** How far the solver's clock runs ahead of the wall clock, ms: moved past an orphan's window. */
let ahead = 0;
const { devnet } = useDevnet({ bitcoinBlockTimeMs: 0, now: () => Date.now() + ahead });

const zeroId = `0x${"00".repeat(32)}` as Hex;

type Status = { status: string; failReason?: string; inTxHashes: string[]; txHashes: string[] };
async function statusAt(url: string, requestId: Hex): Promise<Status> {
  return (await fetch(`${url}/intents/status/v3?requestId=${requestId}`)).json() as Promise<Status>;
}
const statusOf = (requestId: Hex) => statusAt(devnet().url, requestId);

/** A transfer of `amount` USDC (perp) from test account `sender` to the relayer, without a memo. */
const strayTransfer = (devnetOf: Devnet, sender: { apiKey: string }, amount: bigint) =>
  devnetOf.exchange.transfer({
    apiKey: sender.apiKey,
    request: {
      toAccountIndex: devnetOf.info.exchange.relayerAccountIndex,
      assetIndex: 0,
      fromRouteType: exchangeRouteTypes.perp,
      toRouteType: exchangeRouteTypes.perp,
      amount,
      usdcFee: 0n,
      memo: null,
    },
  }).transfer;

/** Moves the solver's clock past the orphan window and waits for the refunds that fall due. */
async function passOrphanWindow() {
  ahead += defaultOrphanRefundDelayMs;
  await devnet().idle();
}

/** What transaction `txid` pays `address`, satoshis. */
function paidTo(txid: string, address: string): bigint {
  const record = devnet().bitcoin.getTransaction(txid);
  return (record?.transaction.outputs ?? [])
    .filter((output) => classifyOutputScript(output.script).address === address)
    .reduce((sum, output) => sum + output.amount, 0n);
}

test("Bitcoin payments to the solver that no request claims are orphans, refunded to the payer less the fee", async () => {
  const chain = devnet().bitcoin;
  const solverAddress = devnet().info.bitcoin.solver.address;
  const payer = bitcoinTestWallets[6] as (typeof bitcoinTestWallets)[number];
  // No binding at all: a plain payment.
  const [utxo] = chain.getUtxos(payer.p2wpkhAddress);
  if (!utxo) throw new Error("no utxo");
  const plain = signTransaction({
    inputs: [{ txid: utxo.txid, vout: utxo.vout, value: utxo.value, type: "p2wpkh", wallet: payer }],
    outputs: [
      { address: solverAddress, amount: 200_000n },
      { address: payer.p2wpkhAddress, amount: utxo.value - 210_000n },
    ],
  });
  chain.broadcast(plain.hex);
  // An id no quote has, bound by OP_RETURN (paid from the change above).
  const unknownId = `0x${"5a".repeat(32)}` as Hex;
  const bound = payFromBitcoinWallet({
    chain,
    wallet: payer,
    to: solverAddress,
    amount: 300_000n,
    requestId: unknownId,
  });
  chain.mine(1);
  await devnet().idle();
  const plainOrphan = derivedRequestId({ id: zeroId, txHash: plain.txid as Hex, logIndex: 0 });
  expect(await statusOf(unknownId)).toMatchObject({ status: "pending", inTxHashes: [bound.txid] });
  expect(await statusOf(plainOrphan)).toMatchObject({ status: "pending", inTxHashes: [plain.txid] });

  await passOrphanWindow();
  for (const [requestId, amount] of [
    [unknownId, 300_000n],
    [plainOrphan, 200_000n],
  ] as const) {
    const status = await statusOf(requestId);
    expect(status).toMatchObject({ status: "refund", failReason: "ORPHANED_DEPOSIT_REFUND" });
    const refund = status.txHashes.at(-1) as string;
    const fee = chain.getTransaction(refund)?.fee as bigint;
    expect(fee > 0n).toBe(true);
    // Back to the address the payment's first input spends from, the amount less the network fee.
    expect(paidTo(refund, payer.p2wpkhAddress)).toBe(amount - fee);
  }
  chain.mine(1);
});

test("an exchange transfer to the relayer without a memo is an orphan, transferred back to its sender", async () => {
  const ledger = devnet().exchange;
  const sender = devnet().info.exchange.testAccounts[7] as { accountIndex: number; apiKey: string };
  const before = ledger.balance({ accountIndex: sender.accountIndex, assetIndex: 0 });
  const transfer = strayTransfer(devnet(), sender, 7_000_000n);
  await devnet().idle();
  const orphan = derivedRequestId({ id: zeroId, txHash: transfer.hash, logIndex: 0 });
  expect(await statusOf(orphan)).toMatchObject({ status: "pending", inTxHashes: [transfer.hash] });
  expect(ledger.balance({ accountIndex: sender.accountIndex, assetIndex: 0 })).toBe(before - 7_000_000n);

  await passOrphanWindow();
  expect(await statusOf(orphan)).toMatchObject({ status: "refund", failReason: "ORPHANED_DEPOSIT_REFUND" });
  expect(ledger.balance({ accountIndex: sender.accountIndex, assetIndex: 0 })).toBe(before);
});

test("with a state directory, Bitcoin and exchange orphans waiting for their window survive a restart, then are refunded", async () => {
  const stateDir = makeTempDir("external-orphans");
  let skew = 0;
  const options = { port: 0, stateDir, bitcoinBlockTimeMs: 0, now: () => Date.now() + skew, log: () => {} };
  const unknownId = `0x${"6b".repeat(32)}` as Hex;
  let exchangeOrphan: Hex;
  const first = await createDevnet(options);
  try {
    payFromBitcoinWallet({
      chain: first.bitcoin,
      wallet: bitcoinTestWallets[7] as (typeof bitcoinTestWallets)[number],
      to: first.info.bitcoin.solver.address,
      amount: 250_000n,
      requestId: unknownId,
    });
    first.bitcoin.mine(1);
    const transfer = strayTransfer(
      first,
      first.info.exchange.testAccounts[8] as { apiKey: string },
      3_000_000n,
    );
    exchangeOrphan = derivedRequestId({ id: zeroId, txHash: transfer.hash, logIndex: 0 });
    await first.idle();
    expect(await statusAt(first.url, unknownId)).toMatchObject({ status: "pending" });
    expect(await statusAt(first.url, exchangeOrphan)).toMatchObject({ status: "pending" });
  } finally {
    await first.stop();
  }
  skew = defaultOrphanRefundDelayMs;
  const second = await createDevnet(options);
  try {
    await second.idle();
    for (const requestId of [unknownId, exchangeOrphan])
      expect(await statusAt(second.url, requestId)).toMatchObject({
        status: "refund",
        failReason: "ORPHANED_DEPOSIT_REFUND",
      });
    expect((await checkNoCoinWithoutOwner(second)).ok).toBe(true);
  } finally {
    await second.stop();
  }
});

test("GET /devnet/invariant names a Bitcoin coin that no request records", async () => {
  // Its own devnet: a coin on a chain cannot be taken back, so the harness's devnet stays clean.
  const own = await createDevnet({ port: 0, bitcoinBlockTimeMs: 0, log: () => {} });
  try {
    const chain = own.bitcoin;
    const solverAddress = bitcoinSolverWallet.p2wpkhAddress;
    const payer = bitcoinTestWallets[5] as (typeof bitcoinTestWallets)[number];
    const [mine] = chain.getUtxos(solverAddress);
    const [theirs] = chain.getUtxos(payer.p2wpkhAddress);
    if (!mine || !theirs) throw new Error("no utxo");
    // It spends one of the solver's outputs, so the watcher takes it for the solver's own payment;
    // yet 400,000 sats of the payer's come in with it.
    const injected = signTransaction({
      inputs: [
        { txid: theirs.txid, vout: theirs.vout, value: theirs.value, type: "p2wpkh", wallet: payer },
        { txid: mine.txid, vout: mine.vout, value: mine.value, type: "p2wpkh", wallet: bitcoinSolverWallet },
      ],
      outputs: [
        { address: solverAddress, amount: mine.value + 400_000n },
        { address: payer.p2wpkhAddress, amount: theirs.value - 410_000n },
      ],
    });
    chain.broadcast(injected.hex);
    const { report, lines } = await readCoinDifferences(own.url);
    expect(report.ok).toBe(false);
    expect(report.differences).toEqual([
      {
        rule: "payments-recorded",
        chainId: bitcoin.chainId,
        holder: solverAddress,
        currency: bitcoin.nativeCurrency,
        expected: "0",
        actual: "400000",
        requests: [],
        transfers: [{ txHash: injected.txid, logIndex: 0, from: payer.p2wpkhAddress, amount: "400000" }],
      },
    ]);
    expect(lines[0]).toContain(`payments-recorded on chain ${bitcoin.chainId}, ${solverAddress}`);
  } finally {
    await own.stop();
  }
});
