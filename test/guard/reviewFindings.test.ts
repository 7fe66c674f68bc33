// What two outside reviews of the guard found after the trust root and the money-effect model: an
// approval to the attacker reset later (or "already complete") so the sum looked clean, a pinned
// swap repeated, a same-chain quote stripped of the order its intent needs, signed fields the guard
// did not bind (fee currency, input weight, the order's solver, a permit that outlives the order, an
// EIP-712 domain that commits to nothing, exchange parameters nobody checked); then a signature
// posted to another host, the CLI's solver read from the service, an output-priced trade with no
// bound on its input, no-op items that only cost gas, and shapes the wallet would refuse mid-run.
import { createWalletClient, encodeFunctionData, erc20Abi, http, maxUint256, zeroAddress } from "viem";
import { describe, expect, test } from "vitest";
import { externalExchange } from "../../packages/attestkit/src/chains/exchange/constants.js";
import { executeSteps } from "../../packages/attestkit/src/client/actions/executeSteps.js";
import { PaymentMismatchError } from "../../packages/attestkit/src/client/errors/payment.js";
import { verifyPayment } from "../../packages/attestkit/src/client/payment/verifyPayment.js";
import { resolveTrustRoot } from "../../packages/attestkit/src/orders/trustRoot/resolveTrustRoot.js";
import type { QuoteRequest } from "../../packages/attestkit/src/schemas/index.js";
import { useDevnet } from "../support/devnetHarness.js";
import { attacker, evmIntents, holdingsOf, itemOf, type Json, reissue } from "../support/guardAttack.js";

const { devnet, origin, destination, account, client } = useDevnet();
const { native, token } = evmIntents({ origin, destination, account });
const chains = () => resolveTrustRoot({ trustRoot: devnet().trustRoot }).order;
const verify = async (quote: Json, intent: QuoteRequest, extra: { acceptItems?: string[] } = {}) =>
  verifyPayment({
    quote,
    intent,
    trustRoot: devnet().trustRoot,
    solvers: [devnet().info.solver.address],
    ...extra,
  });
const quoteOf = async (intent: QuoteRequest) =>
  JSON.parse(JSON.stringify(await client().getQuote(intent))) as Json;
const reasons = (result: Awaited<ReturnType<typeof verify>>) =>
  result.checks.filter((c) => !c.ok).map((c) => c.reason);
const order = (quote: Json) => quote.protocol.v2.orderData as Json;
const approveItem = (base: Json, spender: string, amount: bigint, status = "incomplete") => ({
  status,
  data: {
    ...base,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: "approve",
      args: [spender as `0x${string}`, amount],
    }),
  },
});

