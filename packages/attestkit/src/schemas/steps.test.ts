import { describe, expect, test } from "vitest";
import {
  evmTransactionRequestSchema,
  type StepItemKind,
  stepItemActionSchema,
  stepItemKind,
  stepItemKinds,
} from "./steps.js";

const to = "0x1111111111111111111111111111111111111111";
const sign = { signatureKind: "eip191", message: "hello" };
const post = { endpoint: "/authorize", method: "POST" };

describe("stepItemKind", () => {
  const table: [string, string, unknown, StepItemKind | undefined][] = [
    ["calldata", "transaction", { to, data: "0x", chainId: 1 }, "transaction"],
    ["no calldata: an approval", "transaction", { to, chainId: 1 }, "approval"],
    ["null calldata: an approval", "transaction", { to, data: null, chainId: 1 }, "approval"],
    [
      "calldata that is not a string is still a transaction (and refused as one)",
      "transaction",
      { to, data: 5 },
      "transaction",
    ],
    ["a PSBT", "transaction", { psbt: "70736274ff" }, "psbt"],
    ["an exchange action", "transaction", { action: { type: "transfer" } }, "exchange"],
    ["a signature", "signature", { sign, post }, "signature"],
    ["a signature on a transaction step", "transaction", { sign, post }, "signature"],
    ["a PSBT wins over a to", "transaction", { psbt: "70", to }, "psbt"],
    ["a to on a signature step is no kind", "signature", { to, data: "0x", chainId: 1 }, undefined],
    ["a to that is not a string", "transaction", { to: 1, data: "0x" }, undefined],
    ["no data", "transaction", undefined, undefined],
    ["data that is not an object", "transaction", "0x", undefined],
  ];
  test.each(table)("%s", (_, stepKind, data, kind) => {
    expect(stepItemKind({ stepKind, data })).toBe(kind);
  });

  test("every kind is reachable", () => {
    expect(new Set(table.map(([, , , kind]) => kind).filter(Boolean))).toEqual(new Set(stepItemKinds));
  });
});

describe("stepItemActionSchema", () => {
  const transaction = (data: Record<string, unknown>) =>
    stepItemActionSchema.safeParse({
      kind: "transaction",
      data: { chainId: 8453, to, data: "0xabcd", ...data },
    });
  const firstIssue = (result: ReturnType<typeof transaction>) => {
    const issue = result.error?.issues[0];
    return issue ? `${issue.path.slice(1).join(".")} ${issue.message}` : undefined;
  };

  test("default: a transaction's quantities become bigints, unknown fields are kept", () => {
    const result = stepItemActionSchema.parse({
      kind: "transaction",
      data: {
        chainId: "8453",
        to,
        data: "0x",
        value: "12345",
        gas: 21000,
        maxFeePerGas: "0x10",
        from: null,
        extra: 1,
      },
    });
    expect(result).toEqual({
      kind: "transaction",
      data: {
        chainId: 8453,
        to,
        data: "0x",
        value: 12345n,
        gas: 21000n,
        maxFeePerGas: 16n,
        from: null,
        extra: 1,
      },
    });
  });

  test("empty and null quantities are absent", () => {
    const result = transaction({ value: "", gas: null });
    expect(
      result.success && result.data.kind === "transaction" && [result.data.data.value, result.data.data.gas],
    ).toEqual([undefined, undefined]);
  });

  test.each([
    [{ to: "0x12" }, "to is not an address"],
    [{ from: "bc1qxyz" }, "from is not an address"],
    [{ data: "0x123" }, "data is not hex"],
    [{ data: "abcd" }, "data is not hex"],
    [{ value: "1.5" }, 'value "1.5" is not an integer'],
    [{ value: -1 }, "value -1 is not an integer"],
    [{ gas: 2 ** 53 }, "gas 9007199254740992 is not an integer"],
    [{ chainId: 0 }, "chainId 0 is not a chain id"],
    [{ chainId: "0" }, "chainId 0 is not a chain id"],
  ])("%j is refused: %s", (data, reason) => {
    expect(firstIssue(transaction(data))).toBe(reason);
  });

  test("an approval carries no calldata", () => {
    expect(stepItemActionSchema.parse({ kind: "approval", data: { chainId: 1, to } })).toEqual({
      kind: "approval",
      data: { chainId: 1, to },
    });
    expect(
      stepItemActionSchema.safeParse({ kind: "approval", data: { chainId: 1, to, data: "0x" } }).success,
    ).toBe(false);
  });

  test("the other kinds check their own data", () => {
    expect(stepItemActionSchema.safeParse({ kind: "psbt", data: { psbt: "70" } }).success).toBe(true);
    expect(stepItemActionSchema.safeParse({ kind: "psbt", data: { psbt: 70 } }).success).toBe(false);
    expect(stepItemActionSchema.safeParse({ kind: "signature", data: { sign, post } }).success).toBe(true);
    expect(
      stepItemActionSchema.safeParse({ kind: "signature", data: { sign: { signatureKind: "eip712" }, post } })
        .success,
    ).toBe(false);
    expect(
      stepItemActionSchema.safeParse({ kind: "exchange", data: { action: { parameters: {} } } }).success,
    ).toBe(false);
    expect(stepItemActionSchema.safeParse({ kind: "mystery", data: {} }).success).toBe(false);
  });

  test("the transaction request schema is the transaction variant's data", () => {
    expect(evmTransactionRequestSchema.parse({ chainId: 1, to, data: "0x" })).toEqual({
      chainId: 1,
      to,
      data: "0x",
    });
  });
});
