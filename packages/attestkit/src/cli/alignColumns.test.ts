import { expect, test } from "vitest";
import { alignColumns } from "./alignColumns.js";

test("default: each column padded to its widest cell and two spaces, the last as it is", () => {
  expect(
    alignColumns([
      ["evt_0123456789abcdef0123456789abcdef", "delivered", "(200)"],
      ["evt_1", "failed", "(500)"],
    ]),
  ).toEqual([
    "  evt_0123456789abcdef0123456789abcdef  delivered  (200)",
    "  evt_1                                 failed     (500)",
  ]);
});

test("no trailing spaces; an indent of choice", () => {
  expect(
    alignColumns(
      [
        ["a", ""],
        ["bb", ""],
      ],
      "",
    ),
  ).toEqual(["a", "bb"]);
});
