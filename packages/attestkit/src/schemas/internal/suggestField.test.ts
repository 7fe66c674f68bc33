import { describe, expect, test } from "vitest";
import { suggestField } from "./suggestField.js";

const known = ["slippageTolerance", "recipient", "user", "txs", "ttl", "refundTo", "includedSwapSources"];

describe("suggestField", () => {
  test.each([
    ["slipageTolerance", "slippageTolerance"],
    ["slippage_tolerance", "slippageTolerance"],
    ["SlippageTolerance", "slippageTolerance"],
    ["recipeint", "recipient"],
    ["recipients", "recipient"],
    ["USER", "user"],
    ["refund_to", "refundTo"],
    ["refundT0", "refundTo"],
    ["includeSwapSources", "includedSwapSources"],
  ] as const)("%s reads as a typo of %s", (field, suggestion) => {
    expect(suggestField({ field, known })).toBe(suggestion);
  });

  test.each([
    "futureField",
    "usr", // short names need the folded match: one edit is too little to tell
    "txn",
    "tt",
    "recoveryAddress",
    "slippageLimit",
    "disableSwapProviderPreference",
  ])("%s is far from every known field", (field) => {
    expect(suggestField({ field, known })).toBeUndefined();
  });

  test("the closest field wins; on a tie, the first listed", () => {
    expect(suggestField({ field: "abcdeX", known: ["abcdeY", "abcdef"] })).toBe("abcdeY");
    expect(suggestField({ field: "abcdefgh", known: ["abcdefgX", "abcdefgh_"] })).toBe("abcdefgh_");
  });
});
