import { describe, expect, test } from "vitest";
import { routeRequest } from "../../../../test/support/fixtures.js";
import { findUnknownFields, knownFieldsOf } from "./findUnknownFields.js";
import { requestSchemas } from "./requests.js";
import type { RequestEndpoint } from "./types.js";

describe("findUnknownFields", () => {
  test("known fields are not listed; unknown ones are, in the body's order, near misses with their field", () => {
    const body = { ...routeRequest(), zeta: 1, slipageTolerance: "50", recoveryAddress: "0x" };
    expect(findUnknownFields({ endpoint: "quote", body })).toEqual([
      { field: "zeta" },
      { field: "slipageTolerance", suggestion: "slippageTolerance" },
    ]);
  });

  test("a field set to undefined is no field; allowed fields are not listed", () => {
    const body = { ...routeRequest(), gone: undefined, slipageTolerance: "50" };
    expect(findUnknownFields({ endpoint: "quote", body, allowFields: ["slipageTolerance"] })).toEqual([]);
  });

  test("a quote-only field sent to price names quote", () => {
    expect(findUnknownFields({ endpoint: "price", body: { ...routeRequest(), strict: true } })).toEqual([
      { field: "strict", endpointOf: "quote" },
    ]);
  });

  test.each([null, undefined, "body", 7, [1, 2]])("%j has no fields", (body) => {
    expect(findUnknownFields({ endpoint: "quote", body })).toEqual([]);
  });

  test("the known fields are the schema's", () => {
    expect(knownFieldsOf("status")).toEqual(["requestId", "referrer"]);
    expect(knownFieldsOf("quote")).toContain("recoveryAddress");
    expect(knownFieldsOf("quote")).toContain("disableSwapProviderPreference");
  });
});

/** Every name one edit away: a letter dropped, doubled, swapped with the next, or changed. */
function oneEditAway(field: string): string[] {
  const names = new Set<string>();
  for (let i = 0; i < field.length; i++) {
    names.add(field.slice(0, i) + field.slice(i + 1));
    names.add(field.slice(0, i) + field[i] + field.slice(i));
    if (i + 1 < field.length) names.add(field.slice(0, i) + field[i + 1] + field[i] + field.slice(i + 2));
    names.add(`${field.slice(0, i)}${field[i] === "x" ? "q" : "x"}${field.slice(i + 1)}`);
  }
  names.add(field.toUpperCase());
  names.add(field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`));
  return [...names];
}

describe("every typo of every known field of every endpoint is caught", () => {
  test.each(Object.keys(requestSchemas) as RequestEndpoint[])("%s", (endpoint) => {
    const known = knownFieldsOf(endpoint);
    const long = known.filter((name) => name.length >= 5);
    let checked = 0;
    for (const field of long)
      for (const typo of oneEditAway(field).filter((name) => !known.includes(name))) {
        const [found] = findUnknownFields({ endpoint, body: { [typo]: 1 } });
        // A typo is taken for a known field (this one, or another as close), never sent as news.
        expect(found?.suggestion ?? found?.endpointOf, `${typo} (from ${field})`).toBeDefined();
        checked++;
      }
    expect(checked > 0).toBe(long.length > 0);
  });
});
