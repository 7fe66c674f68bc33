// The payment guard at its edges, on a hand-made quote: one input of 1,000,000 wei on chain 1
// ("alpha"), one output to the recipient on chain 2 ("beta"), signed by a test key. Each test changes
// one thing and names the check that must fail (or pass) because of it.
import { hex } from "@scure/base";
import { OutScript, SigHash, Transaction } from "@scure/btc-signer";
import { encodeFunctionData, type Hex, keccak256, toHex, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import {
  type EditableOrder,
  eip3009Types,
  guardIntent,
  guardOrderV1,
} from "../../../../../test/support/guardQuotes.js";
import { bitcoin } from "../../chains/bitcoin/constants.js";
import { toOutputScript } from "../../chains/bitcoin/toOutputScript.js";
import { hashOrder } from "../../orders/hashOrder.js";
import { resolveTrustRoot } from "../../orders/trustRoot/resolveTrustRoot.js";
import type { TrustRoot } from "../../orders/trustRoot/types.js";
import type { OrderDataV1 } from "../../orders/types.js";
import type { QuoteRequest } from "../../schemas/index.js";
import { paymentAbi } from "./paymentAbi.js";
import type { PaymentCheck } from "./types.js";
import { type VerifyPaymentParameters, verifyPayment } from "./verifyPayment.js";

const solver = privateKeyToAccount(keccak256(toHex("attestkit guard test solver")));
const user = "0x1000000000000000000000000000000000000001";
const recipient = "0x2000000000000000000000000000000000000002";
const depository = "0x3000000000000000000000000000000000000003";
const approvalProxy = "0x4000000000000000000000000000000000000004";
const token = "0x5000000000000000000000000000000000000005";
const feeTaker = "0x6000000000000000000000000000000000000006";
const requestId = `0x${"ab".repeat(32)}` as Hex;
const nowMs = 1_800_000_000_000;
const deadline = 1_800_000_600;
const btcUser = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const btcDepository = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";

const trustRoot: TrustRoot = {
  chains: [
    { id: 1, slug: "alpha", vmType: "ethereum-vm", depository, spenders: [approvalProxy] },
    { id: 2, slug: "beta", vmType: "ethereum-vm", depository },
    { id: 8253038, slug: "bitcoin", vmType: "bitcoin-vm", depository: btcDepository },
  ],
};
const chains = resolveTrustRoot({ trustRoot }).order;

const parties = { user, recipient, solver: solver.address, deadline };
const intentOf = (overrides: Partial<QuoteRequest> = {}): QuoteRequest => guardIntent(parties, overrides);

type Order = EditableOrder;

const orderOf = (change: (order: Order) => void = () => {}): OrderDataV1 => guardOrderV1(parties, change);

const deposit = (orderId: Hex, value = "1000000") => ({
  id: "deposit",
  kind: "transaction",
  requestId,
  items: [
    {
      status: "incomplete",
      data: {
        from: user,
        to: depository,
        chainId: 1,
        value,
        data: encodeFunctionData({ abi: paymentAbi, functionName: "depositNative", args: [user, orderId] }),
      },
    },
  ],
});

/** A quote of `order`, signed; `steps` are built from its id unless given. */
async function quoteOf(
  order: OrderDataV1 = orderOf(),
  options: { steps?: (orderId: Hex) => unknown[]; out?: string; in?: string } = {},
) {
  const orderId = hashOrder({ orderData: order, chains });
  const { chainId, currency, amount } = (order.inputs[0] as OrderDataV1["inputs"][number]).payment;
  return {
    requestId,
    steps: options.steps?.(orderId) ?? [deposit(orderId)],
    details: {
      currencyIn: { amount: options.in ?? String(amount) },
      currencyOut: { amount: options.out ?? "1000000" },
    },
    protocol: {
      v2: {
        orderId,
        orderData: order,
        orderSignature: await solver.signMessage({ message: { raw: orderId } }),
        paymentDetails: {
          chainId,
          depository: order.inputs[0]?.payment.chainId === "bitcoin" ? btcDepository : depository,
          currency,
          amount,
        },
      },
    },
  };
}

const verify = (
  quote: unknown,
  intent: QuoteRequest = intentOf(),
  extra: Partial<VerifyPaymentParameters> = {},
) =>
  verifyPayment({
    quote,
    intent,
    trustRoot,
    solvers: [solver.address],
    now: () => nowMs,
    ...extra,
  });

const failed = async (promise: ReturnType<typeof verify>) => {
  const result = await promise;
  return result.checks.filter((check) => !check.ok);
};
const only = (checks: PaymentCheck[]) => checks.map(({ name, reason }) => `${name}:${reason}`);

test("default: a quote that pays exactly the order asked for passes every check", async () => {
  const result = await verify(await quoteOf());
  expect(result.valid).toBe(true);
  expect(result.checks.map((check) => check.name)).toEqual([
    "orderId",
    "signature",
    "signer",
    "paymentDetails",
    "depository",
    "solver",
    "originChain",
    "originCurrency",
    "amount",
    "quotedInput",
    "destinationChain",
    "destinationCurrency",
    "recipient",
    "minimumOutput",
    "refund",
    "refundTo",
    "calls",
    "fees",
    "deadline",
    "item",
    "total",
  ]);
  expect(result.terms).toMatchObject({
    expected: { amount: 1_000_000n, depository },
    context: { native: true },
  });
  expect(result.effect).toEqual({
    payments: [
      {
        chainId: 1,
        payee: depository,
        currency: zeroAddress,
        amount: 1_000_000n,
        binding: result.terms?.expected.orderId,
        depositor: user,
      },
    ],
    allowances: [],
    fees: [],
    accepted: [],
  });
});

describe("minimum output: the quoted output less the slippage allowed, to the unit", () => {
  const withMinimum = (minimum: string) =>
    orderOf((order) => {
      order.output.payments[0].minimumAmount = minimum;
    });
  test.each([
    ["100", "990000", true],
    ["100", "989999", false],
    [undefined, "950000", true], // no slippageTolerance: the guard allows 500 bps
    [undefined, "949999", false],
    ["0", "1000000", true],
    ["0", "999999", false],
  ])("slippageTolerance %s, signed minimum %s: passes %s", async (slippageTolerance, minimum, passes) => {
    const intent = intentOf(slippageTolerance === undefined ? {} : { slippageTolerance });
    expect(only(await failed(verify(await quoteOf(withMinimum(minimum)), intent)))).toEqual(
      passes ? [] : ["minimumOutput:minimum-below-slippage"],
    );
  });
  test("maxSlippageBps replaces the default", async () => {
    const quote = await quoteOf(withMinimum("900000"));
    expect((await verify(quote)).valid).toBe(false);
    expect((await verify(quote, intentOf(), { maxSlippageBps: 1000 })).valid).toBe(true);
  });
  test("a quote that shows no output is refused", async () => {
    const quote = await quoteOf();
    (quote.details as { currencyOut?: unknown }).currencyOut = undefined;
    expect(only(await failed(verify(quote)))).toEqual(["minimumOutput:no-quoted-output"]);
  });
});

describe("amount, by trade type", () => {
  test("EXACT_INPUT: the signed input is the amount, not one more", async () => {
    expect(only(await failed(verify(await quoteOf(), intentOf({ amount: "999999" }))))).toEqual([
      "amount:amount-mismatch",
    ]);
  });
  test("EXACT_OUTPUT: a signed minimum (with the calls' value) of at least the amount", async () => {
    const exact = (minimum: string) =>
      orderOf((order) => {
        order.output.payments[0].minimumAmount = minimum;
      });
    const intent = intentOf({ tradeType: "EXACT_OUTPUT", amount: "1000000" });
    expect((await verify(await quoteOf(exact("1000000")), intent)).valid).toBe(true);
    expect(only(await failed(verify(await quoteOf(exact("999999")), intent)))).toContain(
      "amount:output-below-amount",
    );
    const withCall = { ...intent, txs: [{ to: feeTaker, value: "1", data: "0x" }] };
    expect(only(await failed(verify(await quoteOf(exact("999999")), withCall)))).not.toContain(
      "amount:output-below-amount",
    );
  });
  // The calls carry wei: they count toward a native output only, never a token's (differential: the
  // same order and calls, the output currency native or a token).
  test.each([
    ["native", zeroAddress, true],
    ["token", token, false],
  ])("the calls' value counts toward a %s output: %s", async (_, currency, counts) => {
    const txs = [{ to: feeTaker, value: "1000000", data: "0x" }];
    const orderPaying = (minimum: string) =>
      orderOf((order) => {
        order.output.payments[0] = { recipient, currency, minimumAmount: minimum, expectedAmount: minimum };
      });
    const names = async (minimum: string, tradeType: QuoteRequest["tradeType"]) =>
      only(
        await failed(
          verify(
            await quoteOf(orderPaying(minimum)),
            intentOf({ destinationCurrency: currency, txs, tradeType }),
          ),
        ),
      ).filter((name) => name.startsWith("amount:") || name.startsWith("minimumOutput:"));
    // A minimum of 0 (the calls' value, counted, would make up the whole amount) ...
    expect(await names("0", "EXACT_OUTPUT")).toEqual(
      counts ? [] : ["amount:output-below-amount", "minimumOutput:minimum-below-slippage"],
    );
    expect(await names("0", "EXACT_INPUT")).toEqual(counts ? [] : ["minimumOutput:minimum-below-slippage"]);
    // ... and the whole minimum signed, which passes either way.
    expect(await names("1000000", "EXACT_OUTPUT")).toEqual([]);
  });
  test("the input the quote shows must be the input signed", async () => {
    expect(only(await failed(verify(await quoteOf(orderOf(), { in: "999999" }))))).toEqual([
      "quotedInput:amount-mismatch",
    ]);
  });
});

describe("fees: only the app fees asked for, within their basis points (rounded up, one unit per item)", () => {
  const withFee = (fee: { recipient: string; amount: string }) =>
    orderOf((order) => {
      order.fees = [{ recipientChainId: "alpha", currencyChainId: "alpha", currency: zeroAddress, ...fee }];
    });
  const appFees = [{ recipient: feeTaker, fee: "100" }];
  test.each([
    ["10001", true],
    ["10002", false],
  ])("a 1%% app fee of %s: passes %s", async (amount, passes) => {
    const result = await verify(
      await quoteOf(withFee({ recipient: feeTaker, amount })),
      intentOf({ appFees }),
    );
    expect(only(result.checks.filter((check) => !check.ok))).toEqual(
      passes ? [] : ["fees:fees-above-app-fees"],
    );
  });
  test("a fee the intent did not ask for, or to another recipient, is refused", async () => {
    const fee = withFee({ recipient: feeTaker, amount: "1" });
    expect(only(await failed(verify(await quoteOf(fee))))).toEqual([
      "fees:unknown-fee-recipient",
      "fees:fees-above-app-fees",
    ]);
    const other = withFee({ recipient: recipient, amount: "1" });
    expect(only(await failed(verify(await quoteOf(other), intentOf({ appFees }))))).toEqual([
      "fees:unknown-fee-recipient",
    ]);
  });
  test("an app fee that names no recipient may be paid to the order's solver", async () => {
    const fee = withFee({ recipient: solver.address.toLowerCase(), amount: "1" });
    expect((await verify(await quoteOf(fee), intentOf({ appFees: [{ fee: "100" }] }))).valid).toBe(true);
  });
  // Each recipient is capped by its own items (1,000,000 wei in: 100 bps -> 10,001, 1 bps -> 101), so
  // no share moves to another recipient; the total cap alone would let either take both.
  const appB = "0x7000000000000000000000000000000000000007";
  const referrer = "0x8000000000000000000000000000000000000008";
  const solverAddress = solver.address.toLowerCase();
  const fees = (...paid: [string, string][]) =>
    orderOf((order) => {
      order.fees = paid.map(([to, amount]) => ({
        recipientChainId: "alpha",
        currencyChainId: "alpha",
        currency: zeroAddress,
        recipient: to,
        amount,
      }));
    });
  test.each([
    [
      "two named: each its own share",
      [
        [feeTaker, "10001"],
        [appB, "101"],
      ],
      true,
    ],
    ["two named: the larger share to the smaller recipient", [[appB, "10102"]], false],
    ["two named: one unit over the smaller recipient's cap", [[appB, "102"]], false],
    ["two named: one unit over the larger recipient's cap", [[feeTaker, "10002"]], false],
    [
      "two named: the whole fee split in the wrong proportion",
      [
        [feeTaker, "101"],
        [appB, "10001"],
      ],
      false,
    ],
  ] as [string, [string, string][], boolean][])("appFees [100 bps, 1 bps]: %s", async (_, paid, passes) => {
    const intent = intentOf({
      appFees: [
        { recipient: feeTaker, fee: "100" },
        { recipient: appB, fee: "1" },
      ],
    });
    const refused = only(await failed(verify(await quoteOf(fees(...paid)), intent)));
    expect(refused).toEqual(passes ? [] : ["fees:fees-above-app-fees"]);
  });
  test.each([
    [
      "the named share to its recipient, the unnamed to the solver",
      [
        [feeTaker, "10001"],
        [solverAddress, "101"],
      ],
      true,
    ],
    ["the named share to the solver", [[solverAddress, "10102"]], false],
    ["one unit over the unnamed share to the solver", [[solverAddress, "102"]], false],
    ["the unnamed share to the referrer", [[referrer, "101"]], true],
    ["the unnamed share to the named recipient", [[feeTaker, "10102"]], false],
    [
      "the unnamed share paid twice, to the solver and the referrer",
      [
        [solverAddress, "101"],
        [referrer, "101"],
      ],
      false,
    ],
    [
      "the unnamed share split between the solver and the referrer",
      [
        [solverAddress, "50"],
        [referrer, "51"],
      ],
      true,
    ],
  ] as [string, [string, string][], boolean][])(
    "appFees [100 bps to a recipient, 1 bps unnamed]: %s",
    async (_, paid, passes) => {
      const intent = intentOf({
        appFees: [{ recipient: feeTaker, fee: "100" }, { fee: "1" }],
        referrerAddress: referrer,
      } as Partial<QuoteRequest>);
      const refused = only(await failed(verify(await quoteOf(fees(...paid)), intent)));
      expect(refused).toEqual(passes ? [] : ["fees:fees-above-app-fees"]);
    },
  );
  test("a recipient named by two items is capped by both; the refusal names the recipient and its cap", async () => {
    const intent = intentOf({
      appFees: [
        { recipient: feeTaker, fee: "100" },
        { recipient: feeTaker, fee: "1" },
      ],
    });
    expect((await verify(await quoteOf(fees([feeTaker, "10102"])), intent)).valid).toBe(true);
    const [check] = await failed(verify(await quoteOf(fees([feeTaker, "10103"])), intent));
    expect(check).toMatchObject({
      name: "fees",
      reason: "fees-above-app-fees",
      field: "orderData.fees[0].amount",
      expected: `at most 10102 to ${feeTaker} (2 appFees item(s) naming it)`,
      actual: "10103",
    });
  });
});

describe("refund legs: refundTo, else the recipient, else the user, by the leg's chain", () => {
  const refundTo = "0x7000000000000000000000000000000000000007";
  const legTo = (to: string) =>
    orderOf((order) => {
      order.inputs[0].refunds[0].recipient = to;
    });
  test("with refundTo, a leg to anyone else (even the user) is refused", async () => {
    expect((await verify(await quoteOf(legTo(refundTo)), intentOf({ refundTo }))).valid).toBe(true);
    expect(only(await failed(verify(await quoteOf(legTo(user)), intentOf({ refundTo }))))).toEqual([
      "refundTo:refund-recipient-mismatch",
    ]);
  });
  // refundOnOrigin: true ("always refund on origin"): every leg on the input's chain; without it a
  // leg on the output's chain is the caller's too. Each set of legs under each setting.
  const legs = (...chainIds: string[]) =>
    orderOf((order) => {
      order.inputs[0].refunds = chainIds.map((chainId) => ({ ...order.inputs[0].refunds[0], chainId }));
    });
  test.each([
    [["alpha"], true, []],
    [["beta"], true, ["refund:refund-not-on-origin"]],
    [["alpha", "beta"], true, ["refund:refund-not-on-origin"]],
    [["beta", "beta"], true, ["refund:refund-not-on-origin", "refund:refund-not-on-origin"]],
    [["alpha"], false, []],
    [["beta"], false, []],
    [["alpha", "beta"], false, []],
    [["beta"], undefined, []],
  ] as [string[], boolean | undefined, string[]][])(
    "legs on %j, refundOnOrigin %s: refused %j",
    async (chainIds, refundOnOrigin, refused) => {
      const intent = intentOf(refundOnOrigin === undefined ? {} : { refundOnOrigin });
      expect(only(await failed(verify(await quoteOf(legs(...chainIds)), intent)))).toEqual(refused);
    },
  );
  test("a leg off the origin with refundOnOrigin names the field and both chains", async () => {
    const [check] = await failed(verify(await quoteOf(legs("beta")), intentOf({ refundOnOrigin: true })));
    expect(check).toEqual({
      name: "refund",
      ok: false,
      field: "orderData.inputs[0].refunds[0].chainId",
      reason: "refund-not-on-origin",
      expected: "alpha (the intent's refundOnOrigin: true)",
      actual: "beta",
    });
  });
  test("a Bitcoin recipient cannot be refunded on an EVM chain: the user is", async () => {
    const toBitcoin = orderOf((order) => {
      order.output = {
        ...order.output,
        chainId: "bitcoin",
        payments: [
          {
            ...order.output.payments[0],
            recipient: btcUser,
            currency: bitcoin.nativeCurrency,
          },
        ],
      };
      order.inputs[0].refunds[0].recipient = user;
    });
    const intent = intentOf({
      recipient: btcUser,
      destinationChainId: 8253038,
      destinationCurrency: bitcoin.nativeCurrency,
    });
    expect(only(await failed(verify(await quoteOf(toBitcoin), intent)))).toEqual([]);
  });
});

describe("deadline: the order must still be fillable", () => {
  test.each([
    [nowMs / 1000 + 1, true],
    [nowMs / 1000, false],
  ])("deadline %s, now 1800000000: passes %s", async (at, passes) => {
    const order = orderOf((o) => {
      o.output.deadline = at;
    });
    expect(only(await failed(verify(await quoteOf(order))))).toEqual(
      passes ? [] : ["deadline:order-expired"],
    );
  });
});

describe("items", () => {
  const router = "0x8000000000000000000000000000000000000008";
  const swap = {
    id: "swap",
    kind: "transaction",
    requestId,
    items: [
      { status: "incomplete", data: { to: router, chainId: 1, value: "1000000", data: "0xf9e4bab40000" } },
    ],
  };
  test("an item the guard cannot decode passes only when accepted by its step id or its index", async () => {
    const quote = await quoteOf(orderOf(), { steps: () => [swap] });
    expect((await failed(verify(quote)))[0]).toMatchObject({
      name: "item",
      reason: "undecoded-item",
      item: { stepId: "swap", itemIndex: 0 },
    });
    expect((await verify(quote, intentOf(), { acceptItems: ["swap"] })).valid).toBe(true);
    expect((await verify(quote, intentOf(), { acceptItems: ["swap[0]"] })).valid).toBe(true);
    expect((await verify(quote, intentOf(), { acceptItems: ["swap[1]", "deposit"] })).valid).toBe(false);
  });
  test("a step of another request is refused", async () => {
    const quote = await quoteOf(orderOf(), {
      steps: (id) => [{ ...deposit(id), requestId: `0x${"cd".repeat(32)}` }],
    });
    expect((await failed(verify(quote)))[0]).toMatchObject({
      reason: "request-mismatch",
      field: "requestId",
    });
  });
  test("complete items are left out, as the executor leaves them: the guard judges what will run", async () => {
    const done = (id: Hex) => ({ ...deposit(id), items: [{ ...deposit(id).items[0], status: "complete" }] });
    // A step the quote says is done, then the payment that runs: one payment.
    const resumed = await quoteOf(orderOf(), {
      steps: (id) => [{ ...swap, items: [{ ...swap.items[0], status: "complete" }] }, deposit(id)],
    });
    expect((await verify(resumed)).valid).toBe(true);
    // Everything done: nothing would pay.
    expect(only(await failed(verify(await quoteOf(orderOf(), { steps: (id) => [done(id)] }))))).toEqual([
      "total:no-payment",
    ]);
  });
  test("an approval: a trusted spender, at most the amount, drawn exactly by the deposit; a reset to zero is fine", async () => {
    const approve = (spender: Hex, amount: bigint) => ({
      id: "approve",
      kind: "transaction",
      requestId,
      items: [
        {
          status: "incomplete",
          data: {
            to: token,
            chainId: 1,
            data: encodeFunctionData({ abi: paymentAbi, functionName: "approve", args: [spender, amount] }),
          },
        },
      ],
    });
    const depositErc20 = (orderId: Hex) => ({
      ...deposit(orderId),
      items: [
        {
          status: "incomplete",
          data: {
            to: depository,
            chainId: 1,
            data: encodeFunctionData({
              abi: paymentAbi,
              functionName: "depositErc20",
              args: [user, token, 1_000_000n, orderId],
            }),
          },
        },
      ],
    });
    const tokenOrder = orderOf((order) => {
      order.inputs[0].payment.currency = token;
      order.inputs[0].refunds[0].currency = token;
    });
    const intent = intentOf({ originCurrency: token });
    const run = async (approvals: [Hex, bigint][]) =>
      only(
        await failed(
          verify(
            await quoteOf(tokenOrder, {
              steps: (id) => [
                ...approvals.map(([spender, amount]) => approve(spender, amount)),
                depositErc20(id),
              ],
            }),
            intent,
          ),
        ),
      );
    expect(await run([[depository, 1_000_000n]])).toEqual([]);
    expect(await run([])).toEqual([]); // an allowance the payer already gave
    expect(
      await run([
        [depository, 0n],
        [depository, 1_000_000n],
      ]),
    ).toEqual([]);
    expect(await run([[depository, 1_000_001n]])).toEqual(["item:allowance-above-amount"]);
    expect(await run([[depository, 999_999n]])).toEqual(["item:allowance-short"]);
    expect(await run([[approvalProxy, 1_000_000n]])).toEqual(["total:allowance-left"]);
    expect(await run([[router, 1n]])).toEqual(["item:spender-not-trusted"]);
  });
});

describe("a PSBT pays the depository exactly, change to the user, and signs every output", () => {
  const btcOrder = orderOf((order) => {
    order.solverChainId = "bitcoin";
    order.inputs[0].payment = {
      chainId: "bitcoin",
      currency: bitcoin.nativeCurrency,
      amount: "50000",
      weight: "1",
    };
    order.inputs[0].refunds[0] = {
      ...order.inputs[0].refunds[0],
      chainId: "bitcoin",
      recipient: btcUser,
      currency: bitcoin.nativeCurrency,
    };
  });
  const intent = intentOf({
    user: btcUser,
    originChainId: 8253038,
    originCurrency: bitcoin.nativeCurrency,
    amount: "50000",
  });
  const orderId = hashOrder({ orderData: btcOrder, chains });
  const binding = OutScript.encode({
    type: "unknown",
    script: Uint8Array.of(0x6a, 0x20, ...hex.decode(orderId.slice(2))),
  });
  type Output = { address?: string; data?: Uint8Array; amount: bigint };
  const bind = (amount = 0n): Output => ({ data: binding, amount });
  const change = (amount: bigint): Output => ({ address: btcUser, amount });
  function psbt(outputs: Output[], sighashType?: number) {
    const tx = new Transaction({ allowUnknownOutputs: true });
    tx.addInput({
      txid: "11".repeat(32),
      index: 0,
      witnessUtxo: { script: toOutputScript({ address: btcUser }), amount: 100_000n },
      ...(sighashType === undefined ? {} : { sighashType }),
    });
    for (const output of outputs)
      tx.addOutput({
        script: output.data ?? toOutputScript({ address: output.address as string }),
        amount: output.amount,
      });
    return hex.encode(tx.toPSBT());
  }
  const quoteWith = (data: string) =>
    quoteOf(btcOrder, {
      steps: () => [
        {
          id: "deposit",
          kind: "transaction",
          requestId,
          items: [{ status: "incomplete", data: { psbt: data } }],
        },
      ],
    });
  const pay = (amount: bigint): Output => ({ address: btcDepository, amount });
  test.each([
    ["default: payment, binding and change", [pay(50_000n), bind(), change(49_000n)], undefined, []],
    [
      "the payment split over two outputs",
      [pay(20_000n), pay(30_000n), bind(), change(49_000n)],
      undefined,
      [],
    ],
    ["one satoshi short", [pay(49_999n), bind(), change(49_000n)], undefined, ["amount-mismatch"]],
    [
      "change to someone else",
      [
        pay(50_000n),
        bind(),
        { address: "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3", amount: 49_000n },
      ],
      undefined,
      ["unknown-payee"],
    ],
    [
      "value in a data output",
      [pay(50_000n), bind(1n), change(48_999n)],
      undefined,
      ["value-in-data-output"],
    ],
    ["no binding", [pay(50_000n), change(49_000n)], undefined, ["binding-missing"]],
    ["two bindings", [pay(50_000n), bind(), bind(), change(49_000n)], undefined, ["ambiguous-binding"]],
    [
      "a binding of another order",
      [
        pay(50_000n),
        { data: Uint8Array.of(0x6a, 0x20, ...new Uint8Array(32).fill(7)), amount: 0n },
        change(49_000n),
      ],
      undefined,
      ["order-id-mismatch"],
    ],
    [
      "a data output of another shape",
      [pay(50_000n), { data: Uint8Array.of(0x6a, 0x01, 0x00), amount: 0n }, change(49_000n)],
      undefined,
      ["unknown-data-output"],
    ],
    ["no change: the rest burnt as fee", [pay(50_000n), bind()], undefined, ["fee-above-limit"]],
    [
      "outputs above the inputs",
      [pay(50_000n), bind(), change(51_000n)],
      undefined,
      ["outputs-above-inputs"],
    ],
    [
      "an input signed with SIGHASH_NONE",
      [pay(50_000n), bind(), change(49_000n)],
      SigHash.NONE,
      ["outputs-not-signed"],
    ],
    [
      "an input signed ALL|ANYONECANPAY",
      [pay(50_000n), bind(), change(49_000n)],
      SigHash.ALL_ANYONECANPAY,
      [],
    ],
  ] as const)("%s", async (_name, outputs, sighash, reasons) => {
    const result = await verify(await quoteWith(psbt([...outputs], sighash)), intent);
    expect(result.checks.filter((c) => !c.ok).map((c) => c.reason)).toEqual(reasons);
  });
  test("the fee is bounded by maxBitcoinFeeRate times the virtual size", async () => {
    const quote = await quoteWith(psbt([pay(50_000n), bind(), change(45_000n)]));
    expect((await verify(quote, intent)).valid).toBe(true); // 5000 sat on about 180 vB: under 100 sat/vB
    expect((await failed(verify(quote, intent, { maxBitcoinFeeRate: 20n })))[0]).toMatchObject({
      reason: "fee-above-limit",
      field: "data.psbt.fee",
    });
  });
  test("a string that is no PSBT is refused, not thrown", async () => {
    const result = await verify(await quoteWith("70736274ff00"), intent);
    expect(result.failed).toMatchObject({ name: "item", reason: "invalid-psbt" });
  });
});

describe("the order itself", () => {
  test("no order: refused as missing, nothing else checked", async () => {
    const quote = await quoteOf();
    (quote as { protocol?: unknown }).protocol = undefined;
    expect((await verify(quote)).checks).toEqual([
      expect.objectContaining({ name: "order", ok: false, reason: "missing-order", field: "protocol.v2" }),
    ]);
  });
  test("an order of an unknown version is refused as malformed, naming the field", async () => {
    const quote = await quoteOf();
    (quote.protocol.v2.orderData as { version: string }).version = "v9";
    expect((await verify(quote)).failed).toMatchObject({
      name: "order",
      reason: "malformed-order",
      field: "orderData.version",
    });
  });
  test("without its signature: the recomputed id is still compared, the signature is missing", async () => {
    const quote = await quoteOf();
    delete (quote.protocol.v2 as { orderSignature?: string }).orderSignature;
    expect(only(await failed(verify(quote)))).toEqual(["signature:missing-signature"]);
  });
  test("another solver's signature, over an order naming another solver", async () => {
    expect(only(await failed(verify(await quoteOf(), intentOf(), { solvers: [user] })))).toEqual([
      "signer:signer-not-allowed",
      "solver:untrusted-solver",
    ]);
  });
  test("a malformed intent throws (it is the caller's, not the service's)", async () => {
    await expect(verify(await quoteOf(), intentOf({ amount: "ten" }))).rejects.toThrow(
      expect.objectContaining({ name: "InvalidRequestError" }),
    );
  });
});

describe("explicitDeposit: false: a token transfer to the depository, the order id trailing", () => {
  const other = "0x9000000000000000000000000000000000000009";
  const tokenOrder = orderOf((order) => {
    order.inputs[0].payment.currency = token;
    order.inputs[0].refunds[0].currency = token;
  });
  const transferStep = (to: Hex, amount: bigint, trailing: Hex | "") => ({
    ...deposit(`0x${"00".repeat(32)}`),
    items: [
      {
        status: "incomplete",
        data: {
          from: user,
          to: token,
          chainId: 1,
          value: "0",
          data: `${encodeFunctionData({ abi: paymentAbi, functionName: "transfer", args: [to, amount] })}${trailing.slice(2)}`,
        },
      },
    ],
  });
  const run = async (
    step: (orderId: Hex) => ReturnType<typeof transferStep>,
    intent = intentOf({ originCurrency: token, explicitDeposit: false }),
  ) => only(await failed(verify(await quoteOf(tokenOrder, { steps: (id) => [step(id)] }), intent)));

  test("the depository, the amount and the order id: passes, one payment of the order", async () => {
    expect(await run((id) => transferStep(depository, 1_000_000n, id))).toEqual([]);
  });
  test("another recipient, another amount, another id, no id: refused", async () => {
    expect(await run((id) => transferStep(other, 1_000_000n, id))).toEqual(["item:payee-not-trusted"]);
    expect(await run((id) => transferStep(depository, 999_999n, id))).toEqual(["item:amount-mismatch"]);
    expect(await run(() => transferStep(depository, 1_000_000n, requestId))).toEqual([
      "item:order-id-mismatch",
    ]);
    expect(await run(() => transferStep(depository, 1_000_000n, ""))).toEqual(["item:payee-not-trusted"]);
  });
  test("without explicitDeposit: false the transfer form is not the one asked for", async () => {
    expect(
      await run((id) => transferStep(depository, 1_000_000n, id), intentOf({ originCurrency: token })),
    ).toEqual(["item:direct-deposit-not-asked"]);
  });
});

describe("a permit: only a ReceiveWithAuthorization to the trusted solver, only with usePermit", () => {
  const tokenOrder = orderOf((order) => {
    order.inputs[0].payment.currency = token;
    order.inputs[0].refunds[0].currency = token;
  });
  const permit = (orderId: Hex, primaryType: string, to: string) => ({
    id: "authorize",
    kind: "signature",
    requestId,
    items: [
      {
        status: "incomplete",
        data: {
          sign: {
            signatureKind: "eip712",
            domain: { name: "USD Coin", version: "2", chainId: 1, verifyingContract: token },
            types: eip3009Types(primaryType),
            primaryType,
            value: {
              from: user,
              to,
              value: "1000000",
              validAfter: "0",
              validBefore: String(deadline),
              nonce: orderId,
            },
          },
          post: { endpoint: "/execute/permits", method: "POST", body: { kind: "eip3009" } },
        },
      },
    ],
  });
  const solverAddress = solver.address.toLowerCase();
  // Every combination of kind, payee and usePermit: only the genuine one passes.
  const cases: [string, string, boolean, string[]][] = [];
  for (const primaryType of ["ReceiveWithAuthorization", "TransferWithAuthorization"])
    for (const [payee, to] of [
      ["solver", solverAddress],
      ["depository", depository],
      ["stranger", feeTaker],
    ] as const)
      for (const usePermit of [true, false]) {
        const refused =
          primaryType !== "ReceiveWithAuthorization"
            ? ["item:front-runnable-authorization"]
            : !usePermit
              ? ["item:permit-not-asked"]
              : payee !== "solver"
                ? ["item:unknown-payee"]
                : [];
        cases.push([`${primaryType} to the ${payee}`, to, usePermit, refused]);
      }
  test.each(cases)("%s (to %s), usePermit %s: refused %j", async (name, to, usePermit, refused) => {
    const primaryType = name.split(" ")[0] as string;
    const quote = await quoteOf(tokenOrder, { steps: (id) => [permit(id, primaryType, to)] });
    const result = await verify(quote, intentOf({ originCurrency: token, usePermit }));
    expect(only(result.checks.filter((check) => !check.ok))).toEqual(refused);
  });
});
