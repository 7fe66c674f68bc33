// The payment guard against a service that signs what it likes (its key is one the caller trusts,
// here the devnet's public test key): a signature proves only that the service said it. What the
// order says must still be the caller's intent, every payee the trust root's, every opt-out the
// caller's own. Each attack got past the guard when it compared items one at a time with the order.
import {
  type Address,
  createWalletClient,
  encodeAbiParameters,
  type Hex,
  http,
  parseEther,
  zeroAddress,
} from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { executeSteps } from "../../packages/attestkit/src/client/actions/executeSteps.js";
import { PaymentMismatchError } from "../../packages/attestkit/src/client/errors/payment.js";
import { verifyPayment } from "../../packages/attestkit/src/client/payment/verifyPayment.js";
import { resolveTrustRoot } from "../../packages/attestkit/src/orders/trustRoot/resolveTrustRoot.js";
import type { QuoteRequest } from "../../packages/attestkit/src/schemas/index.js";
import { useDevnet } from "../support/devnetHarness.js";
import {
  attacker,
  evmIntents,
  holdingsOf,
  itemOf,
  type Json,
  reissue,
  trustingClient,
  writesAfter,
} from "../support/guardAttack.js";
import { type HostileProxy, startHostileProxy } from "../support/hostileProxy.js";

const { devnet, origin, destination, account, reader } = useDevnet();

let proxy: HostileProxy;
beforeAll(async () => {
  proxy = await startHostileProxy(devnet().url);
});
afterAll(() => proxy?.close());

const { native: nativeIntent, token: tokenIntent } = evmIntents({ origin, destination, account });
const client = () => trustingClient(proxy.url, devnet());

const chains = () => resolveTrustRoot({ trustRoot: devnet().trustRoot }).order;

