import { describe, expect, test } from "vitest";
import { orderChains, sampleOrderV1, sampleOrderV2 } from "../../../../test/support/fixtures.js";
import { toOrderStruct } from "./toOrderStruct.js";

const chains = orderChains;

test("default: a v1 order becomes the struct, addresses as bytes and integers as bigints", () => {
  expect(toOrderStruct({ orderData: sampleOrderV1(), chains })).toMatchInlineSnapshot(`
    {
      "fees": [
        {
          "amount": 1000n,
          "currency": "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
          "currencyChainId": "base",
          "recipient": "0xb92fe925dc43a0ecde6c8b1a2709c170ec4fff4f",
          "recipientChainId": "base",
        },
      ],
      "inputs": [
        {
          "payment": {
            "amount": 100000000n,
            "chainId": "base",
            "currency": "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
            "weight": 1n,
          },
          "refunds": [
            {
              "chainId": "base",
              "currency": "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
              "deadline": 1791082506,
              "extraData": "0x000000000000000000000000b92fe925dc43a0ecde6c8b1a2709c170ec4fff4f",
              "minimumAmount": 0n,
              "recipient": "0xf0ae622e463fa757cf72243569e18be7df1996cd",
            },
            {
              "chainId": "optimism",
              "currency": "0x0000000000000000000000000000000000000000",
              "deadline": 1791082507,
              "extraData": "0x",
              "minimumAmount": 1n,
              "recipient": "0xf0ae622e463fa757cf72243569e18be7df1996cd",
            },
          ],
        },
      ],
      "output": {
        "calls": [
          "0xd0e30db0",
        ],
        "chainId": "optimism",
        "deadline": 1791082506,
        "extraData": "0x000000000000000000000000b92fe925dc43a0ecde6c8b1a2709c170ec4fff4f",
        "payments": [
          {
            "currency": "0x0000000000000000000000000000000000000000",
            "expectedAmount": 99980224916533275n,
            "minimumAmount": 97980620418202610n,
            "recipient": "0xf0ae622e463fa757cf72243569e18be7df1996cd",
          },
        ],
      },
      "salt": 10994809741929814187184217288219056018693797390819724711034524745277189817603n,
      "solver": "0xd17a608dd47b1498fe43fa478bcd269a1c02ff98",
      "solverChainId": "base",
      "version": "v1",
    }
  `);
});

test("a v2 order follows the v2 layout", () => {
  const struct = toOrderStruct({ orderData: sampleOrderV2(), chains });
  expect(struct.version).toBe("v2");
  if (struct.version !== "v2") throw new Error("unreachable");
  expect(struct.input).toEqual({
    chainId: "solana",
    currency: "0xc6fa7af3bedbad3a3d65f36aabc97431b1bbe4c2d2f6e0e47ca60203452f5d61",
    amount: 100000000n,
  });
  expect(struct.output.fill.calls).toEqual([
    "0x000000000000000000000000000000000000000000000000000000000000002a",
  ]);
  expect(struct.deadline).toBe(1774878936);
});

describe("integer forms", () => {
  test("salt: 0x hex, decimal or bigint; deadlines: number, decimal or bigint", () => {
    const order = sampleOrderV1();
    const reference = toOrderStruct({ orderData: order, chains });
    const salt = BigInt(order.salt as string);
    for (const form of [salt, salt.toString(), `0x${salt.toString(16).toUpperCase()}`]) {
      expect(toOrderStruct({ orderData: { ...order, salt: form }, chains })).toEqual(reference);
    }
    for (const form of ["1791082506", 1791082506n]) {
      const o = sampleOrderV1();
      o.output.deadline = form;
      expect(toOrderStruct({ orderData: o, chains })).toEqual(reference);
    }
  });
  test("the last value of each width is accepted, the next refused", () => {
    const o = sampleOrderV1();
    o.output.deadline = 2 ** 32 - 1;
    (o.output.payments[0] as Record<string, unknown>).minimumAmount = (2n ** 256n - 1n).toString();
    expect(() => toOrderStruct({ orderData: o, chains })).not.toThrow();
    o.output.deadline = 2 ** 32;
    expect(() => toOrderStruct({ orderData: o, chains })).toThrow(
      expect.objectContaining({ field: "orderData.output.deadline", reason: "2^32 or more" }),
    );
  });
});

