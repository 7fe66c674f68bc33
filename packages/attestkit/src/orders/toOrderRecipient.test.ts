import { expect, test } from "vitest";
import { toOrderRecipient } from "./toOrderRecipient.js";
import type { OrderChains } from "./types.js";

const chains: OrderChains = {
  vmTypes: { optimism: "ethereum-vm", solana: "solana-vm", bitcoin: "bitcoin-vm" },
};

test("default: an EVM recipient is its 20 bytes, lowercase, not a padded word", () => {
  expect(
    toOrderRecipient({
      chainId: "optimism",
      recipient: "0xF0AE622e463fa757Cf72243569E18Be7Df1996cd",
      chains,
    }),
  ).toEqual({ chainId: "optimism", recipient: "0xf0ae622e463fa757cf72243569e18be7df1996cd" });
});

test("a Solana recipient is its 32 base58-decoded bytes", () => {
  const { recipient } = toOrderRecipient({
    chainId: "solana",
    recipient: "7EaP2zkxDLo86x4rnNwwLhB593PsbMva41dqfrfxhsb1",
    chains,
  });
  expect(recipient).toHaveLength(2 + 64);
});

test("a slug the chains do not list is refused, never guessed", () => {
  expect(() =>
    toOrderRecipient({ chainId: "zkfoo", recipient: "0xF0AE622e463fa757Cf72243569E18Be7Df1996cd", chains }),
  ).toThrow(expect.objectContaining({ name: "UnknownOrderChainError", chainId: "zkfoo" }));
});

test("an address invalid on the chain's VM names the field", () => {
  expect(() =>
    toOrderRecipient({ chainId: "solana", recipient: "0xF0AE622e463fa757Cf72243569E18Be7Df1996cd", chains }),
  ).toThrow(expect.objectContaining({ name: "InvalidOrderAddressError", field: "recipient" }));
  expect(() => toOrderRecipient({ chainId: "", recipient: "x", chains })).toThrow(
    expect.objectContaining({ name: "InvalidOrderFieldError", field: "chainId" }),
  );
});
