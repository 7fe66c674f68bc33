import type { Address, Hex } from "viem";
import { expect, test } from "vitest";
import {
  apiUrl,
  currencies,
  destinationChainId,
  destinationToken,
  originChainId,
  originToken,
  thrown,
} from "../../../../test/support/devnetApi.js";
import { createAppFeeLedger, type PendingClaim } from "../state/createAppFeeLedger.js";
import { handleAppFeeClaims, maxClaimsLimit } from "./handleAppFeeClaims.js";

const wallet: Address = "0x000000000000000000000000000000000000a11C";
const recipient: Address = "0x000000000000000000000000000000000000bEEF";
const claimId = (index: number) => `0x${index.toString(16).padStart(64, "0")}` as Hex;

/** A ledger with `count` paid claims of the wallet (claim i: i + 1 micro-USDC, at second i), the even ones on the origin. */
function setup(count: number) {
  const appFees = createAppFeeLedger();
  appFees.credit(wallet, 1_000_000_000n);
  for (let i = 0; i < count; i++) {
    const origin = i % 2 === 0;
    const claim: PendingClaim = {
      claimId: claimId(i),
      wallet,
      chainId: origin ? originChainId : destinationChainId,
      currency: origin ? originToken : destinationToken,
      recipient,
      amount: BigInt(i + 1),
      message: `claim ${i}`,
      createdAt: i * 1000,
    };
    appFees.reserve(claim);
    appFees.settle(claim.claimId, "paid");
  }
  return { appFees, context: { appFees, currencies, url: apiUrl } };
}

test("default: every paid claim, newest first, in the SDK's shape", () => {
  const { appFees, context } = setup(2);
  const hash = `0x${"cd".repeat(32)}` as Hex;
  appFees.recordPayout(claimId(0), { txHash: hash, status: "success", at: 5 });
  expect(handleAppFeeClaims({ context, query: { wallet: wallet.toLowerCase() } })).toEqual({
    claims: [
      {
        claimId: claimId(1),
        wallet,
        recipient,
        currency: expect.objectContaining({
          currency: expect.objectContaining({
            chainId: destinationChainId,
            address: destinationToken,
            symbol: "USDC",
          }),
          amount: "2",
          amountFormatted: "0.000002",
        }),
        txHash: null,
        status: "pending",
        createdAt: "1970-01-01T00:00:01.000Z",
      },
      expect.objectContaining({
        claimId: claimId(0),
        txHash: hash,
        status: "success",
        createdAt: "1970-01-01T00:00:00.000Z",
      }),
    ],
  });
});

test("pages: limit (default 20, at most 50) and continuation walk the history without gaps or repeats", () => {
  const { context, appFees } = setup(60);
  const first = handleAppFeeClaims({ context, query: { wallet } });
  expect(first.claims.map((c) => c.claimId)).toEqual(Array.from({ length: 20 }, (_, i) => claimId(59 - i)));
  expect(handleAppFeeClaims({ context, query: { wallet, limit: 500 } }).claims).toHaveLength(maxClaimsLimit);
  const seen: string[] = [];
  let continuation: string | undefined;
  do {
    // A claim paid between pages goes to the front: the later pages do not shift.
    if (seen.length === 7) {
      appFees.reserve({ ...appFees.history(wallet)[0], claimId: claimId(99), createdAt: 1 } as PendingClaim);
      appFees.settle(claimId(99), "paid");
    }
    const page = handleAppFeeClaims({
      context,
      query: { wallet, limit: "7", ...(continuation ? { continuation } : {}) },
    });
    seen.push(...page.claims.map((c) => c.claimId));
    continuation = page.continuation;
  } while (continuation);
  expect(seen).toEqual(Array.from({ length: 60 }, (_, i) => claimId(59 - i)));
});

test("no claims: an empty list; another wallet's claims are not listed", () => {
  const { context } = setup(3);
  expect(handleAppFeeClaims({ context, query: { wallet: recipient } })).toEqual({ claims: [] });
});

test("refused: a wallet that is not an address, a continuation not handed out for this history", async () => {
  const { context } = setup(3);
  expect(await thrown(() => handleAppFeeClaims({ context, query: { wallet: "0x12" } }))).toMatchObject({
    status: 400,
    body: { errorCode: "INVALID_ADDRESS" },
  });
  const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  for (const continuation of [
    "nope",
    cursor(["claims", 0]),
    cursor(["claims", 4]),
    cursor(["requests", 2]),
    cursor(["claims", 1.5]),
  ])
    expect(
      await thrown(() => handleAppFeeClaims({ context, query: { wallet, continuation } })),
    ).toMatchObject({
      status: 400,
      body: { errorCode: "INVALID_REQUEST" },
    });
});
