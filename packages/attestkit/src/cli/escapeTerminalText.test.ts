import { expect, test } from "vitest";
import { escapeTerminalText } from "./escapeTerminalText.js";

test("default: an escape sequence that would draw over the line is shown, not run", () => {
  expect(escapeTerminalText("TTL_EXPIRED\u001b[1A\u001b[2K\rsuccess")).toBe(
    "TTL_EXPIRED\\u001b[1A\\u001b[2K\\rsuccess",
  );
});

test.each([
  ["NUL, BEL, BS", "a\u0000b\u0007c\u0008", "a\\u0000b\\u0007c\\u0008"],
  ["line feed, carriage return, tab", "a\nb\rc\td", "a\\nb\\rc\\td"],
  ["window title (OSC 0)", "\u001b]0;owned\u0007", "\\u001b]0;owned\\u0007"],
  ["clipboard (OSC 52)", "\u001b]52;c;cm0=\u001b\\", "\\u001b]52;c;cm0=\\u001b\\"],
  ["DEL", "a\u007f", "a\\u007f"],
  ["C1: one-byte CSI, OSC, NEL", "\u009b2J\u009d0;x\u0085", "\\u009b2J\\u009d0;x\\u0085"],
  ["bidi override and isolates", "\u202egnp.exe\u2066x\u2069", "\\u202egnp.exe\\u2066x\\u2069"],
  ["bidi marks", "\u200ea\u200fb\u061c", "\\u200ea\\u200fb\\u061c"],
  ["line and paragraph separators", "a\u2028b\u2029", "a\\u2028b\\u2029"],
])("%s", (_, text, shown) => {
  expect(escapeTerminalText(text)).toBe(shown);
});

test("printable text, accents, other scripts and emoji are left as they are", () => {
  const text = "café ✓ 中文 Ωμέγα 😀 0x5e3f  \\u001b (a backslash, not an escape)";
  expect(escapeTerminalText(text)).toBe(text);
});

test("a JSON line keeps its exact value, and escaping twice changes nothing more", () => {
  const value = { failReason: '\u001b[2K\r\u009b\u202e\u2028\u007f\n\t\\ "quoted"', n: 1 };
  const line = escapeTerminalText(JSON.stringify(value));
  expect(JSON.parse(line)).toEqual(value);
  expect(escapeTerminalText(line)).toBe(line);
});
