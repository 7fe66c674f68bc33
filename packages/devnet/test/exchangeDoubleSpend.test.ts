// A second exchange transfer for a request that already took one: formerly kept by the relayer
// without a refund, it is now refunded like a second EVM deposit: a request of its own
// (`DOUBLE_SPEND`, listed in the original's details.duplicateDeposits), sent back from the relayer
// account to the account that sent it (not the request's refundTo). The first transfer is filled.
import type { Hex } from "viem";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { externalExchange } from "../../attestkit/src/chains/exchange/constants.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";

const { devnet, destination, client } = useDevnet({ bitcoinBlockTimeMs: 0 });

test("a second transfer for a paid request is sent back to its sender as DOUBLE_SPEND", async () => {
  const [sender, refundAccount] = devnet().info.exchange.testAccounts.slice(3, 5) as [
    { accountIndex: number; apiKey: string },
    { accountIndex: number; apiKey: string },
  ];
  const amount = 20_000_000n;
  const quote = await client().getQuote({
    user: String(sender.accountIndex),
    refundTo: String(refundAccount.accountIndex),
    recipient: "0xe0c0d00000000000000000000000000000000001",
    originChainId: externalExchange.chainId,
    destinationChainId: destination().chainId,
    originCurrency: externalExchange.currency,
    destinationCurrency: destination().contracts.token,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
  });
  const requestId = quote.requestId as Hex;
  const balance = (accountIndex: number) => devnet().exchange.balance({ accountIndex, assetIndex: 0 });
  const before = { sender: balance(sender.accountIndex), refundAccount: balance(refundAccount.accountIndex) };
  const transfer = () =>
    devnet().exchange.transfer({
      apiKey: sender.apiKey,
      request: {
        toAccountIndex: devnet().info.exchange.relayerAccountIndex,
        assetIndex: 0,
        fromRouteType: 0,
        toRouteType: 0,
        amount,
        usdcFee: 0n,
        memo: requestId,
      },
    }).transfer;
  const first = transfer();
  const second = transfer();

  const filled = await waitForStatus(client(), { requestId, intervalMs: 20 });
  expect(filled).toMatchObject({ status: "success", inTxHashes: [first.hash] });
  const duplicate = (filled.details as { duplicateDeposits?: Hex[] } | null)?.duplicateDeposits?.[0] as Hex;
  const refunded = await waitForStatus(client(), { requestId: duplicate, intervalMs: 20 });
  expect(refunded).toMatchObject({
    status: "refund",
    failReason: "DOUBLE_SPEND",
    inTxHashes: [second.hash],
    details: { originalRequestId: requestId, refund: { recipient: String(sender.accountIndex) } },
  });
  const back = devnet().exchange.getTransfersByMemo(duplicate);
  expect(back).toMatchObject([
    {
      fromAccountIndex: devnet().info.exchange.relayerAccountIndex,
      toAccountIndex: sender.accountIndex,
      amount,
    },
  ]);
  expect(refunded.txHashes).toEqual([back[0]?.hash]);
  // The sender paid once; the refund address got nothing.
  expect(before.sender - balance(sender.accountIndex)).toBe(amount);
  expect(balance(refundAccount.accountIndex)).toBe(before.refundAccount);
});
