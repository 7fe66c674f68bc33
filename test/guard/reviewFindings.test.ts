// What an outside review of the guard found after the trust root and the money-effect model: an
// approval to the attacker reset later (or "already complete") so the sum looked clean, a pinned
// swap repeated, a same-chain quote stripped of the order its intent needs, and signed fields the
// guard did not bind (fee currency, input weight, the order's solver, a permit that outlives the
// order, an EIP-712 domain that commits to nothing, exchange parameters nobody checked).
import { createWalletClient, encodeFunctionData, erc20Abi, http, maxUint256, zeroAddress } from "viem";
import { describe, expect, test } from "vitest";
import { externalExchange } from "../../src/chains/exchange/constants.js";
import { executeSteps } from "../../src/client/actions/executeSteps.js";
import { PaymentMismatchError } from "../../src/client/errors/payment.js";
import { verifyPayment } from "../../src/client/payment/verifyPayment.js";
import { resolveTrustRoot } from "../../src/orders/trustRoot/resolveTrustRoot.js";
import type { QuoteRequest } from "../../src/schemas/index.js";
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
    const wallet = createWalletClient({ account: account(1), transport: http(origin().rpcUrl) });
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
  const order = (quote: Json) => quote.protocol.v2.orderData as Json;

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
    expect(await resigned(native(6), (q) => void (order(q).inputs[0].payment.weight = "0"))).toContain(
      "input-weight",
    );
  });

  test("an order naming a solver the caller does not trust, signed by one it does", async () => {
    expect(await resigned(native(6), (q) => void (order(q).solver = attacker.toLowerCase()))).toContain(
      "untrusted-solver",
    );
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
