// POST /transactions/deposit-address/reindex of a Bitcoin deposit address: the address's balance by
// the balance rule and its request's status; nothing is queued, since the devnet's Bitcoin watcher
// takes every payment to a deposit address as it reaches the mempool.
import type { Hex } from "viem";
import { zeroAddress } from "viem";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { bitcoin } from "../../attestkit/src/chains/bitcoin/constants.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { bitcoinTestWallets } from "../src/bitcoin/bitcoinTestWallets.js";
import { payFromBitcoinWallet } from "../src/bitcoin/payFromBitcoinWallet.js";

const { devnet } = useDevnet({ bitcoinBlockTimeMs: 0, indexIntervalMs: 600_000 });
const amount = 2_000_000n;
const user = bitcoinTestWallets[6] as (typeof bitcoinTestWallets)[number];

test("default: before and after the payment, the balance and the request's status; nothing queued", async () => {
  const client = createClient({
    network: { baseUrl: devnet().url },
    solvers: [devnet().info.solver.address],
    trustRoot: devnet().trustRoot,
    retry: false,
  });
  const quote = await client.getQuote({
    user: user.p2wpkhAddress,
    recipient: "0xda0000000000000000000000000000000000d002",
    refundTo: user.p2trAddress,
    useDepositAddress: true,
    originChainId: bitcoin.chainId,
    destinationChainId: devnet().info.chains[1]?.chainId as number,
    originCurrency: bitcoin.nativeCurrency,
    destinationCurrency: zeroAddress,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
  });
  const requestId = quote.requestId as Hex;
  const depositAddress = quote.steps[0]?.depositAddress as string;
  const reindex = () => client.reindexDepositAddress({ chainId: bitcoin.chainId, depositAddress });
  expect(await reindex()).toEqual({
    message: `${depositAddress} holds 0 sat; every payment to it was taken as it reached the mempool (request ${requestId} is waiting): nothing to queue.`,
    triggeredCurrencies: [],
    checkedCurrencies: 1,
    failedCurrencies: 0,
  });
  payFromBitcoinWallet({ chain: devnet().bitcoin, wallet: user, to: depositAddress, amount, requestId });
  devnet().bitcoin.mine();
  expect((await waitForStatus(client, { requestId, intervalMs: 20 })).status).toBe("success");
  expect((await reindex()).message).toBe(
    // Credited, then swept into the solver's wallet: the address holds nothing by the balance rule.
    `${depositAddress} holds 0 sat; every payment to it was taken as it reached the mempool (request ${requestId} is success): nothing to queue.`,
  );
  const refused = (body: { targetChainId?: number; currency?: string }) =>
    client.reindexDepositAddress({ chainId: bitcoin.chainId, depositAddress, ...body }).then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(await refused({ targetChainId: devnet().info.originChainId })).toMatchObject({
    status: 400,
    code: "UNSUPPORTED_CHAIN",
  });
  expect(await refused({ currency: zeroAddress })).toMatchObject({
    status: 400,
    code: "UNSUPPORTED_CURRENCY",
  });
});
