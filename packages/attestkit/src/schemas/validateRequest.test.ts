import { describe, expect, test } from "vitest";
import { InvalidRequestError } from "./errors.js";
import type { RequestEndpoint } from "./types.js";
import { validateRequest } from "./validateRequest.js";

const user = "0x03508bb71268bba25ecacc8f620e01866650532c";
const checksummed = "0x03508bB71268BBA25ECaCC8F620e01866650532c";
const usdc = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913";
const eth = "0x0000000000000000000000000000000000000000";
const btcNative = "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8";
const btcAddress = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const taproot = "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0";
const solanaUser = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const requestId = "0x4a7e2d3f8c1b5a6e9d0f1e2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e";

const quote = {
  user,
  originChainId: 8453,
  destinationChainId: 42161,
  originCurrency: usdc,
  destinationCurrency: eth,
  amount: "100000000",
  tradeType: "EXACT_INPUT",
};
/** A native-currency bridge: where the interface allows a deposit address. */
const nativeBridge = { ...quote, originCurrency: eth, destinationCurrency: eth };
const toBitcoin = {
  ...quote,
  destinationChainId: 8253038,
  destinationCurrency: btcNative,
  recipient: btcAddress,
};
const fromBitcoin = {
  ...quote,
  originChainId: 8253038,
  originCurrency: btcNative,
  user: btcAddress,
  recipient: user,
};
const toExchange = { ...quote, destinationChainId: 3586256, destinationCurrency: "0", recipient: "182736" };
const fromExchange = {
  ...quote,
  originChainId: 3586256,
  originCurrency: "0",
  user: "182736",
  recipient: user,
};

function rejection(endpoint: RequestEndpoint, body: unknown) {
  try {
    validateRequest({ endpoint, body });
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidRequestError);
    const { field, rule } = error as InvalidRequestError;
    return { field, rule };
  }
  throw new Error("accepted");
}

test("default", () => {
  expect(validateRequest({ endpoint: "quote", body: quote })).toEqual(quote);
});

