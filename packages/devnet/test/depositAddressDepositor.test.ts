// The account that pays a deposit address is the request's depositor: its first transfer's sender
// and hash are `depositAddress.depositor` and `depositTxHash` in the status and the listings (the
// interface: `depositTxHash` is "the depositor transfer into the deposit address"), and
// `GET /requests/v3?user=` finds the request by it (the live filter: "the sender or the
// deposit-address depositor"). The address stays derived from the quote's user, and is swept.
import { type Address, getAddress, type Hex, keccak256, parseEther, toHex } from "viem";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { nativeCurrencyAddress } from "../src/constants.js";

const { devnet, origin, destination, reader, account, wallet } = useDevnet();
const client = () => createClient({ network: { baseUrl: devnet().url }, apiKey: "depositor", retry: false });
const addressOf = (role: string) =>
  getAddress(keccak256(toHex(`depositAddressDepositor:${role}`)).slice(0, 42));

test("default: another account's transfer into a strict deposit address makes it the depositor; user= finds the request by it", async () => {
  const quote = await client().getQuote({
    user: account(1).address,
    recipient: addressOf("recipient"),
    refundTo: addressOf("refundTo"),
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: parseEther("0.01").toString(),
    tradeType: "EXACT_INPUT",
    useDepositAddress: true,
    strict: true,
  });
  const depositAddress = quote.steps[0]?.depositAddress as Address;
  const requestId = quote.steps[0]?.requestId as Hex;
  const payer = account(6).address;
  const hash = await wallet(6).sendTransaction({
    to: depositAddress,
    value: parseEther("0.01"),
    chain: null,
  });
  expect((await reader(origin()).waitForTransactionReceipt({ hash })).status).toBe("success");
  await devnet().idle();
  const status = await waitForStatus(client(), { requestId, intervalMs: 20 });
  expect(status.status).toBe("success");
  const [listed] = (await client().getRequests({ user: payer })).requests;
  expect(listed?.id).toBe(requestId);
  expect(listed?.depositAddress).toMatchObject({
    address: depositAddress,
    depositor: payer,
    depositTxHash: hash,
  });
  // The quote's user still finds it too.
  expect((await client().getRequests({ user: account(1).address })).requests.map((r) => r.id)).toContain(
    requestId,
  );
});
