import { EventEmitter } from "node:events";
import { describe, expect, test } from "vitest";
import { createTerminalIo } from "./io.js";
import { shouldColor } from "./shouldColor.js";
import { styled } from "./styledText.js";

/** A stream that records what is written; `fail(code)` reports a write error as a stream does. */
function stream(isTTY?: boolean) {
  const events = new EventEmitter();
  const writes: string[] = [];
  return {
    writes,
    isTTY,
    write: (text: string) => writes.push(text),
    on: (event: "error", listener: (error: Error) => void) => events.on(event, listener),
    fail: (code: string) => events.emit("error", Object.assign(new Error(`write ${code}`), { code })),
  };
}

const verdict = ["verdict      ", styled("VALID", "good")] as const;

describe("colours", () => {
  test("default: a terminal gets the styled parts coloured, the rest as it is", () => {
    const stdout = stream(true);
    createTerminalIo({ stdout, stderr: stream(), env: {} }).out(verdict);
    expect(stdout.writes).toEqual(["verdict      \u001b[32mVALID\u001b[39m\n"]);
  });

  test.each([
    ["a pipe", false, {}],
    ["NO_COLOR on a terminal", true, { NO_COLOR: "1" }],
    ["TERM=dumb", true, { TERM: "dumb" }],
    ["FORCE_COLOR=0 on a terminal", true, { FORCE_COLOR: "0" }],
    ["FORCE_COLOR=false on a terminal", true, { FORCE_COLOR: "false" }],
  ])("none in %s", (_, isTTY, env) => {
    const stdout = stream(isTTY);
    createTerminalIo({ stdout, stderr: stream(), env }).out(verdict);
    expect(stdout.writes).toEqual(["verdict      VALID\n"]);
  });

  test.each([
    ["FORCE_COLOR=1 in a pipe", false, { FORCE_COLOR: "1" }],
    ["FORCE_COLOR=3 in a pipe", false, { FORCE_COLOR: "3" }],
    ["FORCE_COLOR over NO_COLOR", false, { FORCE_COLOR: "1", NO_COLOR: "1" }],
    ["an empty NO_COLOR on a terminal", true, { NO_COLOR: "" }],
  ])("on with %s", (_, isTTY, env) => {
    expect(shouldColor({ stream: { isTTY }, env })).toBe(true);
  });

  test("each stream is judged on its own: a terminal's stderr, a piped stdout", () => {
    const stdout = stream(false);
    const stderr = stream(true);
    const io = createTerminalIo({ stdout, stderr, env: {} });
    io.out(verdict);
    io.err(["error: ", styled("refused", "bad")]);
    expect(stdout.writes).toEqual(["verdict      VALID\n"]);
    expect(stderr.writes).toEqual(["error: \u001b[31mrefused\u001b[39m\n"]);
  });

  test("a styled part is escaped first: its text can neither end the colour nor start another", () => {
    const stdout = stream(true);
    const hostile = "refund\u001b[39m\u001b[32m success\u009b32m\r\nverdict VALID";
    createTerminalIo({ stdout, stderr: stream(), env: {} }).out([
      "status  ",
      styled(hostile, "warn"),
      ` ${hostile}`,
    ]);
    const [written] = stdout.writes as [string];
    expect(written).toBe(
      "status  \u001b[33mrefund\\u001b[39m\\u001b[32m success\\u009b32m\\r\\nverdict VALID\u001b[39m" +
        " refund\\u001b[39m\\u001b[32m success\\u009b32m\\r\\nverdict VALID\n",
    );
    // The only escape sequences are the colour's own two.
    expect(written.split("\u001b")).toHaveLength(3);
  });

  test("a plain line (JSON, help) is never coloured", () => {
    const stdout = stream(true);
    createTerminalIo({ stdout, stderr: stream(), env: { FORCE_COLOR: "1" } }).out('{"valid":true}');
    expect(stdout.writes).toEqual(['{"valid":true}\n']);
  });
});

describe("the reader of stdout goes away", () => {
  test("default: the handler is called once and what follows is dropped", () => {
    const stdout = stream();
    let closed = 0;
    const io = createTerminalIo({ stdout, stderr: stream(), env: {}, onOutputClosed: () => closed++ });
    io.out("one");
    stdout.fail("EPIPE");
    stdout.fail("ERR_STREAM_DESTROYED");
    io.out("two");
    expect(closed).toBe(1);
    expect(stdout.writes).toEqual(["one\n"]);
  });

  test("a command's own handler replaces the default (a trigger finishes its request)", () => {
    const stdout = stream();
    const stderr = stream();
    const calls: string[] = [];
    const io = createTerminalIo({ stdout, stderr, env: {}, onOutputClosed: () => calls.push("exit") });
    io.onOutputClosed?.(() => calls.push("finish"));
    io.out("request 0x1");
    stdout.fail("EPIPE");
    io.out("success");
    io.err("still reported");
    expect(calls).toEqual(["finish"]);
    expect(stderr.writes).toEqual(["still reported\n"]);
  });

  test("stderr closed: its lines are dropped, stdout goes on", () => {
    const stdout = stream();
    const stderr = stream();
    let closed = 0;
    const io = createTerminalIo({ stdout, stderr, env: {}, onOutputClosed: () => closed++ });
    io.err("a");
    stderr.fail("EPIPE");
    io.err("b");
    io.out("c");
    expect(stderr.writes).toEqual(["a\n"]);
    expect(stdout.writes).toEqual(["c\n"]);
    expect(closed).toBe(0);
  });

  test("any other write error is not hidden", () => {
    const stdout = stream();
    createTerminalIo({ stdout, stderr: stream(), env: {} }).out("x");
    expect(() => stdout.fail("ENOSPC")).toThrow("write ENOSPC");
  });
});
