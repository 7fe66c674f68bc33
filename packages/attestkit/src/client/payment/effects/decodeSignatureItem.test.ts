import { expect, test } from "vitest";
import { routeRequest } from "../../../../../../test/support/fixtures.js";
import type { SignatureData } from "../../../schemas/index.js";
import type { Eip712Sign } from "./checkAuthorizationTypes.js";
import { decodeSignatureItem } from "./decodeSignatureItem.js";
import type { EffectContext } from "./types.js";

const payer = "0x03508bb71268bba25ecacc8f620e01866650532c";
const payee = "0x4cd00e387622c35bddb9b4c962c136462338bc31";
const token = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913";
const nonce = `0x${"1f".repeat(32)}`;
const deadline = 1_767_225_600;

const context: EffectContext = {
  intent: { ...routeRequest({ user: payer, originChainId: 8453 }), usePermit: true },
  origin: { id: 8453, slug: "base", vmType: "ethereum-vm" },
  orderId: undefined,
  user: payer,
  currency: token,
  native: false,
  depositAddress: undefined,
  trustedSolver: undefined,
  accepted: false,
  nowSeconds: deadline - 600,
  orderDeadline: deadline,
  limits: { maxBitcoinFeeRate: 100n, maxExchangeFee: 1_000_000n },
};

const fields = [
  { name: "from", type: "address" },
  { name: "to", type: "address" },
  { name: "value", type: "uint256" },
  { name: "validAfter", type: "uint256" },
  { name: "validBefore", type: "uint256" },
  { name: "nonce", type: "bytes32" },
];

/** An EIP-3009 authorization of 100 USDC on Base from the payer, with `change` applied to its sign. */
const authorization = (change: (sign: Eip712Sign) => void = () => {}): SignatureData => {
  const sign: Eip712Sign = {
    signatureKind: "eip712",
    domain: { name: "USD Coin", version: "2", chainId: 8453, verifyingContract: token },
    types: { ReceiveWithAuthorization: fields },
    primaryType: "ReceiveWithAuthorization",
    value: { from: payer, to: payee, value: "100000000", validAfter: 0, validBefore: deadline, nonce },
  };
  change(sign);
  return { sign, post: { endpoint: "/execute/permits", method: "POST" } };
};

test("default: an EIP-3009 authorization is a payment of its value to its payee, bound by its nonce", () => {
  expect(decodeSignatureItem({ data: authorization(), context })).toEqual({
    ok: true,
    moves: [
      {
        type: "pay",
        via: "authorization",
        chainId: 8453,
        payee,
        currency: token,
        amount: 100_000_000n,
        binding: nonce,
        depositor: payer,
        fields: {
          payee: "data.sign.value.to",
          currency: "data.sign.domain.verifyingContract",
          amount: "data.sign.value.value",
          binding: "data.sign.value.nonce",
          depositor: "data.sign.value.from",
        },
      },
    ],
    summary: `ReceiveWithAuthorization of 100000000 ${token} to ${payee}, nonce ${nonce}`,
  });
});

test("each rule refuses with its reason, in order", () => {
  const cases: [string, SignatureData, string, string][] = [
    [
      "an EIP-191 message",
      { sign: { signatureKind: "eip191", message: nonce }, post: { endpoint: "/authorize", method: "POST" } },
      "data.sign.signatureKind",
      "undecoded-signature",
    ],
    [
      "another EIP-712 type",
      authorization((sign) => {
        sign.primaryType = "Permit";
      }),
      "data.sign.primaryType",
      "undecoded-signature",
    ],
    [
      "fields in another order",
      authorization((sign) => {
        sign.types = { ReceiveWithAuthorization: [...fields].reverse() };
      }),
      "data.sign.types.ReceiveWithAuthorization",
      "nonstandard-types",
    ],
    [
      "a type besides the primary and the domain",
      authorization((sign) => {
        sign.types = { ReceiveWithAuthorization: fields, Extra: [{ name: "a", type: "uint256" }] };
      }),
      "data.sign.types.ReceiveWithAuthorization",
      "nonstandard-types",
    ],
    [
      "a domain type without verifyingContract",
      authorization((sign) => {
        sign.types = {
          ReceiveWithAuthorization: fields,
          EIP712Domain: [{ name: "chainId", type: "uint256" }],
        };
      }),
      "data.sign.types.EIP712Domain",
      "nonstandard-types",
    ],
    [
      "another chain",
      authorization((sign) => {
        sign.domain = { chainId: 1, verifyingContract: token };
      }),
      "data.sign.domain.chainId",
      "wrong-chain",
    ],
    [
      "another payer",
      authorization((sign) => {
        sign.value.from = payee;
      }),
      "data.sign.value.from",
      "payer-mismatch",
    ],
    [
      "a nonce of 31 bytes",
      authorization((sign) => {
        sign.value.nonce = `0x${"1f".repeat(31)}`;
      }),
      "data.sign.value",
      "malformed-authorization",
    ],
    [
      "valid a minute and a second past the order's deadline",
      authorization((sign) => {
        sign.value.validBefore = deadline + 61;
      }),
      "data.sign.value.validBefore",
      "authorization-outlives-order",
    ],
    [
      "expired",
      authorization((sign) => {
        sign.value.validBefore = context.nowSeconds;
      }),
      "data.sign.value.validBefore",
      "authorization-expired",
    ],
    [
      "a TransferWithAuthorization (anyone holding the signature may submit it)",
      authorization((sign) => {
        sign.types = { TransferWithAuthorization: fields };
        sign.primaryType = "TransferWithAuthorization";
      }),
      "data.sign.primaryType",
      "front-runnable-authorization",
    ],
  ];
  for (const [name, data, field, reason] of cases)
    expect(decodeSignatureItem({ data, context }), name).toMatchObject({ ok: false, field, reason });
  // The deadline's own minute is allowed.
  const lastMinute = authorization((sign) => {
    sign.value.validBefore = deadline + 60;
  });
  expect(decodeSignatureItem({ data: lastMinute, context }).ok).toBe(true);
});

test("a signature the caller accepted moves nothing the guard can see", () => {
  const data: SignatureData = {
    sign: { signatureKind: "eip191", message: nonce },
    post: { endpoint: "/authorize", method: "POST" },
  };
  expect(decodeSignatureItem({ data, context: { ...context, accepted: true } })).toEqual({
    ok: true,
    moves: [{ type: "accepted", chainId: 8453, to: "", value: 0n }],
    summary: "accepted without decoding",
  });
});

test("an authorization the intent did not ask for (no usePermit: true) is refused", () => {
  for (const usePermit of [undefined, false]) {
    const intent = { ...context.intent, usePermit };
    expect(decodeSignatureItem({ data: authorization(), context: { ...context, intent } })).toEqual({
      ok: false,
      field: "data.sign.primaryType",
      reason: "permit-not-asked",
      expected: "no authorization (the intent does not ask for usePermit: true)",
      actual: "ReceiveWithAuthorization",
    });
  }
});

test("a TransferWithAuthorization is refused even when the caller accepted the item", () => {
  const data = authorization((sign) => {
    sign.types = { TransferWithAuthorization: fields };
    sign.primaryType = "TransferWithAuthorization";
  });
  expect(decodeSignatureItem({ data, context: { ...context, accepted: true } })).toMatchObject({
    ok: false,
    reason: "front-runnable-authorization",
  });
});
