// Bitcoin deposit addresses through the client: useDepositAddress and strict from Bitcoin with refundTo
// give the request its own P2WPKH address: the exact amount is filled, less is refunded in full
// to refundTo, more is filled and the excess refunded; the quote is refused with INSUFFICIENT_FUNDS
// when the user's balance by the balance rule is below the amount.
import { createWalletClient, type Hex, http, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { pollUntil } from "../../../test/support/pollUntil.js";
import { bitcoinBalance } from "../../attestkit/src/chains/bitcoin/bitcoinBalance.js";
import { bitcoin } from "../../attestkit/src/chains/bitcoin/constants.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { bitcoinTestWallets } from "../src/bitcoin/bitcoinTestWallets.js";
import { finalizePsbt } from "../src/bitcoin/finalizePsbt.js";
import { payFromBitcoinWallet } from "../src/bitcoin/payFromBitcoinWallet.js";
import { signPsbt } from "../src/bitcoin/signPsbt.js";

const { devnet } = useDevnet({ bitcoinBlockTimeMs: 0, indexIntervalMs: 600_000 });

const amount = 2_000_000n;
const wallet = (index: number) => bitcoinTestWallets[index] as (typeof bitcoinTestWallets)[number];
const balanceOf = (address: string) => {
  const { chain, mempool } = devnet().bitcoin.getAddressStats(address);
  return bitcoinBalance({
    funded: chain.fundedTxoSum,
    spent: chain.spentTxoSum,
    pendingSpent: mempool.spentTxoSum,
  });
};

async function depositAddressQuote(index: number) {
  const client = createClient({
    network: { baseUrl: devnet().url },
    solvers: [devnet().info.solver.address],
    trustRoot: devnet().trustRoot,
  });
  const user = wallet(index);
  const quote = await client.getQuote({
    user: user.p2wpkhAddress,
    recipient: "0xda0000000000000000000000000000000000d001",
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
  return {
    client,
    user,
    quote,
    requestId: step.requestId as Hex,
    depositAddress: step.depositAddress as string,
  };
}

test("exact: the client's PSBT pays the request's own address; filled after 1 confirmation", async () => {
  const { client, user, quote, requestId, depositAddress } = await depositAddressQuote(7);
  expect(depositAddress).toMatch(/^bc1q/);
  expect(depositAddress).not.toBe(devnet().info.bitcoin.solver.address);
  const evm = privateKeyToAccount(devnet().info.testAccounts[1]?.privateKey as Hex);
  const execution = executeSteps(client, {
    quote,
    wallet: createWalletClient({
      account: evm,
      transport: http(devnet().info.chains[1]?.rpcUrl),
      pollingInterval: 50,
    }),
    handlers: {
      signPsbt: async ({ psbt }) => {
        const { transaction } = finalizePsbt({ psbt: signPsbt({ psbt, privateKey: user.privateKey }).psbt });
        const response = await fetch(`${devnet().info.bitcoin.esploraUrl}/tx`, {
          method: "POST",
          body: transaction,
        });
        return { txHash: await response.text() };
      },
    },
    checkIntervalMs: 20,
  });
  await pollUntil("the deposit in the mempool", () => devnet().bitcoin.mempool().length > 0 || undefined, {
    intervalMs: 20,
  });
  devnet().bitcoin.mine();
  await execution;
  const final = await waitForStatus(client, { requestId, intervalMs: 20 });
  expect(final.status).toBe("success");
  expect(final.depositAddress).toMatchObject({ address: depositAddress, depositAddressType: "strict" });
  // Credited, then swept into the solver's wallet (bitcoinDepositAddressSweep.test.ts).
  expect(balanceOf(depositAddress)).toBe(0n);
});

test("under: a plain payment of less than quoted is refunded in full to refundTo", async () => {
  const { client, user, requestId, depositAddress } = await depositAddressQuote(8);
  const refundBefore = balanceOf(user.p2trAddress);
  payFromBitcoinWallet({
    chain: devnet().bitcoin,
    wallet: user,
    to: depositAddress,
    amount: amount - 1n,
    requestId,
  });
  devnet().bitcoin.mine();
  const final = await waitForStatus(client, { requestId, intervalMs: 20 });
  expect(final.status).toBe("refund");
  expect(final.failReason).toBe("DEPOSITED_AMOUNT_TOO_LOW_TO_FILL");
  devnet().bitcoin.mine();
  expect(balanceOf(user.p2trAddress) - refundBefore).toBe(amount - 1n);
});

test("over: filled as quoted, the excess refunded to refundTo", async () => {
  const { client, user, requestId, depositAddress } = await depositAddressQuote(9);
  const refundBefore = balanceOf(user.p2trAddress);
  payFromBitcoinWallet({
    chain: devnet().bitcoin,
    wallet: user,
    to: depositAddress,
    amount: amount + 70_000n,
    requestId,
  });
  devnet().bitcoin.mine();
  const final = await waitForStatus(client, { requestId, intervalMs: 20 });
  expect(final.status).toBe("success");
  // The excess refund goes out after the fill: mine until it is confirmed.
  await pollUntil(
    "the excess refund",
    () => {
      devnet().bitcoin.mine();
      return balanceOf(user.p2trAddress) !== refundBefore || undefined;
    },
    { intervalMs: 20 },
  );
  expect(balanceOf(user.p2trAddress) - refundBefore).toBe(70_000n);
});

test("INSUFFICIENT_FUNDS by the balance rule; refundTo is required", async () => {
  const post = async (body: Record<string, unknown>) => {
    const response = await fetch(`${devnet().url}/quote/v2`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        user: wallet(6).p2wpkhAddress,
        recipient: "0xda0000000000000000000000000000000000d001",
        refundTo: wallet(6).p2trAddress,
        useDepositAddress: true,
        originChainId: bitcoin.chainId,
        destinationChainId: devnet().info.chains[1]?.chainId,
        originCurrency: bitcoin.nativeCurrency,
        destinationCurrency: zeroAddress,
        tradeType: "EXACT_INPUT",
        ...body,
      }),
    });
    return { status: response.status, body: (await response.json()) as { errorCode?: string } };
  };
  const balance = balanceOf(wallet(6).p2wpkhAddress);
  expect(await post({ amount: (balance + 1n).toString() })).toMatchObject({
    status: 400,
    body: { errorCode: "INSUFFICIENT_FUNDS" },
  });
  // At the balance itself the deposit's fee is not covered: refused too; with room for the fee, quoted.
  expect(await post({ amount: balance.toString() })).toMatchObject({
    status: 400,
    body: { errorCode: "INSUFFICIENT_FUNDS" },
  });
  expect((await post({ amount: (balance - 10_000n).toString() })).status).toBe(200);
  const noRefund = await post({ amount: "100000", refundTo: undefined });
  expect(noRefund.status).toBe(400);
});