/** Quotes through the proxy with `rewrite`, runs the steps: refused, nothing sent or signed. */
async function expectRefused(
  index: number,
  intent: QuoteRequest,
  rewrite: (quote: Json) => Json | Promise<Json>,
) {
  proxy.rewrite = rewrite;
  try {
    const quote = await client().getQuote(intent);
    const before = await holdingsOf(origin().rpcUrl, origin().contracts.token, account(index).address);
    const seen = proxy.requests.length;
    const wallet = createWalletClient({
      account: account(index),
      transport: http(origin().rpcUrl),
      pollingInterval: 50,
    });
    const error = await executeSteps(client(), { quote, wallet, checkIntervalMs: 20 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PaymentMismatchError);
    expect(await holdingsOf(origin().rpcUrl, origin().contracts.token, account(index).address)).toEqual(
      before,
    );
    expect(writesAfter(proxy.requests, seen)).toEqual([]);
    return (error as PaymentMismatchError).check;
  } finally {
    proxy.rewrite = undefined;
  }
}

const order = (quote: Json) => quote.protocol.v2.orderData as Json;

describe("the order's own fields", () => {
  test("the order's solver named as the permit's payee, not a solver the caller trusts", async () => {
    const check = await expectRefused(1, tokenIntent(1, { usePermit: true }), async (q) => {
      order(q).solver = attacker.toLowerCase();
      await reissue(q, chains());
      itemOf(q, "authorize").sign.value.to = attacker;
      return q;
    });
    expect(check).toMatchObject({ name: "solver", reason: "untrusted-solver" });
  });

  const call = (to: Address) =>
    encodeAbiParameters([{ type: "address" }, { type: "bytes" }, { type: "uint256" }], [to, "0x", 0n]);
  const withCall = (index: number) =>
    nativeIntent(index, { txs: [{ to: account(9).address, data: "0x", value: "0" }] });
  test.each([
    ["redirected", (calls: Hex[]) => [call(attacker), ...calls.slice(1)], "call-mismatch"],
    ["dropped", () => [], "call-count-mismatch"],
    ["added", (calls: Hex[]) => [...calls, call(attacker)], "call-count-mismatch"],
  ] as const)("a destination call %s", async (_name, change, reason) => {
    const check = await expectRefused(2, withCall(2), async (q) => {
      order(q).output.calls = change(order(q).output.calls as Hex[]);
      return reissue(q, chains());
    });
    expect(check).toMatchObject({ name: "calls", reason });
  });

  // The devnet's token has one address on both chains: a leg may refund the input's currency on the
  // input's chain or the output's on the output's chain; these are neither.
  test.each([
    [
      "in another currency (the native currency of a token payment)",
      (refund: Json): void => {
        refund.currency = zeroAddress;
      },
      "refund-leg-mismatch",
    ],
    [
      "on another chain (the destination, in a currency the output does not pay)",
      (refund: Json): void => {
        refund.chainId = "devnet-destination";
        refund.currency = zeroAddress;
      },
      "refund-leg-mismatch",
    ],
    [
      "closing before the fill deadline",
      (refund: Json): void => {
        refund.deadline -= 60;
      },
      "refund-closes-before-fill",
    ],
  ] as const)("a refund leg %s", async (_name, change, reason) => {
    const check = await expectRefused(3, tokenIntent(3), async (q) => {
      change(order(q).inputs[0].refunds[0]);
      return reissue(q, chains());
    });
    expect(check).toMatchObject({ name: "refund", reason });
  });

  test("no refund leg at all", async () => {
    const check = await expectRefused(3, nativeIntent(3), async (q) => {
      order(q).inputs[0].refunds = [];
      return reissue(q, chains());
    });
    expect(check).toMatchObject({ name: "refund", reason: "no-refund" });
  });

  test("a fill deadline past the caller's ttl, and past the default window without one", async () => {
    const later = (q: Json) => {
      order(q).output.deadline += 86_400;
      order(q).inputs[0].refunds[0].deadline += 86_400;
      return reissue(q, chains());
    };
    expect(await expectRefused(4, nativeIntent(4, { ttl: 120 }), later)).toMatchObject({
      name: "deadline",
      reason: "deadline-beyond-window",
    });
    expect(await expectRefused(4, nativeIntent(4), later)).toMatchObject({
      reason: "deadline-beyond-window",
    });
  });
});

describe("opt-outs that do not grow", () => {
  test("an accepted item never covers a step the service appends after a signature", async () => {
    const payer = account(5).address;
    const stolen = parseEther("1");
    proxy.rewriteAnswer = ({ method, path }, body) => {
      if (method !== "POST" || !path.startsWith("/execute/permits")) return body;
      const appended = {
        id: "swap",
        kind: "transaction",
        action: "Swap",
        description: "Swap",
        requestId: (body as Json).requestId ?? `0x${"00".repeat(32)}`,
        depositAddress: "",
        items: [
          {
            status: "incomplete",
            data: {
              from: payer,
              to: attacker,
              data: "0x",
              value: stolen.toString(),
              chainId: origin().chainId,
            },
          },
        ],
      };
      return { ...(body as Json), steps: [appended] };
    };
    try {
      const quote = await client().getQuote(tokenIntent(5, { usePermit: true }));
      const before = await reader(origin()).getBalance({ address: attacker });
      const wallet = createWalletClient({
        account: account(5),
        transport: http(origin().rpcUrl),
        pollingInterval: 50,
      });
      const error = await executeSteps(client(), {
        quote,
        wallet,
        checkIntervalMs: 20,
        verify: { acceptItems: ["swap"] },
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentMismatchError);
      expect((error as PaymentMismatchError).check).toMatchObject({
        item: { stepId: "swap" },
        reason: "undecoded-item",
      });
      expect(await reader(origin()).getBalance({ address: attacker })).toBe(before);
    } finally {
      proxy.rewriteAnswer = undefined;
    }
  });

  test("an acceptance pinned to an item's digest covers that item only while its data is the same", async () => {
    const quote = await client().getQuote(nativeIntent(6));
    const intent = nativeIntent(6);
    const trust = { trustRoot: devnet().trustRoot, solvers: [devnet().info.solver.address] };
    const withSwap = structuredClone(quote) as Json;
    withSwap.steps.unshift({
      ...withSwap.steps[0],
      id: "swap",
      items: [
        {
          status: "incomplete",
          data: { to: attacker, data: "0xf9e4bab4", value: "0", chainId: origin().chainId },
        },
      ],
    });
    const refused = await verifyPayment({ quote: withSwap, intent, ...trust });
    const acceptAs = refused.failed?.acceptAs as string;
    expect(acceptAs).toMatch(/^swap\[0\]@[0-9a-f]{16}$/);
    expect((await verifyPayment({ quote: withSwap, intent, ...trust, acceptItems: [acceptAs] })).valid).toBe(
      true,
    );
    withSwap.steps[0].items[0].data.value = "1";
    expect(
      (await verifyPayment({ quote: withSwap, intent, ...trust, acceptItems: [acceptAs] })).failed,
    ).toMatchObject({
      reason: "undecoded-item",
    });
  });
});

describe("intent mistakes", () => {
  test("the zero address as recipient: the client, the guard and the devnet refuse it", async () => {
    const intent = nativeIntent(7, { recipient: zeroAddress });
    await expect(client().getQuote(intent)).rejects.toMatchObject({ name: "InvalidRequestError" });
    await expect(
      verifyPayment({ quote: { steps: [] }, intent, trustRoot: devnet().trustRoot }),
    ).rejects.toMatchObject({
      name: "InvalidRequestError",
    });
    const response = await fetch(`${devnet().url}/quote/v2`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(intent),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorCode: "INVALID_RECIPIENT" });
  });
});
