import { expect, test } from "vitest";
import { InvalidWebhookHeaderError } from "../errors.js";
import { checkWebhookHeaders, reservedWebhookHeaders, webhookHeaderLimits } from "./checkWebhookHeaders.js";

const check = (headers: Record<string, unknown>) => checkWebhookHeaders({ apiKey: "key-1234", headers });
const refusal = (headers: Record<string, unknown>) => {
  try {
    check(headers);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidWebhookHeaderError);
    return (error as InvalidWebhookHeaderError).header;
  }
  throw new Error("accepted");
};

test("default: names and values as given", () => {
  const headers = { Authorization: "Bearer gateway token", "X-Gateway-Id": "a1", "x-empty": "" };
  expect(check(headers)).toEqual(headers);
  expect(check({})).toEqual({});
});

test("no header a delivery sets itself, in any case", () => {
  for (const name of reservedWebhookHeaders) {
    expect(refusal({ [name]: "x" })).toBe(name);
    expect(refusal({ [name.toUpperCase()]: "x" })).toBe(name.toUpperCase());
  }
  expect(refusal({ "X-Signature-SHA256": "00" })).toBe("X-Signature-SHA256");
  expect(() => check({ "X-Signature-SHA256": "00" })).toThrow(/cannot be replaced/);
});

test("names: HTTP tokens only, once each whatever the case", () => {
  for (const name of ["", "Bad Name", "x:y", "naïve", "a\r\nb"]) expect(refusal({ [name]: "x" })).toBe(name);
  expect(refusal({ "X-A": "1", "x-a": "2" })).toBe("x-a");
});

test("values: strings of visible ASCII, no line breaks, bounded", () => {
  for (const value of ["a\r\nX-Injected: 1", "a\nb", "a\0", " lead", "trail ", "é"])
    expect(refusal({ "X-A": value })).toBe("X-A");
  expect(refusal({ "X-A": 5 })).toBe("X-A");
  expect(refusal({ "X-A": null })).toBe("X-A");
  expect(check({ "X-A": "a".repeat(webhookHeaderLimits.valueLength) })).toBeDefined();
  expect(refusal({ "X-A": "a".repeat(webhookHeaderLimits.valueLength + 1) })).toBe("X-A");
  expect(check({ "X-A": "tab\tinside" })).toBeDefined();
});

test("at most 32 headers; not an object is refused", () => {
  const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`X-H${i}`, "v"]));
  expect(Object.keys(check(many(webhookHeaderLimits.count)))).toHaveLength(32);
  expect(refusal(many(webhookHeaderLimits.count + 1))).toBe("");
  expect(refusal(["X-A"] as never)).toBe("");
  expect(refusal(null as never)).toBe("");
});

test("the error names the header and hides most of the key", () => {
  const error = (() => {
    try {
      check({ "Content-Type": "text/plain" });
    } catch (e) {
      return e as InvalidWebhookHeaderError;
    }
  })();
  expect(error?.message).toContain('"Content-Type"');
  expect(error?.message).toContain("key-…");
  expect(error?.message).not.toContain("key-1234");
});
