// A reverting destination call records a specific failReason from the live service's execution-error
// vocabulary, never UNKNOWN: EXECUTION_REVERTED (a revert with a reason), MISSING_REVERT_DATA (a revert
// without one), QUOTED_GAS_LIMIT_EXCEEDED (the calls need more than txsGasLimit); each then refunded.
import { encodeFunctionData, erc20Abi, parseEther, zeroAddress } from "viem";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";

const { devnet, origin, destination, client, account, wallet } = useDevnet({ bitcoinBlockTimeMs: 0 });

async function payWithCalls(index: number, extra: Record<string, unknown>) {
  const quote = await client().getQuote({
    user: account(index).address,
    recipient: account(index).address,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: parseEther("0.1").toString(),
    tradeType: "EXACT_INPUT",
    ...extra,
  } as Parameters<ReturnType<typeof client>["getQuote"]>[0]);
  await client()
    .executeSteps({ quote, wallet: wallet(index), checkIntervalMs: 20 })
    .catch(() => undefined);
  const requestId = quote.requestId as string;
  const final = await waitForStatus(client(), { requestId, intervalMs: 20 });
  const record = (await (await fetch(`${devnet().url}/devnet/requests/${requestId}`)).json()) as {
    history: { status: string }[];
  };
  return { final, statuses: record.history.map((entry) => entry.status) };
}

test.each([
  [
    "a call that reverts with a reason (a custom error): EXECUTION_REVERTED",
    4,
    () => ({
      txs: [
        {
          to: destination().contracts.token,
          // transferFrom without an allowance: the token reverts with its error.
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: "transferFrom",
            args: [account(0).address, account(1).address, 1n],
          }),
          value: "0",
        },
      ],
    }),
    "EXECUTION_REVERTED",
  ],
  [
    "a call that reverts without a reason (no such function): MISSING_REVERT_DATA",
    5,
    () => ({ txs: [{ to: destination().contracts.token, data: "0xdeadbeef", value: "0" }] }),
    "MISSING_REVERT_DATA",
  ],
  [
    "calls that need more gas than txsGasLimit: QUOTED_GAS_LIMIT_EXCEEDED",
    6,
    () => ({ txs: [{ to: account(9).address, value: "1" }], txsGasLimit: 20_000 }),
    "QUOTED_GAS_LIMIT_EXCEEDED",
  ],
])("%s, then refunded", async (_, index, extra, reason) => {
  const { final, statuses } = await payWithCalls(index, extra());
  expect(statuses).toEqual(["waiting", "pending", "failure", "refund"]);
  expect(final).toMatchObject({ status: "refund", failReason: reason, refundFailReason: "N/A" });
  expect(final.details).toHaveProperty("revert");
});

test("useFallbacks: the fallback's failReason names the revert too", async () => {
  const { final } = await payWithCalls(7, {
    txs: [{ to: destination().contracts.token, data: "0xdeadbeef", value: "0" }],
    useFallbacks: true,
  });
  expect(final).toMatchObject({ status: "fallback", failReason: "MISSING_REVERT_DATA" });
});
