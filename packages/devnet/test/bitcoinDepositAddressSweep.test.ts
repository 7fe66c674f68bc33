// The solver sweeps a Bitcoin deposit address into its own wallet once it credited what arrived: a
// real spend on the simulated chain of every output the address received, to the solver's address,
// less the fee; the refund of an underpayment is then paid from the solver's wallet as before.
import { type Hex, zeroAddress } from "viem";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { pollUntil } from "../../../test/support/pollUntil.js";
import { bitcoin } from "../../attestkit/src/chains/bitcoin/constants.js";
import { toOutputScript } from "../../attestkit/src/chains/bitcoin/toOutputScript.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { bitcoinTestWallets } from "../src/bitcoin/bitcoinTestWallets.js";
import { payFromBitcoinWallet } from "../src/bitcoin/payFromBitcoinWallet.js";

const { devnet, client } = useDevnet({ bitcoinBlockTimeMs: 0 });

const amount = 2_000_000n;
const wallet = (index: number) => bitcoinTestWallets[index] as (typeof bitcoinTestWallets)[number];

/** A strict deposit-address quote from test wallet `index`, BTC to ETH. */
async function depositAddressQuote(index: number) {
  const user = wallet(index);
  const quote = await client().getQuote({
    user: user.p2wpkhAddress,
    recipient: "0xda0000000000000000000000000000000000d002",
    refundTo: user.p2trAddress,
    useDepositAddress: true,
    strict: true,
    originChainId: bitcoin.chainId,
    destinationChainId: devnet().info.chains[1]?.chainId as number,
    originCurrency: bitcoin.nativeCurrency,
    destinationCurrency: zeroAddress,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
  });
  const step = quote.steps[0] as (typeof quote.steps)[number];
  return { user, requestId: step.requestId as Hex, depositAddress: step.depositAddress as string };
}

/** The transaction that spent the deposit output `txid:vout`, once it is in the mempool or a block. */
const spenderOf = (txid: string, vout: number) =>
  pollUntil(`the spend of ${txid}:${vout}`, () => {
    const outspend = devnet().bitcoin.getOutspend(txid, vout);
    return outspend?.spent ? outspend.txid : undefined;
  });

test("default: once credited, the deposit address's coins move to the solver's address", async () => {
  const { user, requestId, depositAddress } = await depositAddressQuote(8);
  const { txid } = payFromBitcoinWallet({
    chain: devnet().bitcoin,
    wallet: user,
    to: depositAddress,
    amount,
    requestId,
  });
  devnet().bitcoin.mine();
  expect((await waitForStatus(client(), { requestId, intervalMs: 20 })).status).toBe("success");
  const sweep = devnet().bitcoin.getTransaction(await spenderOf(txid, 0));
  const solverScript = toOutputScript({ address: devnet().info.bitcoin.solver.address });
  expect(sweep?.transaction.outputs.length).toBe(1);
  const output = sweep?.transaction.outputs[0] as { amount: bigint; script: Uint8Array };
  expect(output.script).toEqual(solverScript);
  // All of it, less the fee of a one-input, one-output P2WPKH spend (110 vbytes at 2 sat/vB).
  expect(output.amount).toBe(amount - 220n);
  expect(devnet().bitcoin.getUtxos(depositAddress)).toEqual([]);
  // The sweep pays no request: the request keeps its one deposit, no duplicate is born.
  const status = await client().getStatus({ requestId });
  expect(status.inTxHashes).toEqual([txid]);
  expect((status.details as { duplicateDeposits?: unknown } | null)?.duplicateDeposits).toBeUndefined();
});

test("an underpayment is swept too, and refunded from the solver's wallet", async () => {
  const { user, requestId, depositAddress } = await depositAddressQuote(9);
  const { txid } = payFromBitcoinWallet({
    chain: devnet().bitcoin,
    wallet: user,
    to: depositAddress,
    amount: amount / 2n,
    requestId,
  });
  devnet().bitcoin.mine();
  expect((await waitForStatus(client(), { requestId, intervalMs: 20 })).status).toBe("refund");
  await spenderOf(txid, 0);
  expect(devnet().bitcoin.getUtxos(depositAddress)).toEqual([]);
  const refunds = devnet().bitcoin.getUtxos(user.p2trAddress);
  expect(refunds.some((utxo) => utxo.value === amount / 2n)).toBe(true);
});
