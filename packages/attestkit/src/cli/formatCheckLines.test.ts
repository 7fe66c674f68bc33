import { expect, test } from "vitest";
import { formatCheckLines } from "./formatCheckLines.js";
import type { StyledText } from "./styledText.js";

const plain = (line: string | readonly (string | StyledText)[]) =>
  typeof line === "string"
    ? line
    : line.map((part) => (typeof part === "string" ? part : part.text)).join("");

test("default: labels up to 15 characters keep the column at 15", () => {
  expect(formatCheckLines([{ label: "signer", ok: true }]).map(plain)).toEqual([
    "check        signer          ok",
  ]);
});

test("a longer label widens the column for every line: ok and FAIL stay aligned", () => {
  const lines = formatCheckLines([
    { label: "amount", ok: true, summary: "1000000" },
    { label: "destinationCurrency", ok: true },
    { label: "deposit[0]", ok: false, reason: "amount-mismatch" },
  ]).map(plain);
  expect(lines).toEqual([
    "check        amount              ok  1000000",
    "check        destinationCurrency ok",
    "check        deposit[0]          FAIL amount-mismatch",
  ]);
});
