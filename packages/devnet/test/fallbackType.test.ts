// details.fallbackType of a quote and a price: `transfer` when the request has a fallback route
// (useFallbacks with destination calls: calls that revert are left out and the output is sent to the
// recipient, status `fallback`), `none` otherwise; the fallback it announces is the one taken.
import { type Hex, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { nativeCurrencyAddress } from "../src/constants.js";

const { origin, destination, account, wallet, client } = useDevnet();
const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
const intent = (index: number) => ({
  user: account(index).address,
  originChainId: origin().chainId,
  destinationChainId: destination().chainId,
  originCurrency: nativeCurrencyAddress,
  destinationCurrency: nativeCurrencyAddress,
  amount: parseEther("1").toString(),
  tradeType: "EXACT_INPUT" as const,
});
// A call the destination depository refuses (no such function): it reverts.
const reverting = () => ({
  to: destination().contracts.depository,
  data: "0xdeadbeef" as Hex,
  value: parseEther("0.1").toString(),
});

test("default: useFallbacks with destination calls is a `transfer` fallback, and the fallback taken is that", async () => {
  const recipient = fresh();
  const quote = await client().getQuote({ ...intent(8), recipient, txs: [reverting()], useFallbacks: true });
  expect(quote.details?.fallbackType).toBe("transfer");
  await executeSteps(client(), { quote, wallet: wallet(8), checkIntervalMs: 20 }).catch(() => {});
  const final = await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 });
  expect(final.status).toBe("fallback");
});

test("none: without useFallbacks, or without destination calls (nothing to fall back from)", async () => {
  const recipient = fresh();
  const price = (body: Record<string, unknown>) => client().getPrice({ ...intent(9), recipient, ...body });
  expect(
    (await client().getQuote({ ...intent(9), recipient, txs: [reverting()] })).details?.fallbackType,
  ).toBe("none");
  expect(
    (await client().getQuote({ ...intent(9), recipient, useFallbacks: true })).details?.fallbackType,
  ).toBe("none");
  expect((await price({ txs: [reverting()], useFallbacks: true })).details?.fallbackType).toBe("transfer");
  expect((await price({ txs: [reverting()], useFallbacks: false })).details?.fallbackType).toBe("none");
});
