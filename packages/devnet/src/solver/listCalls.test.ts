import type { Address, Hex } from "viem";
import { expect, test } from "vitest";
import { type CallFrame, listCalls } from "./listCalls.js";

const a = "0x000000000000000000000000000000000000000a" as Address;
const b = "0x000000000000000000000000000000000000000b" as Address;
const c = "0x000000000000000000000000000000000000000c" as Address;
const frame = (to: Address, input: Hex, calls?: CallFrame[], error?: string): CallFrame => ({
  from: a,
  to,
  input,
  ...(calls ? { calls } : {}),
  ...(error ? { error } : {}),
});

test("default: the transaction's call, then its inner calls depth first, in the order they ran", () => {
  const trace = frame(a, "0x01", [frame(b, "0x02", [frame(c, "0x03")]), frame(c, "0x04")]);
  expect(listCalls(trace)).toEqual([
    { to: a, input: "0x01" },
    { to: b, input: "0x02" },
    { to: c, input: "0x03" },
    { to: c, input: "0x04" },
  ]);
});

test("a reverted call and everything inside it are left out (their events were undone)", () => {
  const trace = frame(a, "0x01", [
    frame(b, "0x02", [frame(c, "0x03")], "execution reverted"),
    frame(c, "0x04"),
  ]);
  expect(listCalls(trace)).toEqual([
    { to: a, input: "0x01" },
    { to: c, input: "0x04" },
  ]);
});
