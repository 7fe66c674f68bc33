import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { describeReason } from "./describeReason.js";
import { failReasons, refundFailReasons } from "./failReasons.js";

/** The codes a union of the official SDK's API types lists for `field` (its status endpoint's). */
function sdkCodes(field: "failReason" | "refundFailReason"): string[] {
  // The SDK (a dev dependency, run by the official SDK suite) as installed: its declared API types.
  const root = fileURLToPath(new URL("../../../../node_modules/@relayprotocol/relay-sdk/", import.meta.url));
  const types = readFileSync(join(root, "_types/src/types/api.d.ts"), "utf8");
  const unions = [...types.matchAll(new RegExp(`\\b${field}\\?: ([^;]+);`, "g"))].map(
    (match) => match[1] as string,
  );
  const codes = new Set(
    unions.flatMap((union) => [...union.matchAll(/"([A-Z0-9_/]+)"/g)].map((m) => m[1] as string)),
  );
  codes.delete("N/A");
  return [...codes].sort();
}

test("default: every fail reason the official SDK lists has a sentence, and nothing else does", () => {
  const listed = sdkCodes("failReason");
  expect(listed.length).toBeGreaterThan(60);
  expect(Object.keys(failReasons).sort()).toEqual(listed);
  expect(Object.keys(refundFailReasons).sort()).toEqual(sdkCodes("refundFailReason"));
  for (const sentence of [...Object.values(failReasons), ...Object.values(refundFailReasons)])
    expect(sentence).toMatch(/^[A-Z].+\.$/);
});

test("UNKNOWN is what the interface says: no specific reason recorded", () => {
  expect(describeReason({ failReason: "UNKNOWN", status: "refund" }).failReasonText).toBe(
    "The service recorded no specific reason.",
  );
});

test("a code nobody lists is named as unknown, never guessed at; N/A is no reason", () => {
  expect(describeReason({ failReason: "NEW_REASON_X" }).failReasonText).toBe(
    "The service gave the code NEW_REASON_X, which attestkit does not know.",
  );
  expect(describeReason({ failReason: "N/A", refundFailReason: "N/A", status: "success" })).toEqual({
    failReason: null,
    failReasonText: null,
    refundFailReason: null,
    refundFailReasonText: null,
  });
  // A key of Object's prototype is a code like any other, not a sentence.
  expect(describeReason({ failReason: "toString" }).failReasonText).toContain("does not know");
  expect(describeReason({ refundFailReason: "REFUND_RECIPIENT_IS_VASP" }).refundFailReasonText).toContain(
    "VASP",
  );
});
