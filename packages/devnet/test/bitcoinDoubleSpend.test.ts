// A second Bitcoin payment for a request that already took one: formerly left on the solver's
// address without a refund, it is now refunded like a second EVM deposit: a request of its own
// (`DOUBLE_SPEND`, listed in the original's details.duplicateDeposits), paid back in BTC to the
// request's refundTo once the payment has its confirmation. The first payment is filled as usual.
import { type Hex, zeroAddress } from "viem";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { pollUntil } from "../../../test/support/pollUntil.js";
import { bitcoin } from "../../attestkit/src/chains/bitcoin/constants.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { bitcoinTestWallets } from "../src/bitcoin/bitcoinTestWallets.js";
import { payFromBitcoinWallet } from "../src/bitcoin/payFromBitcoinWallet.js";

const { devnet, destination, client } = useDevnet({ bitcoinBlockTimeMs: 0, indexIntervalMs: 600_000 });

const wallet = bitcoinTestWallets[2] as (typeof bitcoinTestWallets)[number];
const fundedOf = (address: string) => devnet().bitcoin.getAddressStats(address).chain.fundedTxoSum;

test("a second payment for a paid request is refunded in BTC to refundTo as DOUBLE_SPEND", async () => {
  const amount = 3_000_000n;
  const quote = await client().getQuote({
    user: wallet.p2wpkhAddress,
    recipient: "0xb7c0d00000000000000000000000000000000001",
    refundTo: wallet.p2trAddress,
    originChainId: bitcoin.chainId,
    destinationChainId: destination().chainId,
    originCurrency: bitcoin.nativeCurrency,
    destinationCurrency: zeroAddress,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
  });
  const requestId = quote.requestId as Hex;
  const pay = () =>
    payFromBitcoinWallet({
      chain: devnet().bitcoin,
      wallet,
      to: devnet().info.bitcoin.solver.address,
      amount,
      requestId,
    }).txid;
  const first = pay();
  await pollUntil("the first payment's pending", async () =>
    (await client().getStatus({ requestId })).status === "pending" ? true : undefined,
  );
  const second = pay();
  const duplicate = await pollUntil("the second payment's own request", async () => {
    const original = await client().getStatus({ requestId });
    return (original.details as { duplicateDeposits?: Hex[] } | null)?.duplicateDeposits?.[0];
  });
  expect(await client().getStatus({ requestId: duplicate })).toMatchObject({
    status: "pending",
    inTxHashes: [second],
    details: { reason: "the request id was already deposited", originalRequestId: requestId },
  });

  // Nothing is filled or paid back before the confirmation; then both are carried out.
  const refundBefore = fundedOf(wallet.p2trAddress);
  devnet().bitcoin.mine();
  const filled = await waitForStatus(client(), { requestId, intervalMs: 20 });
  expect(filled).toMatchObject({ status: "success", inTxHashes: [first] });
  const refunded = await waitForStatus(client(), { requestId: duplicate, intervalMs: 20 });
  expect(refunded).toMatchObject({ status: "refund", failReason: "DOUBLE_SPEND" });
  const refund = (refunded.details as { refund: { txHash: string; recipient: string; amount: string } })
    .refund;
  expect(refund).toMatchObject({ recipient: wallet.p2trAddress, amount: amount.toString() });
  expect(refunded.txHashes).toEqual([refund.txHash]);
  devnet().bitcoin.mine();
  expect(fundedOf(wallet.p2trAddress) - refundBefore).toBe(amount);
});
