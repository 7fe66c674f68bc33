import { expect, test } from "vitest";
import { loadFixture } from "../../../../test/support/fixtures.js";
import { toOrderChains } from "./toOrderChains.js";

const chain = (slug: unknown, vmType: unknown, depository?: unknown) => ({
  id: 1,
  name: String(slug),
  vmType,
  protocol: { v2: { chainId: slug, ...(depository === undefined ? {} : { depository }) } },
});

test("default: slugs, VM types and depositories from a GET /chains answer", () => {
  const answer = loadFixture("chains.json");
  const chains = toOrderChains({ chains: answer });
  // base has protocol.v2; the fixture's bitcoin chain has none and is left out.
  expect({ ...chains.vmTypes }).toEqual({ base: "ethereum-vm" });
  expect({ ...chains.depositories }).toEqual({ base: "0x4cd00e387622c35bddb9b4c962c136462338bc31" });
});

test("every short code of the docs table, and the long names themselves", () => {
  const chains = toOrderChains({
    chains: [
      chain("ethereum", "evm"),
      chain("solana", "svm"),
      chain("bitcoin", "bvm"),
      chain("tron", "tvm"),
      chain("hyperliquid", "hypevm"),
      chain("lighter", "lvm", "723071"),
      chain("other", "ethereum-vm"),
    ],
  });
  expect({ ...chains.vmTypes }).toEqual({
    ethereum: "ethereum-vm",
    solana: "solana-vm",
    bitcoin: "bitcoin-vm",
    tron: "tron-vm",
    hyperliquid: "hyperliquid-vm",
    lighter: "lighter-vm",
    other: "ethereum-vm",
  });
  expect({ ...chains.depositories }).toEqual({ lighter: "723071" });
});

test("chains without a slug, or on a VM with no published order encoding, are left out", () => {
  const chains = toOrderChains({
    chains: [
      chain("ton", "tonvm"),
      chain("sui", "suivm"),
      chain("mystery", undefined),
      { id: 2, name: "old", vmType: "evm" },
      { id: 3, name: "nulls", vmType: "evm", protocol: null },
      { id: 4, name: "nulls", vmType: "evm", protocol: { v2: null } },
      { id: 5, name: "nulls", vmType: "evm", protocol: { v2: { chainId: null } } },
    ],
  });
  expect({ ...chains.vmTypes }).toEqual({});
});

test("a slug such as __proto__ is an ordinary key", () => {
  const chains = toOrderChains({ chains: [chain("__proto__", "evm")] });
  expect(Object.hasOwn(chains.vmTypes, "__proto__")).toBe(true);
  expect(Object.getOwnPropertyDescriptor(chains.vmTypes, "__proto__")?.value).toBe("ethereum-vm");
});

test("the same slug twice with different VM types is refused; twice with the same is fine", () => {
  expect(() => toOrderChains({ chains: [chain("x", "evm"), chain("x", "svm")] })).toThrow(
    expect.objectContaining({ name: "InvalidOrderFieldError", field: "chains[1].vmType" }),
  );
  expect({ ...toOrderChains({ chains: [chain("x", "evm"), chain("x", "evm")] }).vmTypes }).toEqual({
    x: "ethereum-vm",
  });
});

test.each([
  [null, "MissingOrderFieldError", "answer"],
  [{}, "MissingOrderFieldError", "chains"],
  [{ chains: "base" }, "InvalidOrderFieldError", "chains"],
  [[42], "InvalidOrderFieldError", "chains[0]"],
  [[chain(42, "evm")], "InvalidOrderFieldError", "chains[0].protocol.v2.chainId"],
  [[chain("", "evm")], "InvalidOrderFieldError", "chains[0].protocol.v2.chainId"],
])("a malformed answer is refused: %j", (chains, name, field) => {
  expect(() => toOrderChains({ chains })).toThrow(expect.objectContaining({ name, field }));
});
