import { expect, test } from "vitest";
import type { OrderChains } from "../types.js";
import { readOrderChainNoble } from "./readOrderChainNoble.js";

const chains: OrderChains = { vmTypes: { base: "ethereum-vm", solana: "solana-vm" } };

test("default: the slug and its chain's VM, read from the field's last segment", () => {
  expect(readOrderChainNoble(chains, { chainId: "base" }, "orderData.input.chainId")).toEqual([
    "base",
    "ethereum-vm",
  ]);
  expect(
    readOrderChainNoble(chains, { currencyChainId: "solana" }, "orderData.fees[0].currencyChainId"),
  ).toEqual(["solana", "solana-vm"]);
});

test("an unknown slug is refused, naming the field", () => {
  expect(() => readOrderChainNoble(chains, { chainId: "mars" }, "orderData.input.chainId")).toThrow(
    expect.objectContaining({
      name: "UnknownOrderChainError",
      field: "orderData.input.chainId",
      chainId: "mars",
    }),
  );
  // An inherited key is no chain of the table.
  expect(() => readOrderChainNoble(chains, { chainId: "toString" }, "orderData.input.chainId")).toThrow(
    expect.objectContaining({ name: "UnknownOrderChainError" }),
  );
});

test("a VM no order can use is refused, naming the table's entry", () => {
  const odd = { vmTypes: { moon: "moon-vm" } } as unknown as OrderChains;
  expect(() => readOrderChainNoble(odd, { chainId: "moon" }, "orderData.input.chainId")).toThrow(
    expect.objectContaining({ name: "InvalidOrderFieldError", field: "chains.vmTypes.moon" }),
  );
});

test("a missing or empty slug is refused", () => {
  expect(() => readOrderChainNoble(chains, {}, "orderData.input.chainId")).toThrow(
    expect.objectContaining({ name: "MissingOrderFieldError", field: "orderData.input.chainId" }),
  );
  expect(() => readOrderChainNoble(chains, { chainId: "" }, "orderData.input.chainId")).toThrow(
    expect.objectContaining({ name: "InvalidOrderFieldError", field: "orderData.input.chainId" }),
  );
});
