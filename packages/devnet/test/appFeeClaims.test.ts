// GET /app-fees/{wallet}/claims on the devnet, through the client's getAppFeeClaims: the app fee
// ledger keeps every claim the wallet signed with how its payment went (txHash, status), newest
// first, in the SDK's shape, a page at a time with limit and continuation.
import { type Address, createWalletClient, type Hex, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { claimAppFees } from "../../attestkit/src/client/actions/claimAppFees.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { getAppFeeClaims } from "../../attestkit/src/client/actions/getAppFeeClaims.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { ApiError } from "../../attestkit/src/client/errors/request.js";
import { nativeCurrencyAddress } from "../src/constants.js";

const { devnet: running, origin, destination, reader, wallet, account, client, usdcOf } = useDevnet();

describe("GET /app-fees/{wallet}/claims", () => {
  const app = privateKeyToAccount(generatePrivateKey());

  /** Claims `amount` of the app's fees to `recipient` on `chain`, signed by the app; the payment's hash. */
  async function claim(chain: ReturnType<typeof origin>, recipient: Address, amount: string) {
    const { steps } = await claimAppFees(client(), {
      wallet: app.address,
      chainId: chain.chainId,
      currency: chain.contracts.token,
      recipient,
      amount,
    });
    const appWallet = createWalletClient({
      account: app,
      transport: http(chain.rpcUrl),
      pollingInterval: 50,
    });
    const result = await executeSteps(client(), {
      quote: { steps } as never,
      verify: false,
      wallet: appWallet,
      checkIntervalMs: 20,
    });
    return result;
  }

  test("default: no claims, then each paid claim newest first with its payment, in pages", async () => {
    expect(await getAppFeeClaims(client(), { wallet: app.address })).toEqual({ claims: [] });
    // 1 ETH with 1% for the app: $30 of fees in USDC.
    const quote = await client().getQuote({
      user: account(2).address,
      originChainId: origin().chainId,
      destinationChainId: destination().chainId,
      originCurrency: nativeCurrencyAddress,
      destinationCurrency: nativeCurrencyAddress,
      amount: parseEther("1").toString(),
      tradeType: "EXACT_INPUT",
      appFees: [{ recipient: app.address, fee: "100" }],
    });
    await executeSteps(client(), { quote, wallet: wallet(2), checkIntervalMs: 20 });
    expect(
      (await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 })).status,
    ).toBe("success");
    await running().idle();

    const first = privateKeyToAccount(generatePrivateKey()).address;
    const second = privateKeyToAccount(generatePrivateKey()).address;
    const started = Date.now();
    await claim(origin(), first, "10000000");
    await claim(destination(), second, "5000000");
    expect(await usdcOf(origin(), first)).toBe(10_000_000n);
    expect(await usdcOf(destination(), second)).toBe(5_000_000n);
    // A claim reserved but never signed is no claim transaction: not listed.
    await claimAppFees(client(), {
      wallet: app.address,
      chainId: origin().chainId,
      currency: origin().contracts.token,
      recipient: first,
      amount: "1000000",
    });

    const { claims, continuation } = await getAppFeeClaims(client(), { wallet: app.address });
    expect(continuation).toBeUndefined();
    expect(
      claims.map((c) => [c.recipient, c.status, c.currency?.amount, c.currency?.currency?.chainId]),
    ).toEqual([
      [second, "success", "5000000", destination().chainId],
      [first, "success", "10000000", origin().chainId],
    ]);
    for (const c of claims) {
      expect(c).toMatchObject({
        wallet: app.address,
        currency: { currency: { symbol: "USDC", decimals: 6 } },
      });
      expect(c.claimId).toMatch(/^0x[0-9a-f]{64}$/);
      expect(Date.parse(c.createdAt as string)).toBeGreaterThanOrEqual(started - 1000);
    }
    // Each txHash is the payment's transaction, mined with status 1.
    const receipt = await reader(destination()).getTransactionReceipt({ hash: claims[0]?.txHash as Hex });
    expect(receipt.status).toBe("success");

    // Pages of one: the newest, then the next, then none left.
    const page1 = await getAppFeeClaims(client(), { wallet: app.address, limit: 1 });
    expect(page1.claims.map((c) => c.claimId)).toEqual([claims[0]?.claimId]);
    const page2 = await getAppFeeClaims(client(), {
      wallet: app.address,
      limit: 1,
      continuation: page1.continuation as string,
    });
    expect(page2.claims.map((c) => c.claimId)).toEqual([claims[1]?.claimId]);
    expect(page2.continuation).toBeUndefined();
  });

  test("refused: a wallet that is not an address, a continuation it did not hand out", async () => {
    const notAddress = await getAppFeeClaims(client(), { wallet: "0x1234" }).catch((e: unknown) => e);
    expect(notAddress).toBeInstanceOf(ApiError);
    expect(notAddress).toMatchObject({ status: 400, body: { errorCode: "INVALID_ADDRESS" } });
    const forged = await getAppFeeClaims(client(), {
      wallet: app.address,
      continuation: "bm90LWEtY3Vyc29y",
    }).catch((e: unknown) => e);
    expect(forged).toMatchObject({ status: 400, body: { errorCode: "INVALID_REQUEST" } });
  });
});
