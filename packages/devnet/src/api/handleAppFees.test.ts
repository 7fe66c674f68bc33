import { devnetDepositoryAbi } from "attestkit/contracts";
import { decodeFunctionData, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import {
  apiChains,
  apiUrl,
  currencies,
  depository,
  destinationChainId,
  destinationToken,
  originChainId,
  originToken,
  recordingSender,
  thrown,
} from "../../../../test/support/devnetApi.js";
import { createAppFeeLedger } from "../state/createAppFeeLedger.js";
import { handleAppFeeBalances, handleAppFeeClaim, handleAppFeeClaimExecute } from "./handleAppFees.js";

const app = privateKeyToAccount(`0x${"a9".repeat(32)}`);
const wallet = app.address;
const recipient = "0x000000000000000000000000000000000000bEEF";

/** A devnet whose app fee ledger holds 2.5 USDC for the app; its destination's receipts are `status`. */
function setup(status: "success" | "reverted" = "success") {
  const appFees = createAppFeeLedger();
  appFees.credit(wallet, 2_500_000n);
  const { sender, sent } = recordingSender(() => status);
  const logged: string[] = [];
  const context = {
    appFees,
    currencies,
    chains: apiChains({ [destinationChainId]: { sender } }),
    originChainId,
    url: apiUrl,
    log: (message: string) => void logged.push(message),
  };
  const claim = (body: Record<string, unknown> = {}) =>
    handleAppFeeClaim({
      context,
      wallet,
      body: { chainId: destinationChainId, currency: destinationToken, recipient, ...body },
    });
  return { context, appFees, sent, logged, claim };
}

/** The claim's id and the message the wallet signs, from the claim's answer. */
function claimOf(answer: ReturnType<typeof handleAppFeeClaim>) {
  const data = answer.steps[0]?.items[0]?.data;
  return { claimId: data?.post.body.claimId as Hex, message: data?.sign.message as string };
}

test("default: the balance in the origin's USDC, then a claim signed and paid out of the depository", async () => {
  const { context, claim, sent, appFees } = setup();
  expect(handleAppFeeBalances({ context, wallet: wallet.toLowerCase() })).toEqual({
    balances: [
      {
        currency: expect.objectContaining({ chainId: originChainId, address: originToken, symbol: "USDC" }),
        amount: "2500000",
        amountFormatted: "2.5",
        amountUsd: "2.5",
        minimumAmount: "2500000",
      },
    ],
  });

  const answer = claim();
  expect(answer.steps[0]).toMatchObject({
    id: "claim",
    kind: "signature",
    items: [{ status: "incomplete", data: { sign: { signatureKind: "eip191" }, post: { method: "POST" } } }],
  });
  const { claimId, message } = claimOf(answer);
  expect(message).toMatch(
    new RegExp(`^Claim 2\\.5 USDC of app fees of ${wallet} to ${recipient} on chain 31338`),
  );
  // No 64-hex run in the message: clients would sign it as raw bytes.
  expect(message).not.toMatch(/[0-9a-f]{64}/i);
  // Reserved: the balance is spoken for until the claim is paid or fails.
  expect(appFees.balance(wallet)).toBe(0n);

  const paid = await handleAppFeeClaimExecute({
    context,
    wallet,
    signature: await app.signMessage({ message }),
    body: { claimId },
  });
  expect(paid).toMatchObject({ message: "Claim paid", amount: "2500000" });
  expect(sent).toHaveLength(1);
  expect(sent[0]?.to).toBe(depository);
  expect(decodeFunctionData({ abi: devnetDepositoryAbi, data: sent[0]?.data as Hex })).toEqual({
    functionName: "devnetWithdrawErc20",
    args: [destinationToken, recipient, 2_500_000n],
  });
  // Spent: the same signature again finds no pending claim.
  expect(
    await thrown(async () =>
      handleAppFeeClaimExecute({
        context,
        wallet,
        signature: await app.signMessage({ message }),
        body: { claimId },
      }),
    ),
  ).toMatchObject({ status: 400, body: { errorCode: "INVALID_REQUEST" } });
});

test("balances: none is an empty list; a wallet that is not an address is 400 INVALID_ADDRESS", async () => {
  const { context } = setup();
  expect(handleAppFeeBalances({ context, wallet: recipient })).toEqual({ balances: [] });
  expect(await thrown(() => handleAppFeeBalances({ context, wallet: "0x12" }))).toMatchObject({
    status: 400,
    body: { errorCode: "INVALID_ADDRESS" },
  });
});

test("claim: chain, currency (USDC only), recipient and amount are checked", async () => {
  const { claim } = setup();
  const refused = async (body: Record<string, unknown>, errorCode: string) =>
    expect(await thrown(() => claim(body))).toMatchObject({ status: 400, body: { errorCode } });
  await refused({ chainId: 1 }, "UNSUPPORTED_CHAIN");
  await refused({ chainId: undefined }, "UNSUPPORTED_CHAIN");
  await refused({ currency: originToken }, "UNSUPPORTED_CURRENCY");
  await refused({ currency: "0x0000000000000000000000000000000000000000" }, "UNSUPPORTED_CURRENCY");
  await refused({ recipient: "bob" }, "INVALID_ADDRESS");
  await refused({ amount: "1.5" }, "INVALID_REQUEST");
  await refused({ amount: 1 }, "INVALID_REQUEST");
  await refused({ amount: "0" }, "INSUFFICIENT_FUNDS");
  await refused({ amount: "2500001" }, "INSUFFICIENT_FUNDS");
});

test("claim: an amount up to the balance reserves that much; with no balance left, nothing to claim", async () => {
  const { claim, appFees } = setup();
  expect(claimOf(claim({ amount: "2500000", chainId: String(destinationChainId) })).message).toContain(
    "2.5 USDC",
  );
  expect(appFees.balance(wallet)).toBe(0n);
  expect(await thrown(() => claim())).toMatchObject({
    status: 400,
    body: { errorCode: "INSUFFICIENT_FUNDS" },
  });
});

test("execute: a signature that is not the wallet's leaves the claim pending", async () => {
  const { context, claim, appFees, sent } = setup();
  const { claimId, message } = claimOf(claim({ amount: "1000000" }));
  const stranger = privateKeyToAccount(`0x${"b7".repeat(32)}`);
  for (const signature of [undefined, "0x12", await stranger.signMessage({ message })])
    expect(
      await thrown(() => handleAppFeeClaimExecute({ context, wallet, signature, body: { claimId } })),
    ).toMatchObject({
      status: 400,
      body: { errorCode: "INVALID_SIGNATURE" },
    });
  expect(appFees.pending(claimId)).toBeDefined();
  expect(sent).toEqual([]);
  // Another wallet cannot execute this wallet's claim.
  expect(
    await thrown(async () =>
      handleAppFeeClaimExecute({
        context,
        wallet: stranger.address,
        signature: await stranger.signMessage({ message }),
        body: { claimId },
      }),
    ),
  ).toMatchObject({ status: 400, body: { errorCode: "INVALID_REQUEST" } });
  expect(
    await thrown(() =>
      handleAppFeeClaimExecute({ context, wallet, signature: undefined, body: { claimId: "0x12" } }),
    ),
  ).toMatchObject({ status: 400, body: { errorCode: "INVALID_REQUEST" } });
});

test("execute: a payment that reverts restores the balance, logs, and answers 500", async () => {
  const { context, claim, appFees, logged } = setup("reverted");
  const { claimId, message } = claimOf(claim());
  const failed = await thrown(async () =>
    handleAppFeeClaimExecute({
      context,
      wallet,
      signature: await app.signMessage({ message }),
      body: { claimId },
    }),
  );
  expect(failed).toMatchObject({ status: 500, body: { errorCode: "UNKNOWN_ERROR" } });
  expect(appFees.balance(wallet)).toBe(2_500_000n);
  expect(appFees.pending(claimId)).toBeUndefined();
  expect(logged).toEqual([expect.stringContaining(`app fee claim ${claimId}`)]);
});

test("history: a signed claim is listed with its payment, success or failure; an unsigned one is not", async () => {
  const now = () => 1_700_000_000_000;
  const good = setup();
  const context = { ...good.context, now };
  const { claimId, message } = claimOf(
    handleAppFeeClaim({
      context,
      wallet,
      body: { chainId: destinationChainId, currency: destinationToken, recipient, amount: "1000000" },
    }),
  );
  handleAppFeeClaim({
    context,
    wallet,
    body: { chainId: destinationChainId, currency: destinationToken, recipient, amount: "1000" },
  });
  const { txHash } = await handleAppFeeClaimExecute({
    context,
    wallet,
    signature: await app.signMessage({ message }),
    body: { claimId },
  });
  expect(good.appFees.history(wallet)).toEqual([
    expect.objectContaining({ claimId, amount: 1_000_000n, createdAt: now(), status: "success", txHash }),
  ]);

  const bad = setup("reverted");
  const failing = claimOf(bad.claim());
  await thrown(async () =>
    handleAppFeeClaimExecute({
      context: bad.context,
      wallet,
      signature: await app.signMessage({ message: failing.message }),
      body: { claimId: failing.claimId },
    }),
  );
  // The payment's transaction was mined (reverted): its hash is kept with the failure.
  expect(bad.appFees.history(wallet)).toEqual([
    expect.objectContaining({
      claimId: failing.claimId,
      status: "failure",
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    }),
  ]);
});
