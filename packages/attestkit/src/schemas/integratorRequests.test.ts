import { expect, test } from "vitest";
import { requestId, user } from "../../../../test/support/fixtures.js";
import { InvalidRequestError } from "./errors.js";
import { integratorRequestSchemas } from "./integratorRequests.js";
import { requestSchemas } from "./requests.js";
import { validateRequest } from "./validateRequest.js";

/** The first broken field and rule of a request, or undefined when it passes. */
function refusal(endpoint: keyof typeof integratorRequestSchemas, body: unknown) {
  try {
    validateRequest({ endpoint, body });
    return undefined;
  } catch (error) {
    if (!(error instanceof InvalidRequestError)) throw error;
    return { field: error.field, rule: error.rule };
  }
}

test("default: every integrator schema is one of the request schemas, under the same key", () => {
  for (const [endpoint, schema] of Object.entries(integratorRequestSchemas))
    expect(requestSchemas[endpoint as keyof typeof integratorRequestSchemas]).toBe(schema);
});

test("queries take numbers as numbers or as the decimal strings a query string carries", () => {
  for (const chainId of [8453, "8453"]) {
    expect(refusal("chainHealth", { chainId })).toBeUndefined();
    expect(refusal("chainLiquidity", { chainId })).toBeUndefined();
    expect(refusal("tokenPrice", { chainId, address: user })).toBeUndefined();
  }
  expect(refusal("chainLiquidity", { chainId: "base" })).toEqual({ field: "chainId", rule: "pattern" });
  expect(refusal("appFeeClaims", { wallet: user, limit: "20" })).toBeUndefined();
  expect(refusal("appFeeClaims", { wallet: user, limit: "020" })).toMatchObject({ field: "limit" });
});

test("a deposit address is looked up by exactly one of address and requestId", () => {
  expect(refusal("depositAddress", { address: user })).toBeUndefined();
  expect(refusal("depositAddress", { requestId })).toBeUndefined();
  expect(refusal("depositAddress", {})).toEqual({ field: "address", rule: "oneOf:address|requestId" });
  expect(refusal("depositAddress", { address: user, requestId })).toEqual({
    field: "requestId",
    rule: "oneOf:address|requestId",
  });
  expect(refusal("depositAddress", { requestId: "0x12" })).toEqual({ field: "requestId", rule: "pattern" });
});

test("the required fields of the bodies, and their types", () => {
  expect(refusal("depositAddressReindex", { depositAddress: user })).toEqual({
    field: "chainId",
    rule: "required",
  });
  expect(refusal("depositAddressReindex", { chainId: 1, depositAddress: user, sweep: "yes" })).toEqual({
    field: "sweep",
    rule: "type",
  });
  const claim = { wallet: user, chainId: 8453, currency: user, recipient: user };
  expect(refusal("appFeeClaim", claim)).toBeUndefined();
  expect(refusal("appFeeClaim", { ...claim, recipient: undefined })).toEqual({
    field: "recipient",
    rule: "required",
  });
  expect(refusal("appFeeClaim", { ...claim, amount: "-1" })).toEqual({ field: "amount", rule: "pattern" });
  const permit = { signature: "0xab", kind: "eip3009", requestId };
  expect(refusal("executePermit", permit)).toBeUndefined();
  expect(refusal("executePermit", { ...permit, signature: "0x" })).toEqual({
    field: "signature",
    rule: "pattern",
  });
  expect(refusal("executePermit", { ...permit, api: "user-swap" })).toBeUndefined();
});

test("a wallet is one path segment: it cannot reach another route", () => {
  for (const wallet of [`${user}/claims`, "a b", "x?y=1", "%2e%2e", ""])
    expect(refusal("appFeeBalances", { wallet })).toEqual({ field: "wallet", rule: "pattern" });
  // Any VM's address is a wallet: the service decides which it serves.
  expect(refusal("appFeeBalances", { wallet: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" })).toBeUndefined();
});

test("gasless execution: nested calls are checked field by field", () => {
  const execution = {
    executionKind: "rawCalls",
    data: { chainId: 1, to: user, data: "0x", value: "0" },
    executionOptions: { referrer: "app", subsidizeFees: false },
  };
  expect(refusal("execute", execution)).toBeUndefined();
  expect(
    refusal("execute", {
      ...execution,
      executionOptions: {
        ...execution.executionOptions,
        destinationChainExecutionData: { calls: [{ to: "0x1" }] },
      },
    }),
  ).toEqual({ field: "executionOptions.destinationChainExecutionData.calls.0.to", rule: "pattern" });
  expect(refusal("execute", { ...execution, data: { ...execution.data, value: 1 } })).toEqual({
    field: "data.value",
    rule: "type",
  });
});
