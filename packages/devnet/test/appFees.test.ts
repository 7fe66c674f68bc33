// App fees on the devnet, through the client: a filled request's app fees accrue to each appFees
// recipient in USDC (GET /app-fees/{wallet}/balances, the live shape); POST
// /app-fees/{wallet}/claim answers a signature step that executeSteps signs and posts; the devnet
// then pays the claimed USDC to the recipient on the chosen chain. Claims by another signer, over
// the balance, replayed or in another currency are refused.
import { type Address, createWalletClient, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { nativeCurrencyAddress } from "../src/constants.js";

const { devnet: running, origin, destination, account, wallet, client, usdcOf } = useDevnet();

async function call(method: "GET" | "POST", path: string, body?: unknown) {
  const response = await fetch(`${running().url}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const balances = async (owner: Address) =>
  (await call("GET", `/app-fees/${owner}/balances`)).body.balances as {
    amount: string;
    currency: Record<string, unknown>;
  }[];

describe("app fees", () => {
  const app = privateKeyToAccount(generatePrivateKey());
  const partner = privateKeyToAccount(generatePrivateKey()).address;

  test("default: fees accrue per recipient in USDC once filled, are claimed through a signature step and paid", async () => {
    expect(await balances(app.address)).toEqual([]);
    // 100 USDC with 1% for the app and 0.5% for a partner; then 1 ETH with 1% for the app ($30).
    const usdcQuote = await client().getQuote({
      user: account(1).address,
      recipient: account(1).address,
      originChainId: origin().chainId,
      destinationChainId: destination().chainId,
      originCurrency: origin().contracts.token,
      destinationCurrency: destination().contracts.token,
      amount: "100000000",
      tradeType: "EXACT_INPUT",
      appFees: [
        { recipient: app.address, fee: "100" },
        { recipient: partner, fee: "50" },
      ],
    });
    // Nothing accrues before the fill.
    expect(await balances(app.address)).toEqual([]);
    await executeSteps(client(), { quote: usdcQuote, wallet: wallet(1), checkIntervalMs: 20 });
    expect(
      (await waitForStatus(client(), { requestId: usdcQuote.requestId as string, intervalMs: 20 })).status,
    ).toBe("success");
    const ethQuote = await client().getQuote({
      user: account(2).address,
      originChainId: origin().chainId,
      destinationChainId: destination().chainId,
      originCurrency: nativeCurrencyAddress,
      destinationCurrency: nativeCurrencyAddress,
      amount: parseEther("1").toString(),
      tradeType: "EXACT_INPUT",
      appFees: [{ recipient: app.address, fee: "100" }],
    });
    await executeSteps(client(), { quote: ethQuote, wallet: wallet(2), checkIntervalMs: 20 });
    expect(
      (await waitForStatus(client(), { requestId: ethQuote.requestId as string, intervalMs: 20 })).status,
    ).toBe("success");
    await running().idle();

    const [appBalance] = await balances(app.address);
    expect(appBalance).toMatchObject({
      currency: { chainId: origin().chainId, address: origin().contracts.token, symbol: "USDC", decimals: 6 },
      amount: "31000000",
      amountFormatted: "31",
      amountUsd: "31",
      minimumAmount: "31000000",
    });
    expect((await balances(partner))[0]?.amount).toBe("500000");

    // Claim 30 USDC on the destination chain to a fresh address.
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const claim = await call("POST", `/app-fees/${app.address}/claim`, {
      chainId: destination().chainId,
      currency: destination().contracts.token,
      recipient: to,
      amount: "30000000",
    });
    expect(claim.status).toBe(200);
    const steps = claim.body.steps as {
      id: string;
      kind: string;
      items: { data: { sign: { signatureKind: string } } }[];
    }[];
    expect(steps.map((step) => [step.id, step.kind, step.items[0]?.data.sign.signatureKind])).toEqual([
      ["claim", "signature", "eip191"],
    ]);
    // The reserved amount has left the balance while the claim waits for its signature.
    expect((await balances(app.address))[0]?.amount).toBe("1000000");
    const appWallet = createWalletClient({
      account: app,
      transport: http(destination().rpcUrl),
      pollingInterval: 50,
    });
    // A claim is not a quote: no order, nothing paid by the caller, so the payment guard has
    // nothing to check and is turned off for it.
    const result = await executeSteps(client(), {
      quote: { steps } as never,
      verify: false,
      wallet: appWallet,
      checkIntervalMs: 20,
    });
    expect(result.signatures).toHaveLength(1);
    expect(await usdcOf(destination(), to)).toBe(30_000_000n);
    expect((await balances(app.address))[0]?.amount).toBe("1000000");
  });

  test("refused: another signer, a replay, more than the balance, another currency or chain, a bad wallet", async () => {
    const [balance] = await balances(app.address);
    expect(balance?.amount).toBe("1000000");
    const claim = await call("POST", `/app-fees/${app.address}/claim`, {
      chainId: origin().chainId,
      currency: origin().contracts.token,
      recipient: app.address,
    });
    const item = (
      claim.body.steps as {
        items: { data: { sign: { message: string }; post: { endpoint: string; body: unknown } } }[];
      }[]
    )[0]?.items[0]?.data;
    const message = item?.sign.message as string;
    expect(message).toContain("1 USDC");
    const other = await account(3).signMessage({ message });
    const byOther = await call("POST", `${item?.post.endpoint}?signature=${other}`, item?.post.body);
    expect(byOther).toMatchObject({ status: 400, body: { errorCode: "INVALID_SIGNATURE" } });
    const good = await app.signMessage({ message });
    expect((await call("POST", `${item?.post.endpoint}?signature=${good}`, item?.post.body)).status).toBe(
      200,
    );
    expect(await usdcOf(origin(), app.address)).toBe(1_000_000n);
    const replay = await call("POST", `${item?.post.endpoint}?signature=${good}`, item?.post.body);
    expect(replay).toMatchObject({ status: 400, body: { errorCode: "INVALID_REQUEST" } });
    expect(await usdcOf(origin(), app.address)).toBe(1_000_000n);
    expect(await balances(app.address)).toEqual([]);

    const base = { chainId: origin().chainId, currency: origin().contracts.token, recipient: app.address };
    expect((await call("POST", `/app-fees/${app.address}/claim`, base)).body.errorCode).toBe(
      "INSUFFICIENT_FUNDS",
    );
    expect(
      (await call("POST", `/app-fees/${partner}/claim`, { ...base, amount: "500001" })).body.errorCode,
    ).toBe("INSUFFICIENT_FUNDS");
    expect(
      (await call("POST", `/app-fees/${partner}/claim`, { ...base, currency: nativeCurrencyAddress })).body
        .errorCode,
    ).toBe("UNSUPPORTED_CURRENCY");
    expect((await call("POST", `/app-fees/${partner}/claim`, { ...base, chainId: 1 })).body.errorCode).toBe(
      "UNSUPPORTED_CHAIN",
    );
    expect((await call("GET", "/app-fees/0x1234/balances")).body.errorCode).toBe("INVALID_ADDRESS");
    expect((await balances(partner))[0]?.amount).toBe("500000");
  });
});
