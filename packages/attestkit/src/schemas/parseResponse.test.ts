import { expect, test } from "vitest";
import { loadFixture } from "../../../../test/support/fixtures.js";
import { InvalidResponseError } from "./errors.js";
import { parseResponse } from "./parseResponse.js";

// biome-ignore lint/suspicious/noExplicitAny: fixtures are read and mutated freely in tests.
type Json = any;

const load = (name: string): Json => loadFixture(name);

test("default", () => {
  const quote = parseResponse({ endpoint: "quote", body: load("quote.evm-swap.json") });
  expect(quote.steps.map((step) => step.id)).toEqual(["approve", "deposit"]);
  expect(quote.steps[1]?.kind).toBe("transaction");
});

test("typed results", () => {
  const status = parseResponse({ endpoint: "status", body: load("status.refund.json") });
  expect(status.status).toBe("refund");
  expect(status.depositAddress?.depositAddressType).toBe("strict");
  const webhook = parseResponse({ endpoint: "webhook", body: load("webhook.json") });
  expect(webhook.data.requestId).toBe("0x4a7e2d3f8c1b5a6e9d0f1e2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e");
});

test("steps not an array", () => {
  const body = { ...load("quote.evm-swap.json"), steps: { approve: {} } };
  let caught: unknown;
  try {
    parseResponse({ endpoint: "quote", body });
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(InvalidResponseError);
  expect((caught as InvalidResponseError).endpoint).toBe("quote");
  expect((caught as InvalidResponseError).issues).toEqual([
    { path: "steps", message: "Invalid input: expected array, received object" },
  ]);
  expect((caught as InvalidResponseError).message).toMatchInlineSnapshot(`
    "Invalid quote response at "steps": Invalid input: expected array, received object.

    Unknown fields and nulls are accepted; this body lacks something a caller relies on.
    Version: attestkit@0.1.0"
  `);
});

test("many issues are summarised", () => {
  const body = { steps: Array.from({ length: 8 }, () => ({ kind: "transaction" })) };
  expect(() => parseResponse({ endpoint: "quote", body })).toThrowErrorMatchingInlineSnapshot(`
    [InvalidResponseError: Invalid quote response at "steps.0.id": Invalid input: expected string, received undefined.

    also at "steps.0.items": Invalid input: expected array, received undefined
    also at "steps.1.id": Invalid input: expected string, received undefined
    also at "steps.1.items": Invalid input: expected array, received undefined
    also at "steps.2.id": Invalid input: expected string, received undefined
    also at "steps.2.items": Invalid input: expected array, received undefined
    and 10 more
    Unknown fields and nulls are accepted; this body lacks something a caller relies on.
    Version: attestkit@0.1.0]
  `);
});
