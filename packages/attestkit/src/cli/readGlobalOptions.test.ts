import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Command } from "commander";
import { afterAll, beforeAll, expect, test } from "vitest";
import { captureIo } from "../../../../test/support/captureIo.js";
import { runCli } from "./createProgram.js";
import { readGlobalOptions } from "./readGlobalOptions.js";

function parse(argv: string[]) {
  const program = new Command("attestkit")
    .option("--api <url>", "", "https://default.example")
    .option("--api-key <key>")
    .exitOverride();
  let sub: Command | undefined;
  program.command("sub").action((_options, command: Command) => {
    sub = command;
  });
  program.parse(argv, { from: "user" });
  return sub as Command;
}

test("default: the flag wins over the environment", () => {
  expect(
    readGlobalOptions({
      command: parse(["--api-key", "flag-key", "sub"]),
      env: { ATTESTKIT_API_KEY: "env-key" },
    }),
  ).toEqual({ api: "https://default.example", apiKey: "flag-key" });
});

test("the environment's key when no flag; none when neither or empty", () => {
  expect(readGlobalOptions({ command: parse(["sub"]), env: { ATTESTKIT_API_KEY: "env-key" } })).toEqual({
    api: "https://default.example",
    apiKey: "env-key",
  });
  expect(readGlobalOptions({ command: parse(["--api", "http://x", "sub"]), env: {} })).toEqual({
    api: "http://x",
  });
  expect(readGlobalOptions({ command: parse(["sub"]), env: { ATTESTKIT_API_KEY: "" } })).toEqual({
    api: "https://default.example",
  });
});

// Every command that talks to the service sends the same key, from the flag or the environment.
let server: Server;
let api: string;
const keys: (string | undefined)[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    keys.push(req.headers["x-api-key"] as string | undefined);
    res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ message: "boom" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("status, quote and verify send $ATTESTKIT_API_KEY or --api-key, and never print it", async () => {
  const id = `0x${"22".repeat(32)}`;
  const quoteFlags = [
    "--user",
    "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    "--origin-chain-id",
    "1",
    "--destination-chain-id",
    "10",
    "--origin-currency",
    "0x0000000000000000000000000000000000000000",
    "--destination-currency",
    "0x0000000000000000000000000000000000000000",
    "--amount",
    "1",
  ];
  const commands = [
    ["status", id],
    ["quote", ...quoteFlags],
    ["verify", id],
  ];
  const previous = process.env.ATTESTKIT_API_KEY;
  try {
    for (const [source, prefix, key] of [
      ["env", [], "env-secret-1"],
      ["flag", ["--api-key", "flag-secret-2"], "flag-secret-2"],
    ] as const) {
      process.env.ATTESTKIT_API_KEY = source === "env" ? key : "env-loses-3";
      for (const command of commands) {
        keys.length = 0;
        const io = captureIo();
        expect(await runCli(["--api", api, ...prefix, ...command], io)).toBe(3);
        expect(keys.length).toBeGreaterThan(0);
        expect(new Set(keys)).toEqual(new Set([key]));
        const printed = [...io.stdout, ...io.stderr].join("\n");
        expect(printed).toContain("500");
        expect(printed).not.toContain(key);
      }
    }
  } finally {
    if (previous === undefined) delete process.env.ATTESTKIT_API_KEY;
    else process.env.ATTESTKIT_API_KEY = previous;
  }
});
