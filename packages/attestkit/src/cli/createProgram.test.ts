import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { captureIo } from "../../../../test/support/captureIo.js";
import { createProgram, runCli } from "./createProgram.js";

const expected = ["verify", "encode", "audit", "status", "quote", "devnet", "deploy"];
const names = () => createProgram(captureIo()).commands.map((command) => command.name());
/** Every command, nested ones as "parent child" (e.g. "devnet replay-webhook"). */
const allNames = () =>
  createProgram(captureIo()).commands.flatMap((command) => [
    command.name(),
    ...command.commands.map((child) => `${command.name()} ${child.name()}`),
  ]);

test("default: attestkit --help lists every command, exit 0", async () => {
  const io = captureIo();
  expect(await runCli(["--help"], io)).toBe(0);
  const text = io.stdout.join("\n");
  expect(names()).toEqual(expect.arrayContaining(expected));
  for (const name of names()) expect(text).toMatch(new RegExp(`^  ${name} `, "m"));
  for (const option of ["--api <url>", "--api-key <key>", "--version"]) expect(text).toContain(option);
});

test("every command has --help (exit 0), --json and its exit codes", async () => {
  for (const name of allNames()) {
    const io = captureIo();
    expect(await runCli([...name.split(" "), "--help"], io), name).toBe(0);
    const text = io.stdout.join("\n");
    // `completion` prints a shell script, not data.
    if (name !== "completion") expect(text, name).toContain("--json");
    expect(text, name).toMatch(/Exit codes: 0 /);
  }
});

test("the key in the environment never shows in any help", async () => {
  const previous = process.env.ATTESTKIT_API_KEY;
  process.env.ATTESTKIT_API_KEY = "help-secret-key-41";
  try {
    for (const argv of [["--help"], ...names().map((name) => [name, "--help"])]) {
      const io = captureIo();
      await runCli(argv, io);
      expect([...io.stdout, ...io.stderr].join("\n")).not.toContain("help-secret-key-41");
    }
  } finally {
    if (previous === undefined) delete process.env.ATTESTKIT_API_KEY;
    else process.env.ATTESTKIT_API_KEY = previous;
  }
});

test("usage errors are exit 2; --version is 0", async () => {
  expect(await runCli(["nope"], captureIo())).toBe(2);
  expect(await runCli(["--nope", "status"], captureIo())).toBe(2);
  const io = captureIo();
  expect(await runCli(["--version"], io)).toBe(0);
  expect(io.stdout[0]).toMatch(/^\d+\.\d+\.\d+/);
});

test("the attestkit binary lists every command", () => {
  const bin = fileURLToPath(new URL("../../bin/attestkit.js", import.meta.url));
  const result = spawnSync(process.execPath, [bin, "--help"], { encoding: "utf8" });
  expect(result.status).toBe(0);
  for (const name of expected) expect(result.stdout).toMatch(new RegExp(`^  ${name} `, "m"));
});

test("every command's help shows the global options and an example of the command", async () => {
  for (const name of allNames()) {
    const io = captureIo();
    expect(await runCli([...name.split(" "), "--help"], io), name).toBe(0);
    const text = io.stdout.join("\n");
    for (const option of ["--api <url>", "--api-key <key>", "--timeout <ms>"])
      expect(text, `${name} ${option}`).toContain(option);
    expect(text, name).toMatch(/^Examples?:$/m);
    expect(text, name).toMatch(new RegExp(`^ {2}\\$ (\\S+=\\S+ )?attestkit (--api \\S+ )?${name}( |$)`, "m"));
  }
});

test("a usage error is one line and a pointer to the command's help, never the whole help", async () => {
  for (const [argv, first, pointer] of [
    [["verify", "--nope"], "error: unknown option '--nope'", "(see attestkit verify --help)"],
    [["status"], "error: missing required argument 'REQUEST_ID'", "(see attestkit status --help)"],
    [["zzzzzz"], "error: unknown command 'zzzzzz'", "(see attestkit --help)"],
    [
      ["devnet", "replay-webhook", "--nope"],
      "error: unknown option '--nope'",
      "(see attestkit devnet replay-webhook --help)",
    ],
  ] as const) {
    const io = captureIo();
    expect(await runCli([...argv], io), argv.join(" ")).toBe(2);
    expect(io.stderr, argv.join(" ")).toEqual([first, pointer]);
    expect(io.stdout).toEqual([]);
  }
});

test("global options are read before or after the command's name; a bad --timeout is exit 2", async () => {
  for (const argv of [
    ["--timeout", "0", "status", `0x${"11".repeat(32)}`],
    ["status", `0x${"11".repeat(32)}`, "--timeout", "1.5"],
  ]) {
    const io = captureIo();
    expect(await runCli(argv, io)).toBe(2);
    expect(io.stderr[0]).toMatch(
      /^error: --timeout must be a whole number of milliseconds >= 1, got "(0|1\.5)"\.$/,
    );
  }
});

test("a subcommand's help lists each option once, and as global only the program's own", async () => {
  for (const name of allNames()) {
    const io = captureIo();
    expect(await runCli([...name.split(" "), "--help"], io), name).toBe(0);
    const text = io.stdout.join("\n");
    const flags = [...text.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map(([, flag]) => flag);
    expect(flags.length, name).toBe(new Set(flags).size);
    const global = text.slice(text.indexOf("Global Options:"), text.search(/^(Commands|Examples?):$/m));
    // `devnet` has an --api-key of its own (the webhook secret): its help shows that one.
    expect(
      [...global.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map(([, flag]) => flag),
      name,
    ).toEqual(["--version", "--api", ...(name === "devnet" ? [] : ["--api-key"]), "--timeout"]);
  }
  const trigger = captureIo();
  await runCli(["devnet", "trigger", "--help"], trigger);
  for (const flag of ["--port", "--state", "--webhook-url", "--rpc-admin"])
    expect(trigger.stdout.join("\n")).not.toContain(flag);
});
