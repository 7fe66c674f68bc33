// Legacy Bitcoin addresses under legacyBitcoinEncoding "unprefixed": P2PKH (00 || hash) signs the
// bytes of bc1q<hash> (witness v0), P2SH (05 || hash) those of bc19<hash> (witness v5). Every form of
// the caller's address, on the output and on a refund leg, under both encodings: only the caller's
// own text passes.
import { bech32, bech32m, createBase58check } from "@scure/base";
import { sha256, zeroAddress } from "viem";
import { describe, expect, test } from "vitest";
import { bitcoin } from "../../../chains/bitcoin/constants.js";
import { toOrderStruct } from "../../../orders/toOrderStruct.js";
import { resolveTrustRoot } from "../../../orders/trustRoot/resolveTrustRoot.js";
import type { LegacyBitcoinEncoding } from "../../../orders/types.js";
import type { QuoteRequest } from "../../../schemas/index.js";
import { checkOrderIntent } from "./checkOrderIntent.js";

const user = "0x1000000000000000000000000000000000000001";
const solver = "0x4000000000000000000000000000000000000004";
const deadline = 1_800_000_600;
const root = resolveTrustRoot({
  trustRoot: {
    chains: [
      {
        id: 1,
        slug: "alpha",
        vmType: "ethereum-vm",
        depository: "0x3000000000000000000000000000000000000003",
      },
      {
        id: bitcoin.chainId,
        slug: "bitcoin",
        vmType: "bitcoin-vm",
        depository: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
      },
    ],
  },
});
const base58check = createBase58check((data: Uint8Array) => sha256(data, "bytes"));
const hashOf = (legacy: string) => base58check.decode(legacy).slice(1);
const p2pkh = "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2";
const p2sh = "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy";
/** The witness address whose program is the legacy address's hash: v0 for P2PKH, v5 for P2SH. */
const twin = (legacy: string) =>
  legacy.startsWith("1")
    ? bech32.encode("bc", [0, ...bech32.toWords(hashOf(legacy))])
    : bech32m.encode("bc", [5, ...bech32m.toWords(hashOf(legacy))]);

const check = (
  caller: string,
  paid: string,
  refunded: string,
  legacyBitcoinEncoding: LegacyBitcoinEncoding,
  whole = false,
  feeTo?: string,
) => {
  const orderData = {
    version: "v1",
    solverChainId: "alpha",
    solver,
    salt: "0x01",
    inputs: [
      {
        payment: { chainId: "alpha", currency: zeroAddress, amount: "1000000", weight: "1" },
        refunds: [
          {
            chainId: "alpha",
            recipient: user,
            currency: zeroAddress,
            minimumAmount: "0",
            deadline,
            extraData: "0x",
          },
          {
            chainId: "bitcoin",
            recipient: refunded,
            currency: bitcoin.nativeCurrency,
            minimumAmount: "0",
            deadline,
            extraData: "0x",
          },
        ],
      },
    ],
    output: {
      chainId: "bitcoin",
      payments: [
        {
          recipient: paid,
          currency: bitcoin.nativeCurrency,
          minimumAmount: "950000",
          expectedAmount: "1000000",
        },
      ],
      calls: [],
      deadline,
      extraData: "0x",
    },
    fees:
      feeTo === undefined
        ? []
        : [
            {
              recipientChainId: "bitcoin",
              recipient: feeTo,
              currencyChainId: "alpha",
              currency: zeroAddress,
              amount: "10001",
            },
          ],
  };
  const intent: QuoteRequest = {
    user,
    recipient: caller,
    originChainId: 1,
    destinationChainId: bitcoin.chainId,
    originCurrency: zeroAddress,
    destinationCurrency: bitcoin.nativeCurrency,
    amount: "1000000",
    tradeType: "EXACT_INPUT",
    ...(feeTo === undefined ? {} : { appFees: [{ recipient: caller, fee: "100" }] }),
  };
  const refused = checkOrderIntent({
    struct: toOrderStruct({ orderData, chains: root.order, legacyBitcoinEncoding }),
    intent,
    quoted: { input: 1_000_000n, output: 1_000_000n },
    root,
    trustedSolver: solver,
    maxSlippageBps: 500,
    maxDeadlineSeconds: 3600,
    nowSeconds: deadline - 600,
    legacyBitcoinEncoding,
    orderData,
  }).filter((result) => !result.ok);
  return whole ? refused : refused.map((result) => `${result.name}:${result.reason}@${result.field}`);
};

const payment = "recipient:recipient-mismatch@orderData.output.payments[0].recipient";
const refund = "refundTo:refund-recipient-mismatch@orderData.inputs[0].refunds[1].recipient";

describe.each([p2pkh, p2sh])("the caller's %s", (legacy) => {
  test("its twin signs the same bytes unprefixed, not ff-prefixed", () => {
    expect(twin(legacy)).toMatch(legacy.startsWith("1") ? /^bc1q/ : /^bc19/);
  });
  test.each([
    ["unprefixed", legacy, legacy, []],
    ["unprefixed", twin(legacy), legacy, [payment]],
    ["unprefixed", legacy, twin(legacy), [refund]],
    ["unprefixed", twin(legacy), twin(legacy), [payment, refund]],
    ["ff-prefixed", legacy, legacy, []],
    ["ff-prefixed", twin(legacy), legacy, [payment]],
    ["ff-prefixed", legacy, twin(legacy), [refund]],
  ] as [LegacyBitcoinEncoding, string, string, string[]][])(
    "%s, the order paying %s, refunding %s: refused %j",
    (encoding, paid, refunded, refused) => {
      expect(check(legacy, paid, refunded, encoding)).toEqual(refused);
    },
  );
  test("the refusal names the caller's address, why, and the order's text", () => {
    expect(check(legacy, twin(legacy), legacy, "unprefixed", true)).toEqual([
      {
        name: "recipient",
        ok: false,
        field: "orderData.output.payments[0].recipient",
        reason: "recipient-mismatch",
        expected: `${legacy} (legacyBitcoinEncoding "unprefixed" signs the bytes of both forms alike)`,
        actual: twin(legacy),
      },
    ]);
  });
  test.each([
    ["unprefixed", legacy, []],
    ["unprefixed", twin(legacy), ["fees:unknown-fee-recipient@orderData.fees[0].recipient"]],
    ["ff-prefixed", legacy, []],
    ["ff-prefixed", twin(legacy), ["fees:unknown-fee-recipient@orderData.fees[0].recipient"]],
  ] as [LegacyBitcoinEncoding, string, string[]][])(
    "%s, an app fee to the caller's address paid to %s: refused %j",
    (encoding, feeTo, refused) => {
      expect(check(legacy, legacy, legacy, encoding, false, feeTo)).toEqual(refused);
    },
  );
});

test("a witness recipient is compared by its bytes alone (no legacy form to confuse it with)", () => {
  const witness = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
  expect(check(witness, witness, witness, "unprefixed")).toEqual([]);
});
