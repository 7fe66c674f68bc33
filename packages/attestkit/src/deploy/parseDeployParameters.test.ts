import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { DeployParametersError } from "./errors.js";
import { parseDeployParameters, parseRecipient } from "./parseDeployParameters.js";

const example = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../deploy/parameters.example.json", import.meta.url)), "utf8"),
);

test("default: the example file", () => {
  expect(parseDeployParameters(example)).toEqual({
    owner: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    depository: "devnet",
    solvers: ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"],
    contractSolvers: [],
    whitelist: [
      { chainId: 8453n, user: "0x00000000000000000000000090f79bf6eb2c4f870365e785982e1f101e93b906" },
      { chainId: 792703809n, user: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    ],
    allowAnyRecipient: false,
  });
});

test("the order settings are optional; a recipient is kept as its order bytes, lowercase", () => {
  const parsed = parseDeployParameters(example);
  expect(parsed).not.toHaveProperty("chainSlug");
  expect(parsed).not.toHaveProperty("orderWhitelist");
  const solana = `0x${"5F".repeat(32)}`;
  const evm = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
  const withOrders = parseDeployParameters({
    ...example,
    chainSlug: "base",
    orderWhitelist: [
      { chainId: "solana", recipient: solana },
      { chainId: "optimism", recipient: evm },
    ],
  });
  expect(withOrders.chainSlug).toBe("base");
  expect(withOrders.orderWhitelist).toEqual([
    { chainId: "solana", recipient: solana.toLowerCase() },
    { chainId: "optimism", recipient: evm.toLowerCase() },
  ]);
});

test("addresses are checksummed; a 32-byte user word is kept (lowercase)", () => {
  const parsed = parseDeployParameters({
    ...example,
    owner: example.owner.toLowerCase(),
    whitelist: [{ chainId: 1, user: `0x${"AB".repeat(32)}` }],
  });
  expect(parsed.owner).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
  expect(parsed.whitelist).toEqual([{ chainId: 1n, user: `0x${"ab".repeat(32)}` }]);
});

describe("each problem names its field: DeployParametersError", () => {
  test.each([
    ["(root)", null],
    ["(root)", [example]],
    ["owner", { ...example, owner: undefined }],
    ["depository", { ...example, depository: "0x12" }],
    ["solvers", { ...example, solvers: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }],
    ["solvers[1]", { ...example, solvers: [example.solvers[0], 7] }],
    ["contractSolvers", { ...example, contractSolvers: Array(5).fill(example.owner) }],
    ["whitelist", { ...example, whitelist: {} }],
    ["whitelist[0]", { ...example, whitelist: ["x"] }],
    ["whitelist[0].chainId", { ...example, whitelist: [{ chainId: -1, user: example.owner }] }],
    ["whitelist[0].chainId", { ...example, whitelist: [{ chainId: "0x1", user: example.owner }] }],
    ["whitelist[0].user", { ...example, whitelist: [{ chainId: 1, user: 5 }] }],
    ["whitelist[0].user", { ...example, whitelist: [{ chainId: 1, user: "not an address" }] }],
    ["allowAnyRecipient", { ...example, allowAnyRecipient: "yes" }],
    ["chainSlug", { ...example, chainSlug: "" }],
    ["chainSlug", { ...example, chainSlug: 8453 }],
    ["orderWhitelist", { ...example, orderWhitelist: {} }],
    ["orderWhitelist[0]", { ...example, orderWhitelist: [null] }],
    [
      "orderWhitelist[0].chainId",
      { ...example, orderWhitelist: [{ chainId: 10, recipient: example.owner }] },
    ],
    [
      "orderWhitelist[0].recipient",
      { ...example, orderWhitelist: [{ chainId: "optimism", recipient: "0x" }] },
    ],
    [
      "orderWhitelist[0].recipient",
      {
        ...example,
        orderWhitelist: [{ chainId: "solana", recipient: "7EaP2zkxDLo86x4rnNwwLhB593PsbMva41dqfrfxhsb1" }],
      },
    ],
  ])("%s", (field, value) => {
    let caught: unknown;
    try {
      parseDeployParameters(value);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DeployParametersError);
    expect((caught as DeployParametersError).field).toBe(field);
  });

  test("the message", () => {
    expect(() =>
      parseRecipient({ chainId: 1, user: "nope" }, "whitelist[3]"),
    ).toThrowErrorMatchingInlineSnapshot(`
      [DeployParametersError: Deploy parameters: "whitelist[3].user" cannot be encoded: Field "whitelist[3].user" is not a valid evm address: "nope" (not 0x followed by 40 hex digits).

      Expected: {owner, depository (an address or "devnet"), solvers[], contractSolvers[] (at most 4), whitelist[{chainId, user}], allowAnyRecipient},
      and for order payments chainSlug and orderWhitelist[{chainId (a slug), recipient (order bytes, hex)}].
      Version: attestkit@0.1.0]
    `);
  });
});
