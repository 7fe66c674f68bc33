// Permits on the devnet, through the client: a quote with `usePermit` on the USDC-like token
// (EIP-3009) is one EIP-712 signature step; the client signs it and posts it to
// /execute/permits; the devnet submits `receiveWithAuthorization` (the deposit confirmed through the
// execute API: `depositing`) and deposits for the user, who sends no transaction. permitExpiry is enforced by the devnet and by the token; a signature of
// another account, a replay and a tampered authorization are refused.
import { type Address, createWalletClient, type Hex, http, numberToHex, parseEther, zeroHash } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { nativeCurrencyAddress } from "../src/constants.js";
import { devnetEip3009TokenAbi } from "../src/contracts/abis.js";

// rpcAdmin: the chain's clock is moved by the test (evm_setNextBlockTimestamp), never waited for.
const {
  devnet: running,
  origin,
  destination,
  reader,
  account,
  wallet,
  client,
  usdcOf,
} = useDevnet({
  rpcAdmin: true,
});

const fresh = () => privateKeyToAccount(generatePrivateKey()).address;

type SignItem = {
  sign: {
    signatureKind: string;
    domain: Record<string, unknown>;
    types: Record<string, { name: string; type: string }[]>;
    primaryType: string;
    value: Record<string, string>;
  };
  post: { endpoint: string; method: string; body: Record<string, unknown> };
};

async function permitQuote(index: number, extra: { permitExpiry?: number } = {}) {
  const recipient = fresh();
  const quote = await client().getQuote({
    user: account(index).address,
    recipient,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: origin().contracts.token,
    destinationCurrency: destination().contracts.token,
    amount: "25000000",
    tradeType: "EXACT_INPUT",
    usePermit: true,
    ...extra,
  });
  return { quote, recipient, item: quote.steps[0]?.items[0]?.data as unknown as SignItem };
}

