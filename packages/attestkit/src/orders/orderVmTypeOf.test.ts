import { expect, test } from "vitest";
import { orderVmTypeOf } from "./orderVmTypeOf.js";

const chains = { vmTypes: { base: "ethereum-vm", solana: "solana-vm" } } as const;

test("default: the VM type of a listed slug", () => {
  expect(orderVmTypeOf({ chainId: "base", chains })).toBe("ethereum-vm");
  expect(orderVmTypeOf({ chainId: "solana", chains })).toBe("solana-vm");
});

test("an unlisted slug is an error that names the field, never a default", () => {
  expect(() => orderVmTypeOf({ chainId: "arbitrum", chains, field: "orderData.output.chainId" })).toThrow(
    expect.objectContaining({
      name: "UnknownOrderChainError",
      field: "orderData.output.chainId",
      chainId: "arbitrum",
    }),
  );
});

test.each(["constructor", "__proto__", "toString", "hasOwnProperty"])(
  "%s does not find Object.prototype's members",
  (chainId) => {
    expect(() => orderVmTypeOf({ chainId, chains })).toThrow(
      expect.objectContaining({ name: "UnknownOrderChainError" }),
    );
  },
);

test("a slug mapped to something that is not an order VM type is refused", () => {
  const bad = { vmTypes: { ton: "ton-vm", base: "evm" } } as never;
  expect(() => orderVmTypeOf({ chainId: "ton", chains: bad })).toThrow(
    expect.objectContaining({ name: "InvalidOrderFieldError", field: "chains.vmTypes.ton" }),
  );
  // The short /chains code is not an order VM type either: toOrderChains maps it.
  expect(() => orderVmTypeOf({ chainId: "base", chains: bad })).toThrow(
    expect.objectContaining({ name: "InvalidOrderFieldError", field: "chains.vmTypes.base" }),
  );
});
