import { createServer } from "node:net";
import { Command } from "commander";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { captureIo } from "../../../../test/support/captureIo.js";
import { createTestServer, type TestServer } from "../../../../test/support/testServer.js";
import { runCli } from "./createProgram.js";
import { defaultDevnetUrl, readDevnetUrl } from "./readDevnetUrl.js";

/** `attestkit [--api URL] devnet trigger [--devnet URL]` as commander parses it. */
function parsed(argv: string[]): Command {
  const program = new Command("attestkit").option("--api <url>").exitOverride();
  let seen: Command | undefined;
  program
    .command("devnet")
    .command("trigger")
    .option("--devnet <url>")
    .action((_options, command: Command) => {
      seen = command;
    });
  program.parse(argv, { from: "user" });
  return seen as Command;
}

describe("readDevnetUrl", () => {
  test("default: --devnet, else --api, else $ATTESTKIT_API, else http://127.0.0.1:8787", () => {
    const env = { ATTESTKIT_API: "http://127.0.0.1:3" };
    const both = ["--api", "http://127.0.0.1:2", "devnet", "trigger", "--devnet", "http://127.0.0.1:1"];
    expect(readDevnetUrl({ command: parsed(both), env })).toMatchObject({
      url: "http://127.0.0.1:1",
      from: "--devnet",
    });
    expect(readDevnetUrl({ command: parsed(both.slice(0, 4)), env })).toMatchObject({
      url: "http://127.0.0.1:2",
      from: "--api",
    });
    expect(readDevnetUrl({ command: parsed(["devnet", "trigger"]), env })).toMatchObject({
      url: "http://127.0.0.1:3",
      from: "$ATTESTKIT_API",
    });
    const fallback = readDevnetUrl({ command: parsed(["devnet", "trigger"]), env: { ATTESTKIT_API: "" } });
    expect(fallback).toEqual({
      url: "http://127.0.0.1:8787",
      from: "the default",
      hint: "http://127.0.0.1:8787 is the default: name the running devnet with --devnet URL (read before --api and $ATTESTKIT_API).",
    });
    expect(defaultDevnetUrl).toBe("http://127.0.0.1:8787");
  });
});

describe("every devnet command talks to the devnet --devnet, --api or ATTESTKIT_API names", () => {
  let devnet: TestServer;
  let other: TestServer;
  beforeAll(async () => {
    devnet = await createTestServer();
    other = await createTestServer();
  });
  afterAll(async () => {
    await devnet?.close();
    await other?.close();
  });

  /** Each command with the request it makes first, and the exit code the test server's answer gives. */
  const commands = [
    {
      name: "devnet trigger",
      argv: ["devnet", "trigger", "success"],
      route: ["GET", "/devnet/info"],
      // The test server is no devnet: bad input, after asking it.
      code: 2,
    },
    {
      name: "devnet replay-webhook",
      argv: ["devnet", "replay-webhook", "evt_1"],
      route: ["POST", "/devnet/webhooks/evt_1/replay"],
      code: 0,
    },
    {
      name: "webhooks listen",
      argv: ["webhooks", "listen", "--forward-to", "http://127.0.0.1:1/"],
      route: ["POST", "/devnet/webhooks/endpoints"],
      // The endpoint is refused: listen stops at once.
      code: 3,
    },
  ] as const;

  const run = async (argv: string[], env: string | undefined) => {
    for (const server of [devnet, other]) {
      server.reset();
      server.on("POST", "/devnet/webhooks/evt_1/replay", {
        status: 202,
        body: { delivery: { id: "evt_1", url: "http://127.0.0.1:1/", attempts: 1 } },
      });
      server.on("POST", "/devnet/webhooks/endpoints", { status: 500, body: { message: "no" } });
    }
    const previous = process.env.ATTESTKIT_API;
    if (env === undefined) delete process.env.ATTESTKIT_API;
    else process.env.ATTESTKIT_API = env;
    try {
      const io = captureIo();
      return { code: await runCli(argv, io), io };
    } finally {
      if (previous === undefined) delete process.env.ATTESTKIT_API;
      else process.env.ATTESTKIT_API = previous;
    }
  };

  test.each(commands)("$name: --api", async ({ argv, route, code }) => {
    expect((await run(["--api", devnet.url, ...argv], undefined)).code).toBe(code);
    expect(devnet.requestsTo(route[0], route[1])).toHaveLength(1);
  });

  test.each(commands)("$name: the environment's ATTESTKIT_API", async ({ argv, route, code }) => {
    expect((await run([...argv], devnet.url)).code).toBe(code);
    expect(devnet.requestsTo(route[0], route[1])).toHaveLength(1);
  });

  test.each(commands)(
    "$name: --devnet before --api, --api before $ATTESTKIT_API",
    async ({ argv, route }) => {
      await run(["--api", other.url, ...argv, "--devnet", devnet.url], other.url);
      expect(devnet.requestsTo(route[0], route[1])).toHaveLength(1);
      expect(other.requests).toEqual([]);
      await run(["--api", devnet.url, ...argv], other.url);
      expect(devnet.requestsTo(route[0], route[1])).toHaveLength(1);
      expect(other.requests).toEqual([]);
    },
  );

  test("replay-webhook --json: the flag after the subcommand is its own (not `devnet`'s)", async () => {
    const { io } = await run(
      ["devnet", "replay-webhook", "evt_1", "--devnet", devnet.url, "--json"],
      undefined,
    );
    expect(io.stdout.map((line) => JSON.parse(line))).toEqual([
      { delivery: { id: "evt_1", url: "http://127.0.0.1:1/", attempts: 1 } },
    ]);
  });

  test("replay-webhook: one attempt is singular", async () => {
    const { io } = await run(["devnet", "replay-webhook", "evt_1", "--devnet", devnet.url], undefined);
    expect(io.stdout).toEqual(["webhook evt_1 queued again for http://127.0.0.1:1/ (1 attempt so far)"]);
  });
});

describe("nothing listens there", () => {
  /** A loopback port nothing listens on: bound by the system, then released. */
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  test.each([
    ["devnet trigger", ["devnet", "trigger", "success"]],
    ["devnet replay-webhook", ["devnet", "replay-webhook", "evt_1"]],
    ["webhooks listen", ["webhooks", "listen", "--forward-to", "http://127.0.0.1:1/"]],
  ])("%s: says to start a devnet and how to name the running one", async (_, argv) => {
    const port = await closedPort();
    const io = captureIo();
    expect(await runCli(["--api", `http://127.0.0.1:${port}`, ...argv], io)).toBe(3);
    expect(io.stderr).toContain(
      `  http://127.0.0.1:${port} is from --api: name the running devnet with --devnet URL (read before --api and $ATTESTKIT_API).`,
    );
    expect(io.stderr.at(-1)).toMatch(
      new RegExp(
        `^ {2}Nothing listens at (http://)?127\\.0\\.0\\.1:${port}: start one with \`attestkit devnet --port ${port}\`\\.$`,
      ),
    );
  });

  test("any command: a service on a loopback address that refuses says to start a devnet", async () => {
    const port = await closedPort();
    const io = captureIo();
    const requestId = `0x${"ab".repeat(32)}`;
    expect(
      await runCli(["--api", `http://127.0.0.1:${port}`, "--timeout", "5000", "status", requestId], io),
    ).toBe(3);
    expect(io.stderr.at(-1)).toBe(
      `  Nothing listens at http://127.0.0.1:${port}: start one with \`attestkit devnet --port ${port}\`.`,
    );
  });
});