// Each rule: one body that passes and one that breaks exactly that rule.
const quoteRules: [name: string, ok: object, bad: object, field: string, rule: string][] = [
  ["amount pattern", { ...quote, amount: "0" }, { ...quote, amount: "1.5" }, "amount", "pattern"],
  [
    "amount not exponent",
    { ...quote, amount: "123456789012345678901234567890" },
    { ...quote, amount: "1e6" },
    "amount",
    "pattern",
  ],
  ["amount is a string", quote, { ...quote, amount: 100 }, "amount", "type"],
  ["amount required", quote, { ...quote, amount: undefined }, "amount", "required"],
  [
    "slippageTolerance 10000",
    { ...quote, slippageTolerance: "10000" },
    { ...quote, slippageTolerance: "10001" },
    "slippageTolerance",
    "pattern",
  ],
  [
    "slippageTolerance digits",
    { ...quote, slippageTolerance: "0050" },
    { ...quote, slippageTolerance: "0.5" },
    "slippageTolerance",
    "pattern",
  ],
  [
    "slippageTolerance five digits",
    { ...quote, slippageTolerance: "9999" },
    { ...quote, slippageTolerance: "99999" },
    "slippageTolerance",
    "pattern",
  ],
  [
    "latePaymentSlippageTolerance",
    { ...quote, latePaymentSlippageTolerance: "0" },
    { ...quote, latePaymentSlippageTolerance: "20000" },
    "latePaymentSlippageTolerance",
    "pattern",
  ],
  [
    "referrerAddress",
    { ...quote, referrerAddress: checksummed },
    { ...quote, referrerAddress: "0x03508bb71268bba25ecacc8f620e01866650532" },
    "referrerAddress",
    "pattern",
  ],
  [
    "tradeType enum",
    { ...quote, tradeType: "EXPECTED_OUTPUT" },
    { ...quote, tradeType: "exact_input" },
    "tradeType",
    "enum",
  ],
  [
    "sponsoredFeeComponents enum",
    { ...quote, subsidizeFees: true, sponsoredFeeComponents: ["execution", "swap", "relay", "app"] },
    { ...quote, subsidizeFees: true, sponsoredFeeComponents: ["gas"] },
    "sponsoredFeeComponents.0",
    "enum",
  ],
  [
    "txs[].to an EVM address",
    { ...quote, txs: [{ to: user }] },
    { ...quote, txs: [{ to: "0x1" }] },
    "txs.0.to",
    "pattern",
  ],
  [
    "txs[].to required",
    { ...quote, txs: [{ to: user, data: "0x" }] },
    { ...quote, txs: [{ data: "0x" }] },
    "txs.0.to",
    "required",
  ],
  [
    "txs[].data hex",
    { ...quote, txs: [{ to: user, data: "0x12ab" }] },
    { ...quote, txs: [{ to: user, data: "12ab" }] },
    "txs.0.data",
    "pattern",
  ],
  [
    "txs[].value digits, a string or a number",
    {
      ...quote,
      txs: [
        { to: user, value: 5 },
        { to: user, value: "5", extra: true },
      ],
    },
    { ...quote, txs: [{ to: user, value: "1.5" }] },
    "txs.0.value",
    "pattern",
  ],
  [
    "txs[].value a uint256",
    { ...quote, txs: [{ to: user, value: (2n ** 256n - 1n).toString() }] },
    { ...quote, txs: [{ to: user, value: (2n ** 256n).toString() }] },
    "txs.0.value",
    "max",
  ],
  ["txs[] objects", { ...quote, txs: [] }, { ...quote, txs: ["0x12"] }, "txs.0", "type"],
  [
    "appFees[].fee basis points below 10000",
    { ...quote, appFees: [{ recipient: user, fee: "9999" }, { fee: 0 }] },
    { ...quote, appFees: [{ recipient: user, fee: "10000" }] },
    "appFees.0.fee",
    "pattern",
  ],
  [
    "appFees[].fee required",
    { ...quote, appFees: [{ fee: "1" }] },
    { ...quote, appFees: [{ recipient: user }] },
    "appFees.0.fee",
    "required",
  ],
  [
    "sponsoredFeeComponents at least one",
    { ...quote, subsidizeFees: true, sponsoredFeeComponents: ["app"] },
    { ...quote, subsidizeFees: true, sponsoredFeeComponents: [] },
    "sponsoredFeeComponents",
    "min-length",
  ],
  [
    "sponsoredFeeComponents needs subsidizeFees",
    { ...quote, subsidizeFees: true, sponsoredFeeComponents: ["relay"] },
    { ...quote, subsidizeFees: false, sponsoredFeeComponents: ["relay"] },
    "sponsoredFeeComponents",
    "requires:subsidizeFees",
  ],
  [
    "maxSubsidizationAmount needs subsidizeFees",
    { ...quote, subsidizeFees: true, maxSubsidizationAmount: "1000000" },
    { ...quote, maxSubsidizationAmount: "1000000" },
    "maxSubsidizationAmount",
    "requires:subsidizeFees",
  ],
  [
    "maxSubsidizationAmount pattern",
    { ...quote, subsidizeFees: true, maxSubsidizationAmount: "0" },
    { ...quote, subsidizeFees: true, maxSubsidizationAmount: "1.00" },
    "maxSubsidizationAmount",
    "pattern",
  ],
  [
    "topupGasAmount needs topupGas",
    { ...quote, topupGas: true, topupGasAmount: "2000000" },
    { ...quote, topupGasAmount: "2000000" },
    "topupGasAmount",
    "requires:topupGas",
  ],
  [
    "topupGasAmount pattern",
    { ...quote, topupGas: true, topupGasAmount: "100000" },
    { ...quote, topupGas: true, topupGasAmount: "$2" },
    "topupGasAmount",
    "pattern",
  ],
  [
    "strict needs useDepositAddress",
    { ...nativeBridge, strict: true, useDepositAddress: true, refundTo: user },
    { ...nativeBridge, strict: true, refundTo: user },
    "strict",
    "requires:useDepositAddress",
  ],
  [
    "strict needs refundTo",
    { ...nativeBridge, strict: true, useDepositAddress: true, refundTo: user },
    { ...nativeBridge, strict: true, useDepositAddress: true },
    "strict",
    "requires:refundTo",
  ],
  [
    "EXACT_OUTPUT with useDepositAddress needs strict",
    { ...nativeBridge, tradeType: "EXACT_OUTPUT", useDepositAddress: true, strict: true, refundTo: user },
    { ...nativeBridge, tradeType: "EXACT_OUTPUT", useDepositAddress: true },
    "tradeType",
    "requires:strict",
  ],
  [
    "EXACT_OUTPUT without deposit address",
    { ...quote, tradeType: "EXACT_OUTPUT" },
    { ...nativeBridge, tradeType: "EXACT_OUTPUT", useDepositAddress: true, strict: false },
    "tradeType",
    "requires:strict",
  ],
  [
    "deposit address: a native-currency bridge",
    { ...nativeBridge, useDepositAddress: true },
    { ...quote, useDepositAddress: true },
    "useDepositAddress",
    "depositAddress:route",
  ],
  [
    "deposit address: not a token bridge",
    { ...nativeBridge, useDepositAddress: false },
    { ...quote, originCurrency: usdc, destinationCurrency: usdc, useDepositAddress: true },
    "useDepositAddress",
    "depositAddress:route",
  ],
  [
    "deposit address: native to another asset is a swap",
    { ...nativeBridge, useDepositAddress: true, refundTo: user, strict: true },
    { ...nativeBridge, destinationCurrency: usdc, useDepositAddress: true },
    "useDepositAddress",
    "depositAddress:route",
  ],
  [
    "deposit address: ETH to BTC is a swap",
    toBitcoin,
    { ...toBitcoin, originCurrency: eth, useDepositAddress: true },
    "useDepositAddress",
    "depositAddress:route",
  ],
  [
    "deposit address: not from the exchange",
    fromExchange,
    { ...fromExchange, useDepositAddress: true },
    "useDepositAddress",
    "depositAddress:route",
  ],
  ["integers", { ...quote, txsGasLimit: 500000, ttl: 60 }, { ...quote, ttl: 1.5 }, "ttl", "integer"],
  ["chain ids are numbers", quote, { ...quote, originChainId: "8453" }, "originChainId", "type"],
  [
    "unknown fields are refused",
    { ...quote, includeProtocolData: true },
    { ...quote, slipageTolerance: "50" },
    "slipageTolerance",
    "unknown-key",
  ],
  ["user required", quote, { ...quote, user: undefined }, "user", "required"],
  ["user not empty", quote, { ...quote, user: "" }, "user", "required"],
  // Bitcoin
  ["bitcoin: recipient", toBitcoin, { ...toBitcoin, recipient: user }, "recipient", "bitcoin:recipient"],
  [
    "bitcoin: recipient needed",
    { ...toBitcoin, recipient: taproot },
    { ...toBitcoin, recipient: undefined },
    "recipient",
    "bitcoin:recipient",
  ],
  [
    "bitcoin: mainnet recipient",
    { ...toBitcoin, recipient: "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy" },
    { ...toBitcoin, recipient: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx" },
    "recipient",
    "bitcoin:recipient",
  ],
  [
    "bitcoin: destination currency",
    toBitcoin,
    { ...toBitcoin, destinationCurrency: "BTC" },
    "destinationCurrency",
    "bitcoin:currency",
  ],
  [
    "bitcoin: user",
    fromBitcoin,
    { ...fromBitcoin, user: "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3" },
    "user",
    "bitcoin:user",
  ],
  [
    "bitcoin: origin currency",
    fromBitcoin,
    { ...fromBitcoin, originCurrency: btcNative.toUpperCase() },
    "originCurrency",
    "bitcoin:currency",
  ],
  [
    "bitcoin: deposit address needs refundTo",
    { ...fromBitcoin, useDepositAddress: true, refundTo: btcAddress },
    { ...fromBitcoin, useDepositAddress: true },
    "refundTo",
    "bitcoin:refundTo",
  ],
  // External exchange
  ["exchange: recipient", toExchange, { ...toExchange, recipient: user }, "recipient", "exchange:recipient"],
  [
    "exchange: recipient canonical",
    { ...toExchange, recipient: "0" },
    { ...toExchange, recipient: "0182736" },
    "recipient",
    "exchange:recipient",
  ],
  [
    "exchange: destination currency",
    toExchange,
    { ...toExchange, destinationCurrency: "USDC" },
    "destinationCurrency",
    "exchange:currency",
  ],
  ["exchange: user", fromExchange, { ...fromExchange, user }, "user", "exchange:user"],
  [
    "exchange: origin currency",
    fromExchange,
    { ...fromExchange, originCurrency: usdc },
    "originCurrency",
    "exchange:currency",
  ],
  // EVM
  [
    "evm: user checksum",
    { ...quote, user: checksummed },
    { ...quote, user: "0x03508bB71268BBA25ECaCC8F620E01866650532C" },
    "user",
    "evm:user",
  ],
  ["evm: user on an EVM origin", quote, { ...quote, user: solanaUser, recipient: user }, "user", "evm:user"],
  [
    "evm: recipient",
    { ...quote, originChainId: 792703809, user: solanaUser, recipient: user },
    { ...quote, originChainId: 792703809, user: solanaUser, recipient: "0x1234" },
    "recipient",
    "evm:recipient",
  ],
  [
    "evm: recipient defaults to a non-EVM user",
    { ...quote, originChainId: 792703809, user: solanaUser, recipient: user },
    { ...quote, originChainId: 792703809, user: solanaUser },
    "recipient",
    "evm:recipient",
  ],
];

describe("amounts above a uint256", () => {
  test.each(["amount", "topupGasAmount"])("%s of 2^256 is refused; 2^256 - 1 is accepted", (field) => {
    const body = (value: bigint) => ({ ...quote, topupGas: true, [field]: value.toString() });
    const error = (() => {
      try {
        validateRequest({ endpoint: "quote", body: body(2n ** 256n) });
      } catch (e) {
        return e;
      }
    })() as InvalidRequestError;
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.field).toBe(field);
    expect(error.shortMessage).toContain("must be below 2^256 (a uint256)");
    expect(() => validateRequest({ endpoint: "quote", body: body(2n ** 256n - 1n) })).not.toThrow();
  });

  test("price requests share the bound", () => {
    expect(() =>
      validateRequest({ endpoint: "price", body: { ...quote, amount: (2n ** 300n).toString() } }),
    ).toThrow(InvalidRequestError);
  });
});