describe("malformed fields: the first one in encoding order is named", () => {
  const cases: [string, (o: ReturnType<typeof sampleOrderV1>) => void, string, string][] = [
    ["version missing", (o) => delete o.version, "MissingOrderFieldError", "orderData.version"],
    [
      "solverChainId not a string",
      (o) => (o.solverChainId = 8453),
      "InvalidOrderFieldError",
      "orderData.solverChainId",
    ],
    [
      "solverChainId empty",
      (o) => (o.solverChainId = ""),
      "InvalidOrderFieldError",
      "orderData.solverChainId",
    ],
    [
      "solver with a wrong checksum",
      (o) => (o.solver = "0xF0ae622e463fa757cf72243569e18be7df1996cd"),
      "InvalidOrderFieldError",
      "orderData.solver",
    ],
    ["solver not an address", (o) => (o.solver = "base"), "InvalidOrderFieldError", "orderData.solver"],
    ["salt as a JSON number", (o) => (o.salt = 5), "InvalidOrderFieldError", "orderData.salt"],
    [
      "salt of 65 hex digits",
      (o) => (o.salt = `0x1${"0".repeat(64)}`),
      "InvalidOrderFieldError",
      "orderData.salt",
    ],
    ["inputs not an array", (o) => (o.inputs = {} as never), "InvalidOrderFieldError", "orderData.inputs"],
    [
      "an input not an object",
      (o) => (o.inputs = [7] as never),
      "InvalidOrderFieldError",
      "orderData.inputs[0]",
    ],
    [
      "payment chain unknown",
      (o) => ((o.inputs[0] as { payment: Record<string, unknown> }).payment.chainId = "zkfoo"),
      "UnknownOrderChainError",
      "orderData.inputs[0].payment.chainId",
    ],
    [
      "payment currency on the wrong VM",
      (o) =>
        ((o.inputs[0] as { payment: Record<string, unknown> }).payment.currency =
          "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"),
      "InvalidOrderAddressError",
      "orderData.inputs[0].payment.currency",
    ],
    [
      "amount with a decimal point",
      (o) => ((o.inputs[0] as { payment: Record<string, unknown> }).payment.amount = "1.5"),
      "InvalidOrderFieldError",
      "orderData.inputs[0].payment.amount",
    ],
    [
      "amount as a JSON number",
      (o) => ((o.inputs[0] as { payment: Record<string, unknown> }).payment.amount = 100000000),
      "InvalidOrderFieldError",
      "orderData.inputs[0].payment.amount",
    ],
    [
      "weight missing",
      (o) => delete (o.inputs[0] as { payment: Record<string, unknown> }).payment.weight,
      "MissingOrderFieldError",
      "orderData.inputs[0].payment.weight",
    ],
    [
      "refund deadline negative",
      (o) => ((o.inputs[0]?.refunds[1] as Record<string, unknown>).deadline = -1),
      "InvalidOrderFieldError",
      "orderData.inputs[0].refunds[1].deadline",
    ],
    [
      "refund deadline fractional",
      (o) => ((o.inputs[0]?.refunds[1] as Record<string, unknown>).deadline = 1.5),
      "InvalidOrderFieldError",
      "orderData.inputs[0].refunds[1].deadline",
    ],
    [
      "refund extraData odd-length",
      (o) => ((o.inputs[0]?.refunds[0] as Record<string, unknown>).extraData = "0x0"),
      "InvalidOrderFieldError",
      "orderData.inputs[0].refunds[0].extraData",
    ],
    [
      "output missing",
      (o) => delete (o as Record<string, unknown>).output,
      "MissingOrderFieldError",
      "orderData.output",
    ],
    [
      "output chain unknown even without payments",
      (o) => {
        o.output.chainId = "zkfoo";
        o.output.payments = [];
      },
      "UnknownOrderChainError",
      "orderData.output.chainId",
    ],
    [
      "a call that is not hex",
      (o) => (o.output.calls = ["0x", "deposit()"]),
      "InvalidOrderFieldError",
      "orderData.output.calls[1]",
    ],
    [
      "fee currency chain unknown",
      (o) => ((o.fees[0] as Record<string, unknown>).currencyChainId = "zkfoo"),
      "UnknownOrderChainError",
      "orderData.fees[0].currencyChainId",
    ],
    [
      "the first of two problems is reported (payment before output)",
      (o) => {
        (o.inputs[0] as { payment: Record<string, unknown> }).payment.weight = "x";
        o.output.deadline = "y";
      },
      "InvalidOrderFieldError",
      "orderData.inputs[0].payment.weight",
    ],
  ];
  test.each(cases)("%s", (_, mutate, name, field) => {
    const order = sampleOrderV1();
    mutate(order);
    expect(() => toOrderStruct({ orderData: order, chains })).toThrow(
      expect.objectContaining({ name, field }),
    );
  });

  test.each([["v3"], ["V1"], [1], [""]])("version %j is not supported", (version) => {
    expect(() => toOrderStruct({ orderData: { ...sampleOrderV1(), version }, chains })).toThrow(
      expect.objectContaining({ name: "UnsupportedOrderVersionError", value: version }),
    );
  });

  test.each([[null], [[]], ["order"]])("orderData %j is refused", (orderData) => {
    expect(() => toOrderStruct({ orderData, chains })).toThrow(
      expect.objectContaining({ field: "orderData" }),
    );
  });

  test("a v1 order sent as v2 fails on the first v2 field", () => {
    expect(() => toOrderStruct({ orderData: { ...sampleOrderV1(), version: "v2" }, chains })).toThrow(
      expect.objectContaining({ name: "MissingOrderFieldError", field: "orderData.relayerChainId" }),
    );
  });
});

test("a hole in a sparse array is a missing element, not one skipped", () => {
  const order = sampleOrderV1();
  const calls = ["0x01", "0x02", "0x03"];
  delete calls[1];
  order.output.calls = calls;
  expect(() => toOrderStruct({ orderData: order, chains })).toThrow(
    expect.objectContaining({ name: "MissingOrderFieldError", field: "orderData.output.calls[1]" }),
  );
});
