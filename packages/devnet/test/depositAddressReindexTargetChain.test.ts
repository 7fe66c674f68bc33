// POST /transactions/deposit-address/reindex with a targetChainId: funds sent to a deposit address
// on another devnet chain than the one it was made on (the address is the same on every devnet
// chain) are found there, swept into that chain's depository under the order id, and refunded to
// the request's refundTo as DEPOSIT_CHAIN_MISMATCH; the request itself keeps waiting.
import { type Address, type Hex, numberToHex, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { pollUntil } from "../../../test/support/pollUntil.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { nativeCurrencyAddress } from "../src/constants.js";

// rpcAdmin: the address is funded with hardhat_setBalance, which no watcher sees.
const { devnet, origin, destination, reader, account } = useDevnet({
  rpcAdmin: true,
  orphanRefundDelayMs: 0,
});
const client = () =>
  createClient({
    network: { baseUrl: devnet().url },
    solvers: [devnet().info.solver.address],
    trustRoot: devnet().trustRoot,
    apiKey: "reindex-key",
    retry: false,
  });

test("default: funds on the destination chain are swept there and refunded to refundTo (DEPOSIT_CHAIN_MISMATCH)", async () => {
  const refundTo = privateKeyToAccount(generatePrivateKey()).address;
  const quote = await client().getQuote({
    user: account(2).address,
    recipient: privateKeyToAccount(generatePrivateKey()).address,
    refundTo,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: parseEther("0.5").toString(),
    tradeType: "EXACT_INPUT",
    useDepositAddress: true,
  });
  const requestId = quote.requestId as Hex;
  const address = quote.steps[0]?.depositAddress as Address;
  // The ETH lands at the address on the destination chain: the origin's watcher never sees it.
  await reader(destination()).request({
    method: "hardhat_setBalance" as never,
    params: [address, numberToHex(parseEther("0.5"))] as never,
  });
  const onOrigin = await client().reindexDepositAddress({
    chainId: origin().chainId,
    depositAddress: address,
  });
  expect(onOrigin.triggeredCurrencies).toEqual([]);

  const reindexed = await client().reindexDepositAddress({
    chainId: origin().chainId,
    depositAddress: address,
    targetChainId: destination().chainId,
  });
  expect(reindexed).toEqual({
    message: `Swept ETH of ${address} into the depository of chain ${destination().chainId}.`,
    triggeredCurrencies: [
      { currency: nativeCurrencyAddress, symbol: "ETH", balance: parseEther("0.5").toString() },
    ],
    checkedCurrencies: 2,
    failedCurrencies: 0,
  });
  expect(await reader(destination()).getBalance({ address })).toBe(0n);
  await devnet().idle();
  const refunded = await pollUntil(
    "the refund of the payment on the wrong chain",
    async () => {
      const { requests } = await client().getRequests({ failReason: "DEPOSIT_CHAIN_MISMATCH" });
      return requests.find((request) => request.status === "refund");
    },
    { intervalMs: 50 },
  );
  expect(refunded.data?.refundCurrencyData).toMatchObject({ amount: parseEther("0.5").toString() });
  expect(await reader(destination()).getBalance({ address: refundTo })).toBe(parseEther("0.5"));
  expect((await client().getStatus({ requestId })).status).toBe("waiting");
});

test("refused: a target chain the devnet does not run, a currency no sweep moves there", async () => {
  const quote = await client().getQuote({
    user: account(3).address,
    refundTo: account(3).address,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: parseEther("0.1").toString(),
    tradeType: "EXACT_INPUT",
    useDepositAddress: true,
  });
  const depositAddress = quote.steps[0]?.depositAddress as Address;
  const reindex = (extra: { targetChainId?: number; currency?: string }) =>
    client()
      .reindexDepositAddress({ chainId: origin().chainId, depositAddress, ...extra })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
  expect(await reindex({ targetChainId: 1 })).toMatchObject({ status: 400, code: "UNSUPPORTED_CHAIN" });
  const unknownToken = privateKeyToAccount(generatePrivateKey()).address;
  expect(await reindex({ targetChainId: destination().chainId, currency: unknownToken })).toMatchObject({
    status: 400,
    code: "UNSUPPORTED_CURRENCY",
  });
});
