import { expect, test } from "vitest";
import { formatEntryList } from "./formatEntryList.js";

test("default: JSON Lines by line, as many as shown, then how many more", () => {
  expect(formatEntryList([{ line: 3 }], 1, 10)).toBe("line 3");
  expect(formatEntryList([{ line: 3 }, { line: 7 }], 5, 2)).toBe("lines 3, 7, ... (3 more)");
});

test("a JSON array: by index as jq names it, with the line", () => {
  expect(formatEntryList([{ line: 1, index: 2 }], 1, 10)).toBe(".[2] (line 1)");
  expect(
    formatEntryList(
      [
        { line: 1, index: 2 },
        { line: 1, index: 6 },
      ],
      14,
      2,
    ),
  ).toBe(".[2] (line 1), .[6] (line 1), ... (12 more)");
});
