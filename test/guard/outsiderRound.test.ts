// An outside review of the payment guard, on hand-made quotes signed by a test solver the caller
// trusts (no devnet): each test is one attack, by a man in the middle (the order stays genuine,
// everything else is changed) or by a service that signs what it likes. A test asserts the SAFE
// verdict: where the guard lets the attack through today, the test fails and says so in its name.
import { bech32m, createBase58check } from "@scure/base";
import {
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  keccak256,
  sha256,
  toHex,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { bitcoin } from "../../packages/attestkit/src/chains/bitcoin/constants.js";
import { executeSteps } from "../../packages/attestkit/src/client/actions/executeSteps.js";
import { createClient } from "../../packages/attestkit/src/client/createClient.js";
import { paymentAbi } from "../../packages/attestkit/src/client/payment/paymentAbi.js";
import type { PaymentCheck } from "../../packages/attestkit/src/client/payment/types.js";
import {
  type VerifyPaymentParameters,
  verifyPayment,
} from "../../packages/attestkit/src/client/payment/verifyPayment.js";
import { hashOrder } from "../../packages/attestkit/src/orders/hashOrder.js";
import { resolveTrustRoot } from "../../packages/attestkit/src/orders/trustRoot/resolveTrustRoot.js";
import type { TrustRoot } from "../../packages/attestkit/src/orders/trustRoot/types.js";
import type { LegacyBitcoinEncoding, OrderDataV1 } from "../../packages/attestkit/src/orders/types.js";
import type { QuoteRequest } from "../../packages/attestkit/src/schemas/index.js";
import { type EditableOrder, eip3009Types, guardIntent, guardOrderV1 } from "../support/guardQuotes.js";

const solver = privateKeyToAccount(keccak256(toHex("attestkit outsider round solver")));
const user = "0x1000000000000000000000000000000000000001";
const recipient = "0x2000000000000000000000000000000000000002";
const depository = "0x3000000000000000000000000000000000000003";
const token = "0x5000000000000000000000000000000000000005";
const appA = "0x6000000000000000000000000000000000000006";
const appB = "0x7000000000000000000000000000000000000007";
const attacker = "0xbad0000000000000000000000000000000000bad";
const weth = "0x9000000000000000000000000000000000000009";
const requestId = `0x${"ab".repeat(32)}` as Hex;
const nowMs = 1_800_000_000_000;
const deadline = 1_800_000_600;

const trustRoot: TrustRoot = {
  chains: [
    { id: 1, slug: "alpha", vmType: "ethereum-vm", depository, wrappedNative: weth },
    { id: 2, slug: "beta", vmType: "ethereum-vm", depository },
    {
      id: bitcoin.chainId,
      slug: "bitcoin",
      vmType: "bitcoin-vm",
      depository: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    },
  ],
};
const chains = resolveTrustRoot({ trustRoot }).order;

const parties = { user, recipient, solver: solver.address, deadline };
const intentOf = (overrides: Partial<QuoteRequest> = {}): QuoteRequest => guardIntent(parties, overrides);

type Order = EditableOrder;

const orderOf = (change: (order: Order) => void = () => {}): OrderDataV1 => guardOrderV1(parties, change);

const tokenOrder = (change: (order: Order) => void = () => {}) =>
  orderOf((order) => {
    order.inputs[0].payment.currency = token;
    order.inputs[0].refunds[0].currency = token;
    change(order);
  });

type Item = { status?: string; data: Record<string, unknown> };
const step = (id: string, items: Item[], kind = "transaction") => ({
  id,
  kind,
  requestId,
  items: items.map((item) => ({ status: "incomplete", ...item })),
});
const call = (to: string, data: Hex, value = "0") => ({ data: { from: user, to, chainId: 1, value, data } });
const depositNative = (orderId: Hex) =>
  call(
    depository,
    encodeFunctionData({ abi: paymentAbi, functionName: "depositNative", args: [user, orderId] }),
    "1000000",
  );
const approve = (spender: Hex, amount: bigint) =>
  call(token, encodeFunctionData({ abi: paymentAbi, functionName: "approve", args: [spender, amount] }));
const transfer = (to: Hex, amount: bigint, trailing: Hex | "" = "") =>
  call(
    token,
    `${encodeFunctionData({ abi: paymentAbi, functionName: "transfer", args: [to, amount] })}${trailing.slice(2)}` as Hex,
  );

/** A quote of `order`, signed by the trusted test solver; `steps` built from its id. */
async function quoteOf(
  order: OrderDataV1,
  steps: (orderId: Hex) => unknown[],
  options: { out?: string; legacyBitcoinEncoding?: LegacyBitcoinEncoding } = {},
) {
  const orderId = hashOrder({
    orderData: order,
    chains,
    legacyBitcoinEncoding: options.legacyBitcoinEncoding,
  });
  const { chainId, currency, amount } = (order.inputs[0] as OrderDataV1["inputs"][number]).payment;
  return {
    requestId,
    steps: steps(orderId),
    details: { currencyIn: { amount: String(amount) }, currencyOut: { amount: options.out ?? "1000000" } },
    protocol: {
      v2: {
        orderId,
        orderData: order,
        orderSignature: await solver.signMessage({ message: { raw: orderId } }),
        paymentDetails: { chainId, depository, currency, amount },
      },
    },
  };
}

const verify = (quote: unknown, intent: QuoteRequest, extra: Partial<VerifyPaymentParameters> = {}) =>
  verifyPayment({ quote, intent, trustRoot, solvers: [solver.address], now: () => nowMs, ...extra });
const refusals = async (promise: ReturnType<typeof verify>) =>
  (await promise).checks
    .filter((check: PaymentCheck) => !check.ok)
    .map(({ name, reason }) => `${name}:${reason}`);

describe("baselines: the untampered quotes pass (so that each refusal below is the attack's)", () => {
  test("native deposit; token approve + depositErc20; token transfer with the id trailing", async () => {
    expect(
      (await verify(await quoteOf(orderOf(), (id) => [step("deposit", [depositNative(id)])]), intentOf()))
        .valid,
    ).toBe(true);
    const erc20 = (id: Hex) => [
      step("approve", [approve(depository, 1_000_000n)]),
      step("deposit", [
        call(
          depository,
          encodeFunctionData({
            abi: paymentAbi,
            functionName: "depositErc20",
            args: [user, token, 1_000_000n, id],
          }),
        ),
      ]),
    ];
    expect(
      (await verify(await quoteOf(tokenOrder(), erc20), intentOf({ originCurrency: token }))).valid,
    ).toBe(true);
    const direct = (id: Hex) => [step("deposit", [transfer(depository, 1_000_000n, id)])];
    expect(
      (
        await verify(
          await quoteOf(tokenOrder(), direct),
          intentOf({ originCurrency: token, explicitDeposit: false }),
        )
      ).valid,
    ).toBe(true);
  });
});

describe("a man in the middle: the order genuine, the items his", () => {
  const tokenIntent = intentOf({ originCurrency: token });
  const directIntent = intentOf({ originCurrency: token, explicitDeposit: false });

  test("explicitDeposit: false, the direct transfer plus an approval of the depository left standing", async () => {
    const quote = await quoteOf(tokenOrder(), (id) => [
      step("deposit", [approve(depository, 1_000_000n), transfer(depository, 1_000_000n, id)]),
    ]);
    expect(await refusals(verify(quote, directIntent))).toEqual(["total:allowance-left"]);
  });

  test("explicitDeposit: false, the direct transfer and a depositErc20 of the same order (paid twice)", async () => {
    const quote = await quoteOf(tokenOrder(), (id) => [
      step("deposit", [
        transfer(depository, 1_000_000n, id),
        call(
          depository,
          encodeFunctionData({
            abi: paymentAbi,
            functionName: "depositErc20",
            args: [user, token, 1_000_000n, id],
          }),
        ),
      ]),
    ]);
    expect(await refusals(verify(quote, directIntent))).toEqual(["total:paid-twice"]);
  });

  test("explicitDeposit: false, the direct transfer with 64 trailing bytes (the id, then the attacker's word)", async () => {
    const quote = await quoteOf(tokenOrder(), (id) => [
      step("deposit", [
        transfer(depository, 1_000_000n, `${id}${"00".repeat(12)}${attacker.slice(2)}` as Hex),
      ]),
    ]);
    expect(await refusals(verify(quote, directIntent))).toEqual(["item:undecoded-item"]);
  });

  test("a native transfer to the depository with the id as calldata, explicitDeposit not false", async () => {
    const quote = await quoteOf(orderOf(), (id) => [step("deposit", [call(depository, id, "1000000")])]);
    expect(await refusals(verify(quote, intentOf()))).toEqual(["item:direct-deposit-not-asked"]);
  });

  test("the token's transfer to the depository on a native order (the token is not the currency paid)", async () => {
    const quote = await quoteOf(orderOf(), (id) => [step("deposit", [transfer(depository, 1_000_000n, id)])]);
    expect(await refusals(verify(quote, intentOf({ explicitDeposit: false })))).toEqual([
      "item:undecoded-item",
    ]);
  });

  test("depositErc20 of the whole allowance with no approval in the quote (the payer's old allowance)", async () => {
    const whole = (id: Hex) =>
      call(
        depository,
        encodeFunctionData({ abi: paymentAbi, functionName: "depositErc20", args: [user, token, id] }),
      );
    expect(
      await refusals(
        verify(await quoteOf(tokenOrder(), (id) => [step("deposit", [whole(id)])]), tokenIntent),
      ),
    ).toContain("item:unknown-amount");
    // ... nor with the approval marked complete (the executor would skip it: the old allowance is drawn).
    const done = await quoteOf(tokenOrder(), (id) => [
      step("approve", [{ ...approve(depository, 1_000_000n), status: "complete" }]),
      step("deposit", [whole(id)]),
    ]);
    expect(await refusals(verify(done, tokenIntent))).toContain("item:unknown-amount");
  });

  test("an EIP-3009 authorization with a domain that names no chain (types left implicit)", async () => {
    const quote = await quoteOf(tokenOrder(), (id) => [
      step(
        "authorize",
        [
          {
            data: {
              sign: {
                signatureKind: "eip712",
                domain: { name: "USD Coin", version: "2", verifyingContract: token },
                types: {
                  TransferWithAuthorization: [
                    { name: "from", type: "address" },
                    { name: "to", type: "address" },
                    { name: "value", type: "uint256" },
                    { name: "validAfter", type: "uint256" },
                    { name: "validBefore", type: "uint256" },
                    { name: "nonce", type: "bytes32" },
                  ],
                },
                primaryType: "TransferWithAuthorization",
                value: {
                  from: user,
                  to: depository,
                  value: "1000000",
                  validAfter: 0,
                  validBefore: deadline,
                  nonce: id,
                },
              },
              post: { endpoint: "/execute/permits", method: "POST", body: {} },
            },
          },
        ],
        "signature",
      ),
    ]);
    expect(await refusals(verify(quote, tokenIntent))).toEqual(["item:wrong-chain"]);
  });

  // SUCCEEDS TODAY (the test fails): with an origin swap the caller accepted (pinned to its data),
  // the native route bounds the accepted value plus the decoded payment by the amount
  // (accepted-value-above-amount), but the token route does not: the accepted router may pull the
  // whole amount through its approval AND the added approve + depositErc20 pays the amount again.
  test("ATTACK: an accepted router swap plus an added approve + depositErc20: twice the amount leaves the payer; must be refused", async () => {
    const router = "0x8000000000000000000000000000000000000008";
    const swapItem = { data: { from: user, to: router, chainId: 1, value: "0", data: "0xf9e4bab40000" } };
    const genuine = (_id: Hex) => [step("approve", [approve(router, 1_000_000n)]), step("swap", [swapItem])];
    const accepted = await verify(await quoteOf(tokenOrder(), genuine), tokenIntent);
    const acceptAs = accepted.checks.find((check) => check.acceptAs)?.acceptAs as string;
    expect(acceptAs).toMatch(/^swap\[0\]@/);
    // The genuine quote, its swap accepted as the refusal printed it, passes.
    expect(
      (await verify(await quoteOf(tokenOrder(), genuine), tokenIntent, { acceptItems: [acceptAs] })).valid,
    ).toBe(true);
    // The native analogue is refused: the accepted value and the deposit together exceed the amount.
    const nativeSwap = { data: { ...swapItem.data, value: "1000000" } };
    const nativeQuote = await quoteOf(orderOf(), (id) => [
      step("swap", [nativeSwap]),
      step("deposit", [depositNative(id)]),
    ]);
    const nativeAccept = (await verify(nativeQuote, intentOf())).checks.find((check) => check.acceptAs)
      ?.acceptAs as string;
    expect(await refusals(verify(nativeQuote, intentOf(), { acceptItems: [nativeAccept] }))).toEqual([
      "total:accepted-value-above-amount",
    ]);
    // The token route with the same addition.
    const doubled = await quoteOf(tokenOrder(), (id) => [
      ...genuine(id),
      step("deposit", [
        approve(depository, 1_000_000n),
        call(
          depository,
          encodeFunctionData({
            abi: paymentAbi,
            functionName: "depositErc20",
            args: [user, token, 1_000_000n, id],
          }),
        ),
      ]),
    ]);
    const result = await verify(doubled, tokenIntent, { acceptItems: [acceptAs] });
    expect(result.valid).toBe(false);
  });

  // SUCCEEDS TODAY (the test fails), lower severity: the guard reads TransferWithAuthorization like
  // ReceiveWithAuthorization. The genuine permit is a ReceiveWithAuthorization (only its payee can
  // run it); the man in the middle swaps in a TransferWithAuthorization, keeps the posted signature
  // (the post goes through him) and submits it himself: the payer's tokens land on the depository
  // (a contract with no EIP-3009 entry: no deposit event, nothing credited under the order) or on
  // the solver's account, outside the service's flow. EIP-3009 itself warns against
  // transferWithAuthorization to a contract payee for exactly this front-running.
  test("ATTACK: a TransferWithAuthorization (anyone may submit) in place of the ReceiveWithAuthorization; must be refused", async () => {
    const permit = (id: Hex, primaryType: string, to: string) =>
      step(
        "authorize",
        [
          {
            data: {
              sign: {
                signatureKind: "eip712",
                domain: { name: "USD Coin", version: "1", chainId: 1, verifyingContract: token },
                types: eip3009Types(primaryType),
                primaryType,
                value: {
                  from: user,
                  to,
                  value: "1000000",
                  validAfter: "0",
                  validBefore: String(deadline),
                  nonce: id,
                },
              },
              post: { endpoint: "/execute/permits", method: "POST", body: { kind: "eip3009" } },
            },
          },
        ],
        "signature",
      );
    const intent = intentOf({ originCurrency: token, usePermit: true } as Partial<QuoteRequest>);
    const solverAddress = solver.address.toLowerCase();
    const genuine = await quoteOf(tokenOrder(), (id) => [
      permit(id, "ReceiveWithAuthorization", solverAddress),
    ]);
    expect((await verify(genuine, intent)).valid).toBe(true);
    const toDepository = await quoteOf(tokenOrder(), (id) => [
      permit(id, "TransferWithAuthorization", depository),
    ]);
    const toSolver = await quoteOf(tokenOrder(), (id) => [
      permit(id, "TransferWithAuthorization", solverAddress),
    ]);
    // ... and without usePermit in the intent at all.
    const noPermit = intentOf({ originCurrency: token });
    // Today all three pass: [true, true, true].
    expect([
      (await verify(toDepository, intent)).valid,
      (await verify(toSolver, intent)).valid,
      (await verify(toDepository, noPermit)).valid,
    ]).toEqual([false, false, false]);
  });

  test("a same-chain wrap or unwrap redirected with depositTo / withdrawTo", async () => {
    const same = { destinationChainId: 1 };
    const selfQuote = (items: Item[]) => ({ requestId, steps: [step("swap", items)], details: {} });
    const wrapTo = call(
      weth,
      encodeFunctionData({ abi: paymentAbi, functionName: "depositTo", args: [attacker] }),
      "1000000",
    );
    expect(
      await refusals(verify(selfQuote([wrapTo]), intentOf({ ...same, destinationCurrency: weth }))),
    ).toEqual(["item:recipient-mismatch"]);
    const unwrapTo = call(
      weth,
      encodeFunctionData({ abi: paymentAbi, functionName: "withdrawTo", args: [attacker, 1_000_000n] }),
    );
    expect(
      await refusals(
        verify(
          selfQuote([unwrapTo]),
          intentOf({ ...same, originCurrency: weth, destinationCurrency: zeroAddress }),
        ),
      ),
    ).toEqual(["item:recipient-mismatch"]);
  });
});

describe("what the executor hands the wallet", () => {
  test("an item's EIP-7702 authorizationList, type, nonce, accessList and gas prices never reach the wallet", async () => {
    const quote = await quoteOf(orderOf(), (id) => {
      const item = depositNative(id);
      return [
        step("deposit", [
          {
            data: {
              ...item.data,
              type: "eip7702",
              nonce: 7,
              accessList: [{ address: attacker, storageKeys: [] }],
              authorizationList: [
                {
                  address: attacker,
                  chainId: 1,
                  nonce: 0,
                  r: `0x${"11".repeat(32)}`,
                  s: `0x${"22".repeat(32)}`,
                  yParity: 0,
                },
              ],
              gas: "21000",
              maxFeePerGas: "1000000000000",
              maxPriorityFeePerGas: "1000000000000",
            },
          },
        ]),
      ];
    });
    const sent: Record<string, unknown>[] = [];
    const account = { address: user, type: "json-rpc" } as const;
    const wallet = {
      account,
      getChainId: async () => 1,
      sendTransaction: async (args: Record<string, unknown>) => {
        sent.push(args);
        return `0x${"aa".repeat(32)}`;
      },
    };
    const publicClient = { waitForTransactionReceipt: async () => ({ status: "success" }) };
    const client = createClient({
      network: { baseUrl: "http://127.0.0.1:9" },
      retry: false,
      solvers: [solver.address],
      trustRoot,
    });
    await executeSteps(client, {
      quote: quote as { steps: unknown[] },
      wallet: wallet as never,
      publicClient: publicClient as never,
      verify: { intent: intentOf(), now: () => nowMs },
    });
    expect(sent).toHaveLength(1);
    expect(Object.keys(sent[0] ?? {}).sort()).toEqual(["account", "chain", "data", "to", "value"]);
    expect(sent[0]).toMatchObject({ to: depository, value: 1_000_000n });
  });
});

describe("a service that signs what it likes", () => {
  const fee = (recipientAddress: string, amount: string) => ({
    recipientChainId: "alpha",
    recipient: recipientAddress,
    currencyChainId: "alpha",
    currency: zeroAddress,
    amount,
  });

  // SUCCEEDS TODAY (the test fails): the app fee of an item that names a recipient is paid to the
  // solver, because one other item names none. 100 bps meant for appA go to the signing solver.
  test("ATTACK: appFees [appA 100 bps, unnamed 1 bps]: the solver takes all 101 bps; must be refused", async () => {
    const intent = intentOf({ appFees: [{ recipient: appA, fee: "100" }, { fee: "1" }] });
    const quote = await quoteOf(
      orderOf((order) => {
        order.fees = [fee(solver.address.toLowerCase(), "10100")];
      }),
      (id) => [step("deposit", [depositNative(id)])],
    );
    expect(await refusals(verify(quote, intent))).toContain("fees:fees-above-app-fees");
  });

  // SUCCEEDS TODAY (the test fails): the fees are capped only in total, so the whole cap can go to
  // the recipient the caller gave 1 bps (100x its share), and nothing to the other.
  test("ATTACK: appFees [appA 100 bps, appB 1 bps]: all 101 bps paid to appB; must be refused", async () => {
    const intent = intentOf({
      appFees: [
        { recipient: appA, fee: "100" },
        { recipient: appB, fee: "1" },
      ],
    });
    const quote = await quoteOf(
      orderOf((order) => {
        order.fees = [fee(appB, "10100")];
      }),
      (id) => [step("deposit", [depositNative(id)])],
    );
    expect(await refusals(verify(quote, intent))).toContain("fees:fees-above-app-fees");
  });

  // SUCCEEDS TODAY (the test fails): refundOnOrigin (the interface: "always refund on origin") is not
  // read; the only refund leg is on the destination chain, paid to the recipient there.
  test("ATTACK: refundOnOrigin: true, the only refund leg on the destination chain; must be refused", async () => {
    const quote = await quoteOf(
      orderOf((order) => {
        order.inputs[0].refunds = [
          {
            chainId: "beta",
            recipient,
            currency: zeroAddress,
            minimumAmount: "0",
            deadline,
            extraData: "0x",
          },
        ];
      }),
      (id) => [step("deposit", [depositNative(id)])],
    );
    const refused = await refusals(
      verify(quote, intentOf({ refundOnOrigin: true } as Partial<QuoteRequest>)),
    );
    expect(refused.some((reason) => reason.startsWith("refund"))).toBe(true);
  });

  // SUCCEEDS TODAY (the test fails): with legacyBitcoinEncoding "unprefixed", a P2SH recipient
  // (3..., bytes 05 || hash) and the witness-v5 address bc1z... with the same 20-byte program encode
  // to the same order bytes; the order names the v5 address (anyone-can-spend under today's rules).
  test("ATTACK: a P2SH recipient, the order paying bc1z<same hash> (witness v5), unprefixed encoding; must be refused", async () => {
    const p2sh = "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy";
    const hash = createBase58check((data: Uint8Array) => sha256(data, "bytes"))
      .decode(p2sh)
      .slice(1);
    const v5 = bech32m.encode("bc", [5, ...bech32m.toWords(hash)]);
    const legacyBitcoinEncoding = "unprefixed" as const;
    const intent = intentOf({
      destinationChainId: bitcoin.chainId,
      destinationCurrency: bitcoin.nativeCurrency,
      recipient: p2sh,
    });
    const order = orderOf((o) => {
      o.inputs[0].refunds[0].recipient = user;
      o.output.chainId = "bitcoin";
      o.output.payments = [
        {
          recipient: v5,
          currency: bitcoin.nativeCurrency,
          minimumAmount: "950000",
          expectedAmount: "1000000",
        },
      ];
    });
    const quote = await quoteOf(order, (id) => [step("deposit", [depositNative(id)])], {
      legacyBitcoinEncoding,
    });
    // The genuine order, naming the P2SH address itself, passes.
    const genuine = orderOf((o) => {
      o.inputs[0].refunds[0].recipient = user;
      o.output.chainId = "bitcoin";
      o.output.payments = [
        {
          recipient: p2sh,
          currency: bitcoin.nativeCurrency,
          minimumAmount: "950000",
          expectedAmount: "1000000",
        },
      ];
    });
    const genuineQuote = await quoteOf(genuine, (id) => [step("deposit", [depositNative(id)])], {
      legacyBitcoinEncoding,
    });
    expect((await verify(genuineQuote, intent, { legacyBitcoinEncoding })).valid).toBe(true);
    expect(quote.protocol.v2.orderId).toBe(genuineQuote.protocol.v2.orderId);
    expect(await refusals(verify(quote, intent, { legacyBitcoinEncoding }))).toContain(
      "recipient:recipient-mismatch",
    );
  });

  // SUCCEEDS TODAY (the test fails): the native value of the intent's destination calls (wei) is
  // added to the signed minimum of a TOKEN output (token units): a call carrying 1,000,000 wei lets
  // the order sign a minimum of 0 tokens, for an exact input and for an exact output alike.
  test("ATTACK: a token output and a destination call carrying wei: a signed token minimum of 0 passes; must be refused", async () => {
    const txs = [{ to: appA, data: "0x", value: "1000000" }];
    const encodedCall = encodeAbiParameters(
      [{ type: "address" }, { type: "bytes" }, { type: "uint256" }],
      [appA, "0x", 1_000_000n],
    );
    const order = orderOf((o) => {
      o.output.payments = [{ recipient, currency: token, minimumAmount: "0", expectedAmount: "0" }];
      o.output.calls = [encodedCall];
    });
    const quote = await quoteOf(order, (id) => [step("deposit", [depositNative(id)])]);
    const exactInput = intentOf({ destinationCurrency: token, txs } as Partial<QuoteRequest>);
    const exactOutput = intentOf({
      destinationCurrency: token,
      txs,
      tradeType: "EXACT_OUTPUT",
    } as Partial<QuoteRequest>);
    // Today both pass: [true, true].
    expect([(await verify(quote, exactInput)).valid, (await verify(quote, exactOutput)).valid]).toEqual([
      false,
      false,
    ]);
  });

  test("a refund leg in the native currency of the input chain when a token is paid is refused (stricter than the guide)", async () => {
    const quote = await quoteOf(
      tokenOrder((order) => {
        order.inputs[0].refunds[0].currency = zeroAddress;
      }),
      (id) => [
        step("deposit", [
          approve(depository, 1_000_000n),
          call(
            depository,
            encodeFunctionData({
              abi: paymentAbi,
              functionName: "depositErc20",
              args: [user, token, 1_000_000n, id],
            }),
          ),
        ]),
      ],
    );
    expect(await refusals(verify(quote, intentOf({ originCurrency: token })))).toEqual([
      "refund:refund-leg-mismatch",
    ]);
  });

  test("a second output payment to the recipient in another currency is refused", async () => {
    const quote = await quoteOf(
      orderOf((order) => {
        order.output.payments.push({ recipient, currency: token, minimumAmount: "1", expectedAmount: "1" });
      }),
      (id) => [step("deposit", [depositNative(id)])],
    );
    expect(await refusals(verify(quote, intentOf()))).toContain("destinationCurrency:currency-mismatch");
  });
});