describe("quote rules", () => {
  test.each(quoteRules)("%s", (_, ok, bad, field, rule) => {
    expect(validateRequest({ endpoint: "quote", body: ok })).toEqual(
      Object.fromEntries(Object.entries(ok).filter(([, value]) => value !== undefined)),
    );
    expect(rejection("quote", bad)).toEqual({ field, rule });
  });
});

describe("price rules", () => {
  test.each([
    ["amount", quote, { ...quote, amount: "-1" }, "amount", "pattern"],
    [
      "slippageTolerance",
      { ...quote, slippageTolerance: "100" },
      { ...quote, slippageTolerance: "10001" },
      "slippageTolerance",
      "pattern",
    ],
    ["tradeType", quote, { ...quote, tradeType: "EXACT" }, "tradeType", "enum"],
    [
      "quote-only fields are refused",
      { ...nativeBridge, useDepositAddress: true },
      { ...quote, strict: true },
      "strict",
      "unknown-key",
    ],
    [
      "bitcoin route",
      toBitcoin,
      { ...toBitcoin, recipient: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdQ" },
      "recipient",
      "bitcoin:recipient",
    ],
    ["exchange route", fromExchange, { ...fromExchange, user: "-1" }, "user", "exchange:user"],
    [
      "deposit address: native-currency bridges only",
      { ...nativeBridge, useDepositAddress: true },
      { ...quote, useDepositAddress: true },
      "useDepositAddress",
      "depositAddress:route",
    ],
    ["evm user", quote, { ...quote, user: "0xabc" }, "user", "evm:user"],
  ] as const)("%s", (_, ok, bad, field, rule) => {
    expect(validateRequest({ endpoint: "price", body: ok })).toEqual(ok);
    expect(rejection("price", bad)).toEqual({ field, rule });
  });
});

describe("other endpoints", () => {
  test.each([
    ["currencies", { tokens: [`8453:${usdc}`], limit: 5 }, { tokens: [usdc] }, "tokens.0", "pattern"],
    ["currencies", { chainIds: [8453, 8253038] }, { chainIds: ["8453"] }, "chainIds.0", "type"],
    ["currencies", { limit: 1 }, { limit: 0 }, "limit", "min"],
    ["currencies", {}, { term: "usdc", verifed: true }, "verifed", "unknown-key"],
    ["status", { requestId }, { requestId: "abc" }, "requestId", "pattern"],
    ["status", { requestId }, {}, "requestId", "required"],
    ["status", { requestId, referrer: "app.example" }, { requestId, referrer: 5 }, "referrer", "type"],
    ["status", { requestId, referrer: "" }, { requestId, referer: "typo" }, "referer", "unknown-key"],
    ["attestation", { requestId, version: "v2" }, { requestId, version: "v3" }, "version", "enum"],
    ["attestation", { requestId }, { requestId: `${requestId}/../x` }, "requestId", "pattern"],
    [
      "transactionsIndex",
      { chainId: 8453, txHash: requestId, requestId },
      { chainId: 8453, requestId },
      "txHash",
      "required",
    ],
    [
      "transactionsIndex",
      { chainId: "8253038", txHash: requestId.slice(2) },
      { chainId: "0x2105", txHash: requestId },
      "chainId",
      "pattern",
    ],
    [
      "transactionsIndex",
      { chainId: 8453, txHash: requestId },
      { chainId: true, txHash: requestId },
      "chainId",
      "type",
    ],
    [
      "transactionsIndex",
      { chainId: 1, txHash: requestId },
      { chainId: 1, txHash: requestId, requestId: "0x12" },
      "requestId",
      "pattern",
    ],
    [
      "transactionsIndex",
      { chainId: "8453", txHash: requestId, referrer: "app.example" },
      { chainId: "8453", txHash: requestId, referrer: null },
      "referrer",
      "type",
    ],
  ] as const)("%s", (endpoint, ok, bad, field, rule) => {
    expect(validateRequest({ endpoint, body: ok })).toEqual(ok);
    expect(rejection(endpoint, bad)).toEqual({ field, rule });
  });
});

test("a body that is not an object", () => {
  expect(rejection("quote", null)).toEqual({ field: "", rule: "type" });
  expect(rejection("status", "0x12")).toEqual({ field: "", rule: "type" });
});

test("addresses keep their case", () => {
  const upper = "BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ";
  const body = {
    ...quote,
    user: checksummed,
    destinationChainId: 8253038,
    destinationCurrency: btcNative,
    recipient: upper,
  };
  const validated = validateRequest({ endpoint: "quote", body });
  expect(validated.recipient).toBe(upper);
  expect(validated.user).toBe(checksummed);
});

test("non-EVM chains without a published rule are left to the service", () => {
  const tron = {
    ...quote,
    originChainId: 728126428,
    user: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
    recipient: user,
  };
  expect(validateRequest({ endpoint: "quote", body: tron }).user).toBe(tron.user);
  const toSolana = { ...quote, destinationChainId: 792703809, recipient: solanaUser };
  expect(validateRequest({ endpoint: "quote", body: toSolana }).recipient).toBe(solanaUser);
});

test("vmTypes declares a non-EVM chain the built-in table lacks", () => {
  // A Bitcoin testnet chain id: unknown chains are EVM unless declared.
  const body = {
    ...quote,
    originChainId: 9092725,
    originCurrency: "tb1qnative",
    user: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
    recipient: user,
  };
  expect(rejection("quote", body)).toEqual({ field: "user", rule: "evm:user" });
  const vmTypes = { 9092725: "bvm" } as const;
  expect(validateRequest({ endpoint: "quote", body, vmTypes }).user).toBe(body.user);
  // The same override object is reused across calls.
  expect(validateRequest({ endpoint: "price", body, vmTypes }).user).toBe(body.user);
  // Other rules still apply.
  expect(() => validateRequest({ endpoint: "quote", body: { ...body, amount: "1.0" }, vmTypes })).toThrow(
    InvalidRequestError,
  );
  // And a chain can be declared EVM: Hyperliquid users then need EVM addresses.
  const hyperliquid = { ...quote, originChainId: 1337, user: "not-an-address", recipient: user };
  expect(validateRequest({ endpoint: "quote", body: hyperliquid }).user).toBe("not-an-address");
  expect(() => validateRequest({ endpoint: "quote", body: hyperliquid, vmTypes: { 1337: "evm" } })).toThrow(
    'field "user"',
  );
});

test("every broken rule is listed, the first one is reported", () => {
  try {
    validateRequest({
      endpoint: "quote",
      body: { ...quote, slippageTolerance: "1%", sponsoredFeeComponents: ["app"], topupGasAmount: "1" },
    });
    throw new Error("accepted");
  } catch (error) {
    const { issues, field, rule, endpoint } = error as InvalidRequestError;
    expect({ endpoint, field, rule }).toEqual({
      endpoint: "quote",
      field: "slippageTolerance",
      rule: "pattern",
    });
    expect(issues.map((issue) => `${issue.field}:${issue.rule}`)).toEqual([
      "slippageTolerance:pattern",
      "topupGasAmount:requires:topupGas",
      "sponsoredFeeComponents:requires:subsidizeFees",
    ]);
  }
});

test("error text", () => {
  expect(() =>
    validateRequest({ endpoint: "quote", body: { ...nativeBridge, strict: true, useDepositAddress: true } }),
  ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidRequestError: Invalid quote request: field "strict" needs refundTo (rule requires:refundTo).
      Version: attestkit@0.1.0]
    `);
  expect(() =>
    validateRequest({ endpoint: "quote", body: { ...quote, slippageTolerance: "10001", ttl: -1 } }),
  ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidRequestError: Invalid quote request: field "slippageTolerance" must be integer basis points from 0 to 10000 (rule pattern).

      also: "ttl" must be at least 0 (rule min)
      Version: attestkit@0.1.0]
    `);
});

