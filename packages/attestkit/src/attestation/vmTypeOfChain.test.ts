import { expect, test } from "vitest";
import { vmTypeOfChain } from "./vmTypeOfChain.js";

test("default", () => {
  expect(vmTypeOfChain({ chainId: 1 })).toBe("evm");
});

test("non-EVM chains of the service", () => {
  expect(vmTypeOfChain({ chainId: 792703809 })).toBe("svm");
  expect(vmTypeOfChain({ chainId: 8253038n })).toBe("bvm");
  expect(vmTypeOfChain({ chainId: 3586256 })).toBe("lvm");
  expect(vmTypeOfChain({ chainId: 1337 })).toBe("hypevm");
  // HyperEVM is an EVM chain.
  expect(vmTypeOfChain({ chainId: 999 })).toBe("evm");
});

test("overrides win", () => {
  expect(vmTypeOfChain({ chainId: 1, vmTypes: { 1: "svm" } })).toBe("svm");
  expect(vmTypeOfChain({ chainId: 792703809, vmTypes: { 792703809: "evm" } })).toBe("evm");
});