async function post(path: string, signature: string, body: unknown) {
  const response = await fetch(`${running().url}${path}?signature=${signature}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const signItem = (index: number, item: SignItem) =>
  wallet(index).signTypedData({
    domain: item.sign.domain,
    types: item.sign.types,
    primaryType: item.sign.primaryType,
    message: item.sign.value,
  } as never);

describe("usePermit with the EIP-3009 token", () => {
  test("default: one eip712 signature step, signed and posted by executeSteps; the user sends no transaction; filled", async () => {
    const { quote, recipient, item } = await permitQuote(1);
    expect(quote.steps.map((step) => [step.id, step.kind])).toEqual([["authorize", "signature"]]);
    const user = account(1).address;
    expect(item.sign).toMatchObject({
      signatureKind: "eip712",
      primaryType: "ReceiveWithAuthorization",
      domain: {
        name: "USD Coin",
        version: "1",
        chainId: origin().chainId,
        verifyingContract: origin().contracts.token,
      },
      value: { from: user, to: running().info.solver.address, value: "25000000", validAfter: "0" },
    });
    // One authorization per order: its nonce is the order id.
    const orderId = (quote as { protocol: { v2: { orderId: Hex } } }).protocol.v2.orderId;
    expect(item.sign.value.nonce).toBe(orderId);
    expect(item.post).toEqual({
      endpoint: "/execute/permits",
      method: "POST",
      body: { kind: "eip3009", requestId: quote.requestId, api: "bridge" },
    });
    const nonceBefore = await reader(origin()).getTransactionCount({ address: user });
    const balanceBefore = await usdcOf(origin(), user);

    const result = await executeSteps(client(), { quote, wallet: wallet(1), checkIntervalMs: 20 });
    expect(result.signatures).toHaveLength(1);
    expect(result.transactions).toHaveLength(0);
    const final = await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 });
    expect(final.status).toBe("success");
    expect(await usdcOf(destination(), recipient)).toBe(BigInt(quote.details?.currencyOut?.amount as string));
    expect(balanceBefore - (await usdcOf(origin(), user))).toBe(25_000_000n);
    expect(await reader(origin()).getTransactionCount({ address: user })).toBe(nonceBefore);
    expect(
      await reader(origin()).readContract({
        address: origin().contracts.token,
        abi: devnetEip3009TokenAbi,
        functionName: "authorizationState",
        args: [user, orderId],
      }),
    ).toBe(true);
    // The same signature again: refused, nothing moves.
    const again = await post("/execute/permits", result.signatures[0]?.signature as string, item.post.body);
    expect(again).toMatchObject({ status: 400, body: { errorCode: "PERMIT_FAILED" } });
    expect(balanceBefore - (await usdcOf(origin(), user))).toBe(25_000_000n);
  });

  test("the permit post confirms the deposit through the execute API: `depositing` (the authorization's transaction), then pending, submitted, success", async () => {
    const { quote, item } = await permitQuote(5);
    const answer = await post("/execute/permits", await signItem(5, item), item.post.body);
    expect(answer).toMatchObject({ status: 200, body: { steps: [] } });
    const final = await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 });
    expect(final.status).toBe("success");
    const inspected = (await fetch(`${running().url}/devnet/requests/${quote.requestId}`).then((response) =>
      response.json(),
    )) as { history: { status: string }[] };
    expect(inspected.history.map((change) => change.status)).toEqual([
      "waiting",
      "depositing",
      "pending",
      "submitted",
      "success",
    ]);
  });

  test("permitExpiry: a signature posted after it is refused, the request stays waiting, nothing moves", async () => {
    const { quote, item } = await permitQuote(2, { permitExpiry: 1 });
    const validBefore = BigInt(item.sign.value.validBefore as string);
    expect(validBefore - BigInt(Math.floor(Date.now() / 1000))).toBeLessThanOrEqual(1n);
    const signature = await signItem(2, item);
    const before = await usdcOf(origin(), account(2).address);
    await new Promise((resolve) => setTimeout(resolve, Number(validBefore) * 1000 - Date.now() + 50));
    const answer = await post("/execute/permits", signature, item.post.body);
    expect(answer).toMatchObject({ status: 400, body: { errorCode: "PERMIT_FAILED" } });
    expect(String(answer.body.message)).toMatch(/expired/);
    await running().idle();
    expect((await client().getStatus({ requestId: quote.requestId as Hex })).status).toBe("waiting");
    expect(await usdcOf(origin(), account(2).address)).toBe(before);
  });

  test("the token enforces the window itself: an expired authorization reverts on chain", async () => {
    const { item } = await permitQuote(3, { permitExpiry: 1 });
    const signature = await signItem(3, item);
    // The chain's clock moved to the end of the window (a block at validBefore itself, or the next
    // second when a slow machine's chain is already past it), at once.
    const v = item.sign.value;
    const validBefore = BigInt(v.validBefore as string);
    const latest = (await reader(origin()).getBlock()).timestamp;
    const next = latest >= validBefore ? latest + 1n : validBefore;
    await reader(origin()).request({
      method: "evm_setNextBlockTimestamp",
      params: [numberToHex(next)],
    } as never);
    await reader(origin()).waitForTransactionReceipt({
      hash: await wallet(3).sendTransaction({ to: fresh(), value: 1n, chain: null }),
    });
    expect((await reader(origin()).getBlock()).timestamp).toBe(next);
    const solverWallet = createWalletClient({
      account: privateKeyToAccount(generatePrivateKey()),
      transport: http(origin().rpcUrl),
    });
    await expect(
      reader(origin()).simulateContract({
        account: running().info.solver.address,
        address: origin().contracts.token,
        abi: devnetEip3009TokenAbi,
        functionName: "receiveWithAuthorization",
        args: [
          v.from as Address,
          v.to as Address,
          BigInt(v.value as string),
          0n,
          BigInt(v.validBefore as string),
          v.nonce as Hex,
          signature,
        ],
      }),
    ).rejects.toThrow(/AuthorizationExpired/);
    // And only the payee may submit a receive.
    await expect(
      reader(origin()).simulateContract({
        account: solverWallet.account,
        address: origin().contracts.token,
        abi: devnetEip3009TokenAbi,
        functionName: "receiveWithAuthorization",
        args: [v.from as Address, v.to as Address, 1n, 0n, 2n ** 40n, zeroHash, signature],
      }),
    ).rejects.toThrow(/CallerMustBePayee/);
  });

  test("a signature by another account, or over changed terms, is refused before anything is sent", async () => {
    const { quote, item } = await permitQuote(4);
    const byOther = await signItem(5, item);
    const answer = await post("/execute/permits", byOther, item.post.body);
    expect(answer).toMatchObject({ status: 400, body: { errorCode: "PERMIT_FAILED" } });
    expect(String(answer.body.message)).toContain(account(5).address);
    const tampered = await signItem(4, {
      ...item,
      sign: { ...item.sign, value: { ...item.sign.value, value: "1" } },
    });
    expect((await post("/execute/permits", tampered, item.post.body)).status).toBe(400);
    expect((await post("/execute/permits", "0x1234", item.post.body)).body.errorCode).toBe("PERMIT_FAILED");
    expect(
      (await post("/execute/permits", byOther, { ...item.post.body, kind: "eip2612" })).body.errorCode,
    ).toBe("INVALID_REQUEST");
    expect(
      (await post("/execute/permits", byOther, { kind: "eip3009", requestId: `0x${"ab".repeat(32)}` }))
        .status,
    ).toBe(404);
    // The right signature still works afterwards.
    expect((await post("/execute/permits", await signItem(4, item), item.post.body)).status).toBe(200);
    const final = await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 });
    expect(final.status).toBe("success");
  });

  test("a native origin has nothing to permit: the ordinary deposit step", async () => {
    const quote = await client().getQuote({
      user: account(6).address,
      originChainId: origin().chainId,
      destinationChainId: destination().chainId,
      originCurrency: nativeCurrencyAddress,
      destinationCurrency: nativeCurrencyAddress,
      amount: parseEther("0.1").toString(),
      tradeType: "EXACT_INPUT",
      usePermit: true,
    });
    expect(quote.steps.map((step) => [step.id, step.kind])).toEqual([["deposit", "transaction"]]);
  });
});