describe("fields the schema does not know", () => {
  const future = { ...quote, futureField: { nested: [1, "two"] }, zeta: null };

  test("send (the default): kept as given, in the body's order", () => {
    const sent = validateRequest({ endpoint: "quote", body: future });
    expect(sent).toEqual(future);
    expect(Object.keys(sent)).toEqual(Object.keys(future));
  });

  test("send: a near miss is refused, naming the field it resembles, with every other broken rule", () => {
    const error = (() => {
      try {
        validateRequest({ endpoint: "quote", body: { ...quote, slipageTolerance: "50", amount: "-1" } });
      } catch (caught) {
        return caught as InvalidRequestError;
      }
      throw new Error("accepted");
    })();
    expect(error.issues[0]).toEqual({
      field: "slipageTolerance",
      rule: "unknown-key",
      message: 'is not a field of this endpoint: did you mean "slippageTolerance"?',
      suggestion: "slippageTolerance",
    });
    expect(error.issues.map((issue) => issue.field)).toContain("amount");
    expect(error.shortMessage).toContain('did you mean "slippageTolerance"?');
  });

  test("refuse: every unknown field is refused", () => {
    expect(() => validateRequest({ endpoint: "quote", body: future, unknownFields: "refuse" })).toThrow(
      'field "futureField" is not a field of this endpoint (rule unknown-key)',
    );
  });

  test("ignore: left out, near misses too, nothing refused", () => {
    const body = { ...future, slipageTolerance: "50" };
    expect(validateRequest({ endpoint: "quote", body, unknownFields: "ignore" })).toEqual(quote);
  });

  test.each(["send", "refuse", "ignore"] as const)("%s: allowed fields are sent as given", (mode) => {
    const body = { ...quote, slipageTolerance: "50" };
    expect(
      validateRequest({ endpoint: "quote", body, unknownFields: mode, allowFields: ["slipageTolerance"] }),
    ).toEqual(body);
  });

  test("a field set to undefined is no field in any mode", () => {
    for (const mode of ["send", "refuse", "ignore"] as const)
      expect(
        validateRequest({ endpoint: "quote", body: { ...quote, gone: undefined }, unknownFields: mode }),
      ).toEqual(quote);
  });

  test("the known fields are still checked when unknown ones ride along", () => {
    expect(() =>
      validateRequest({ endpoint: "quote", body: { ...future, slippageTolerance: "10001" } }),
    ).toThrow(/slippageTolerance/);
  });
});

