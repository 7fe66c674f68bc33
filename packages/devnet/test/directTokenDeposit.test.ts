// explicitDeposit: false on a token origin, end to end: the quote's one step is the token's
// `transfer(depository, amount)` with the order id as the calldata's trailing 32 bytes
// (protocol-v2-orders.md §4: the live service's direct form), no approval before it; the client runs
// it with the payment guard on (it decodes the transfer against the signed order), the devnet
// credits it to the request and fills.
import { concat, encodeFunctionData, erc20Abi, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";

const { devnet, origin, destination, account, client, wallet, usdcOf } = useDevnet();

test("explicitDeposit: false for a token: one transfer step with the order id trailing, run through the guard, filled", async () => {
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const amount = 5_000_000n;
  const quote = await client().getQuote({
    user: account(3).address,
    recipient,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: origin().contracts.token,
    destinationCurrency: destination().contracts.token,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
    explicitDeposit: false,
  });
  const orderId = (quote as { protocol: { v2: { orderId: Hex } } }).protocol.v2.orderId;
  expect(quote.steps.map((step) => step.id)).toEqual(["deposit"]);
  expect(quote.steps[0]?.items[0]?.data).toMatchObject({
    to: origin().contracts.token,
    value: "0",
    data: concat([
      encodeFunctionData({
        abi: erc20Abi,
        functionName: "transfer",
        args: [origin().contracts.depository, amount],
      }),
      orderId,
    ]),
  });
  expect(quote.details).not.toHaveProperty("devnetNotSimulated");
  await executeSteps(client(), { quote, wallet: wallet(3), checkIntervalMs: 20 });
  await devnet().idle();
  const status = await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 });
  expect(status.status).toBe("success");
  expect(await usdcOf(destination(), recipient)).toBe(BigInt(quote.details?.currencyOut?.amount as string));
});
