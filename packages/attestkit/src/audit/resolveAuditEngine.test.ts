import { expect, test } from "vitest";
import { resolveAuditEngine } from "./resolveAuditEngine.js";

test("default: auto takes the native binding when it loads (it is installed here)", () => {
  expect(resolveAuditEngine("auto")).toBe("native");
  expect(resolveAuditEngine("native")).toBe("native");
  expect(resolveAuditEngine("noble")).toBe("noble");
});

test("an unknown engine is refused", () => {
  expect(() => resolveAuditEngine("wasm" as never)).toThrow(
    expect.objectContaining({
      name: "InvalidAuditOptionError",
      shortMessage: 'Option "engine" is wasm; expected "auto", "native" or "noble".',
    }),
  );
});