describe("fields of the official SDK's types", () => {
  const deposit = { ...nativeBridge, useDepositAddress: true };

  test("recoveryAddress: an origin address beside useDepositAddress", () => {
    expect(validateRequest({ endpoint: "quote", body: { ...deposit, recoveryAddress: user } })).toMatchObject(
      {
        recoveryAddress: user,
      },
    );
    expect(rejection("quote", { ...nativeBridge, recoveryAddress: user })).toEqual({
      field: "recoveryAddress",
      rule: "requires:useDepositAddress",
    });
    expect(rejection("quote", { ...deposit, recoveryAddress: "0x1234" })).toEqual({
      field: "recoveryAddress",
      rule: "evm:recoveryAddress",
    });
    expect(
      rejection("quote", { ...deposit, recoveryAddress: "0x0000000000000000000000000000000000000000" }),
    ).toEqual({ field: "recoveryAddress", rule: "zero:recoveryAddress" });
    expect(rejection("quote", { ...deposit, recoveryAddress: "" })).toEqual({
      field: "recoveryAddress",
      rule: "required",
    });
  });

  test("disableSwapProviderPreference: a boolean", () => {
    expect(
      validateRequest({ endpoint: "quote", body: { ...quote, disableSwapProviderPreference: true } }),
    ).toMatchObject({ disableSwapProviderPreference: true });
    expect(rejection("quote", { ...quote, disableSwapProviderPreference: "yes" })).toEqual({
      field: "disableSwapProviderPreference",
      rule: "type",
    });
  });

  test('sponsoredFeeComponents: "rent" among the others, and still nothing else', () => {
    const body = { ...quote, subsidizeFees: true, sponsoredFeeComponents: ["rent", "execution"] };
    expect(validateRequest({ endpoint: "quote", body })).toEqual(body);
    expect(rejection("quote", { ...body, sponsoredFeeComponents: ["rents"] })).toEqual({
      field: "sponsoredFeeComponents.0",
      rule: "enum",
    });
  });
});