describe("approvals the attacker could pull from", () => {
  test("approve(attacker, max), its reset marked complete: refused, the payer's allowance to the attacker stays 0", async () => {
    const intent = token(1);
    const quote = await quoteOf(intent);
    const base = (quote.steps as Json[])[0]?.items[0].data as Json;
    (quote.steps as Json[])[0]?.items.push(
      approveItem(base, attacker, maxUint256),
      approveItem(base, attacker, 0n, "complete"),
    );
    const before = await holdingsOf(origin().rpcUrl, origin().contracts.token, account(1).address);
    const wallet = createWalletClient({
      account: account(1),
      transport: http(origin().rpcUrl),
      pollingInterval: 50,
    });
    const error = await executeSteps(client(), {
      quote: quote as { steps: unknown[] },
      wallet,
      verify: { intent },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentMismatchError);
    expect((error as PaymentMismatchError).check).toMatchObject({ reason: "spender-not-trusted" });
    expect(await holdingsOf(origin().rpcUrl, origin().contracts.token, account(1).address)).toEqual(before);
  });

  test("the same with the reset left to run after it: refused, the allowance stands between the two", async () => {
    const intent = token(2);
    const quote = await quoteOf(intent);
    const base = (quote.steps as Json[])[0]?.items[0].data as Json;
    (quote.steps as Json[])[0]?.items.push(
      approveItem(base, attacker, maxUint256),
      approveItem(base, attacker, 0n),
    );
    expect(reasons(await verify(quote, intent))).toContain("spender-not-trusted");
  });

  test("an approval of the depository above the amount, drawn back down by a reset: refused", async () => {
    const intent = token(2);
    const quote = await quoteOf(intent);
    const base = (quote.steps as Json[])[0]?.items[0].data as Json;
    const depository = devnet().trustRoot.chains[0]?.depository as string;
    (quote.steps as Json[])[0]?.items.splice(0, 1, approveItem(base, depository, maxUint256));
    (quote.steps as Json[]).push({
      ...(quote.steps as Json[])[0],
      items: [approveItem(base, depository, 0n)],
    });
    expect(reasons(await verify(quote, intent))).toContain("allowance-above-amount");
  });
});

describe("acceptances and orders that do not stretch", () => {
  test("a digest-pinned swap repeated by the service is covered once", async () => {
    const intent = native(3);
    const quote = await quoteOf(intent);
    const swap = {
      ...(quote.steps as Json[])[0],
      id: "swap",
      items: [
        {
          status: "incomplete",
          data: { to: attacker, data: "0xf9e4bab4", value: "0", chainId: origin().chainId },
        },
      ],
    };
    quote.steps = [swap, ...(quote.steps as Json[])];
    const acceptAs = (await verify(quote, intent)).failed?.acceptAs as string;
    expect((await verify(quote, intent, { acceptItems: [acceptAs] })).valid).toBe(true);
    const twice = { ...quote, steps: [structuredClone(swap), ...(quote.steps as Json[])] };
    expect(reasons(await verify(twice, intent, { acceptItems: [acceptAs] }))).toContain("undecoded-item");
    expect(reasons(await verify(twice, intent, { acceptItems: ["swap"] }))).toContain("undecoded-item");
  });

  const needs: [string, Partial<QuoteRequest>][] = [
    [
      "destination calls",
      { txs: [{ to: "0x000000000000000000000000000000000000dEaD", data: "0x", value: "0" }] },
    ],
    ["app fees", { appFees: [{ recipient: "0x000000000000000000000000000000000000dEaD", fee: "100" }] }],
    ["solver execution", { forceSolverExecution: true }],
  ];
  test.each(needs)(
    "a same-chain quote whose intent asks for %s cannot lose its order",
    async (_name, extra) => {
      const intent = native(4, {
        destinationChainId: origin().chainId,
        recipient: account(5).address,
        ...extra,
      });
      const quote = await quoteOf(intent);
      expect(quote.protocol?.v2).toBeDefined();
      const send = {
        ...(quote.steps as Json[])[0],
        id: "send",
        items: [
          {
            status: "incomplete",
            data: {
              from: account(4).address,
              to: account(5).address,
              data: "0x",
              value: intent.amount,
              chainId: origin().chainId,
            },
          },
        ],
      };
      const stripped = { ...quote, protocol: undefined, steps: [send] };
      expect(reasons(await verify(stripped, intent))).toEqual(["missing-order"]);
    },
  );
});

describe("signed fields the service chooses", () => {
  const resigned = async (intent: QuoteRequest, change: (quote: Json) => void) => {
    const quote = await quoteOf(intent);
    change(quote);
    return reasons(await verify(await reissue(quote, chains()), intent));
  };
  test("an app fee in another currency, or on a third chain", async () => {
    const intent = token(6, { appFees: [{ recipient: account(7).address, fee: "100" }] });
    expect(
      await resigned(intent, (q) => {
        for (const fee of order(q).fees as Json[]) fee.currency = zeroAddress;
      }),
    ).toContain("fee-currency-mismatch");
    expect(
      await resigned(intent, (q) => {
        for (const fee of order(q).fees as Json[]) fee.recipientChainId = "base";
      }),
    ).toContain("fee-currency-mismatch");
  });

  test("an input of weight 0", async () => {
    expect(
      await resigned(native(6), (q) => {
        order(q).inputs[0].payment.weight = "0";
      }),
    ).toContain("input-weight");
  });

  test("an order naming a solver the caller does not trust, signed by one it does", async () => {
    expect(
      await resigned(native(6), (q) => {
        order(q).solver = attacker.toLowerCase();
      }),
    ).toContain("untrusted-solver");
  });

  test("a permit valid long after the order's fill deadline, or signed under a domain without the chain", async () => {
    const intent = token(6, { usePermit: true });
    const quote = await quoteOf(intent);
    itemOf(quote, "authorize").sign.value.validBefore = (2n ** 255n).toString();
    expect(reasons(await verify(quote, intent))).toContain("authorization-outlives-order");
    const domainless = await quoteOf(intent);
    itemOf(domainless, "authorize").sign.types.EIP712Domain = [
      { name: "name", type: "string" },
      { name: "version", type: "string" },
    ];
    expect(reasons(await verify(domainless, intent))).toContain("nonstandard-types");
  });

  test("an exchange transfer carrying a parameter the interface does not name", async () => {
    const intent: QuoteRequest = {
      user: String((devnet().info.exchange.testAccounts[6] as { accountIndex: number }).accountIndex),
      recipient: account(6).address,
      originChainId: externalExchange.chainId,
      destinationChainId: destination().chainId,
      originCurrency: externalExchange.currency,
      destinationCurrency: destination().contracts.token,
      amount: "20000000",
      tradeType: "EXACT_INPUT",
    };
    const quote = await quoteOf(intent);
    itemOf(quote, "deposit").action.parameters.fromAccountIndex = 4242;
    expect(reasons(await verify(quote, intent))).toContain("unknown-parameter");
  });
});

describe("the second review", () => {
  test("a signature posted anywhere but the service: refused by the guard and by the executor", async () => {
    const intent = token(8, { usePermit: true });
    const quote = await quoteOf(intent);
    const item = itemOf(quote, "authorize");
    // Another origin than the service's: a node on the payer's machine, which the attacker cannot reach.
    item.post = {
      endpoint: "http://127.0.0.1:1/",
      method: "POST",
      body: { jsonrpc: "2.0", id: 1, method: "eth_sendTransaction" },
    };
    expect(reasons(await verify(quote, intent))).toContain("endpoint-off-service");
    const wallet = createWalletClient({
      account: account(8),
      transport: http(origin().rpcUrl),
      pollingInterval: 50,
    });
    const unguarded = await executeSteps(client(), {
      quote: quote as { steps: unknown[] },
      wallet,
      verify: false,
    }).catch((e: unknown) => e);
    expect(String(unguarded)).toContain("is not on the service");
  });

  test("an output-priced trade's input is bounded by maxAmountIn", async () => {
    const intent = native(8, { tradeType: "EXACT_OUTPUT", amount: "1000000000000000" });
    const quote = await quoteOf(intent);
    const signed = BigInt(quote.protocol.v2.orderData.inputs[0].payment.amount);
    const trust = { trustRoot: devnet().trustRoot, solvers: [devnet().info.solver.address] };
    expect((await verifyPayment({ quote, intent, ...trust, maxAmountIn: signed })).valid).toBe(true);
    const refused = await verifyPayment({ quote, intent, ...trust, maxAmountIn: signed - 1n });
    expect(refused.failed).toMatchObject({ name: "amount", reason: "input-above-max" });
    expect(
      refused.failed &&
        (await import("../../packages/attestkit/src/client/payment/paymentAdvice.js")).paymentAdvice(
          [refused.failed],
          "cli",
        )[0],
    ).toContain("--max-amount-in");
  });

  test("EXPECTED_OUTPUT: the signed minimum is held to the caller's amount, not only to the shown output", async () => {
    const intent = native(8, {
      tradeType: "EXPECTED_OUTPUT",
      amount: "5000000000000000",
      slippageTolerance: "50",
    });
    const quote = await quoteOf(intent);
    quote.details.currencyOut.amount = "1";
    order(quote).output.payments[0].minimumAmount = "1";
    expect(reasons(await verify(await reissue(quote, chains()), intent))).toContain("minimum-below-slippage");
  });

  test("copies of an approval that change nothing are refused (each costs the payer gas)", async () => {
    const intent = token(9);
    const quote = await quoteOf(intent);
    const approve = (quote.steps as Json[]).find((step) => step.id === "approve") as Json;
    for (let i = 0; i < 3; i++) approve.items.push(structuredClone(approve.items[0]));
    expect(reasons(await verify(quote, intent))).toContain("redundant-approval");
  });

  test("shapes the wallet would refuse after the verdict: a shown input that is no integer, an unknown domain type, a bad checksum", async () => {
    const intent = native(9);
    const shown = await quoteOf(intent);
    shown.details.currencyIn.amount = `${shown.details.currencyIn.amount}.0`;
    expect(reasons(await verify(shown, intent))).toContain("amount-mismatch");
    const permit = token(9, { usePermit: true });
    const typed = await quoteOf(permit);
    itemOf(typed, "authorize").sign.types.EIP712Domain = [
      { name: "name", type: "Foo" },
      { name: "chainId", type: "uint256" },
      { name: "verifyingContract", type: "address" },
    ];
    expect(reasons(await verify(typed, permit))).toContain("nonstandard-types");
    const checksum = await quoteOf(intent);
    const to = itemOf(checksum, "deposit").to as string;
    itemOf(checksum, "deposit").to = `0x${to
      .slice(2)
      .toLowerCase()
      .replace(/[a-f]/, (c) => c.toUpperCase())}`;
    expect(reasons(await verify(checksum, intent))).toContain("invalid-address");
  });
});
