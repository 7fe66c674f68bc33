import { expect, test } from "vitest";
import {
  inputDataMismatchMessage,
  normalizeTransactionInput,
  transactionObjectMethods,
} from "./normalizeTransactionInput.js";

const to = "0xC90ae91eB21AFa918a28C6e7D3D160B4539CddfE";

test("default: cast's eth_call (input and data equal) keeps input only", () => {
  expect(
    normalizeTransactionInput({
      method: "eth_call",
      params: [{ from: to, to, input: "0x18160ddd", data: "0x18160ddd", chainId: "0x7a69" }, "latest"],
    }),
  ).toEqual({ params: [{ from: to, to, input: "0x18160ddd", chainId: "0x7a69" }, "latest"] });
});

test.each([...transactionObjectMethods])("%s is read the same way", (method) => {
  expect(normalizeTransactionInput({ method, params: [{ to, input: "0xAB", data: "0xab" }] })).toEqual({
    params: [{ to, input: "0xAB" }],
  });
});

test("an input and a data that differ are refused with geth's error, which names both", () => {
  expect(
    normalizeTransactionInput({ method: "eth_estimateGas", params: [{ to, input: "0x01", data: "0x02" }] }),
  ).toEqual({ error: { code: -32000, message: inputDataMismatchMessage } });
  expect(inputDataMismatchMessage).toMatchInlineSnapshot(
    `"both "data" and "input" are set and not equal. Please use "input" to pass transaction call data"`,
  );
});

test("a null input or data counts as absent: the other one is kept", () => {
  expect(
    normalizeTransactionInput({ method: "eth_call", params: [{ to, input: null, data: "0x01" }] }),
  ).toEqual({ params: [{ to, data: "0x01" }] });
  expect(
    normalizeTransactionInput({ method: "eth_call", params: [{ to, input: "0x01", data: null }] }),
  ).toEqual({ params: [{ to, input: "0x01" }] });
});

test.each([
  ["only data", "eth_call", [{ to, data: "0x01" }, "latest"]],
  ["only input", "eth_call", [{ to, input: "0x01" }, "latest"]],
  ["a method without a transaction object", "eth_getBalance", [to, "latest"]],
  ["a method whose object is no transaction", "eth_getLogs", [{ input: "0x01", data: "0x02" }]],
  ["no parameters", "eth_call", []],
  ["values that are not text (the chain answers them)", "eth_call", [{ to, input: 1, data: 1 }]],
])("%s passes unchanged", (_, method, params) => {
  expect(normalizeTransactionInput({ method: method as string, params: params as unknown[] })).toEqual({
    params,
  });
});
