import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createPublicClient, createWalletClient, encodeFunctionData, type Hex, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, onTestFinished, test, vi } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { nativeCurrencyAddress } from "../../../../devnet/src/constants.js";
import { createDevnet, type Devnet } from "../../../../devnet/src/createDevnet.js";
import { executeSteps } from "../../client/actions/executeSteps.js";
import { createClient } from "../../client/createClient.js";
import { devnetDepositoryAbi } from "../../contracts/abis.js";
import { runCli } from "../createProgram.js";

let devnet: Devnet;
beforeAll(async () => {
  devnet = await createDevnet({ port: 0, indexIntervalMs: 20, log: () => {} });
});
afterAll(async () => {
  await devnet?.stop();
});

const origin = () => devnet.info.chains[0] as Devnet["info"]["chains"][number];
const destination = () => devnet.info.chains[1] as Devnet["info"]["chains"][number];
const wallet = (index: number) =>
  createWalletClient({
    account: privateKeyToAccount((devnet.info.testAccounts[index] as { privateKey: Hex }).privateKey),
    transport: http(origin().rpcUrl),
  });
const client = () =>
  createClient({
    network: { baseUrl: devnet.url },
    solvers: [devnet.info.solver.address],
    trustRoot: devnet.trustRoot,
  });

/** A fresh native quote of `index`'s account: its request waits for a deposit. */
async function quote(index: number) {
  const result = await client().getQuote({
    user: wallet(index).account.address,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: parseEther("0.1").toString(),
    tradeType: "EXACT_INPUT",
  });
  return { quote: result, requestId: result.requestId as Hex };
}

async function status(...args: string[]) {
  return start(...args).done;
}

/**
 * Starts `status` without waiting for it: `done` settles with its exit, `printed` once it has written
 * its first line of output (with --watch, the first poll's status) or has ended without one.
 */
function start(...args: string[]) {
  const io = captureIo();
  const firstLine = new Promise<void>((resolve) => {
    const out = io.out;
    io.out = (line) => {
      out(line);
      resolve();
    };
  });
  const done = runCli(["--api", devnet.url, "status", ...args], io).then((code) => ({
    code,
    io,
    lines: io.stdout,
  }));
  return { done, printed: Promise.race([firstLine, done.then(() => {})]) };
}

const order = ["waiting", "pending", "submitted", "success"];

test("default: a waiting request prints its status, exit 0", async () => {
  const { requestId } = await quote(1);
  const { code, io } = await status(requestId);
  expect(code).toBe(0);
  const text = io.stdout.join("\n");
  expect(text).toContain(`requestId           ${requestId}`);
  expect(text).toContain("status              waiting");
  expect(text).toContain(`originChainId       ${origin().chainId}`);
  expect(text).toContain(`destinationChainId  ${destination().chainId}`);
  expect(text).toContain("inTxHashes          (none)");
  expect(text).toContain("failReason          N/A");
  expect(io.stderr).toEqual([]);
});

test("--json prints the status object", async () => {
  const { requestId } = await quote(1);
  const { code, io } = await status(requestId, "--json");
  expect(code).toBe(0);
  expect(io.stdout).toHaveLength(1);
  expect(io.json()).toMatchObject({
    status: "waiting",
    inTxHashes: [],
    txHashes: [],
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    failReason: "N/A",
  });
});

test("--watch --json: one JSON line per change until success, exit 0", async () => {
  const { quote: q, requestId } = await quote(2);
  const watching = start(requestId, "--watch", "--interval", "20", "--json");
  // The first poll sees `waiting` before anything is paid: paid once its line is printed.
  await watching.printed;
  await executeSteps(client(), { quote: q, wallet: wallet(2), checkIntervalMs: 20 });
  const { code, io, lines } = await watching.done;
  expect(code).toBe(0);
  expect(io.stderr).toEqual([]);
  const statuses = lines.map((line) => (JSON.parse(line) as { status: string }).status);
  expect(statuses[0]).toBe("waiting");
  expect(statuses.at(-1)).toBe("success");
  // Every line is a change, in the order of the state machine.
  expect(new Set(statuses).size).toBe(statuses.length);
  expect(statuses.map((s) => order.indexOf(s))).toEqual(
    [...statuses.map((s) => order.indexOf(s))].sort((a, b) => a - b),
  );
  const last = JSON.parse(lines.at(-1) as string);
  expect(last.inTxHashes).toHaveLength(1);
  expect(last.txHashes).toHaveLength(1);
});

test("--watch on a refunded request: live lines, the final status in full, exit 1", async () => {
  const { requestId } = await quote(3);
  const watching = start(requestId, "--watch", "--interval", "20");
  // Paid once the first poll's `waiting` line is printed.
  await watching.printed;
  // One wei short of the quote: the devnet refunds it.
  const account = wallet(3);
  const hash = await account.sendTransaction({
    chain: null,
    to: origin().contracts.depository,
    data: encodeFunctionData({
      abi: devnetDepositoryAbi,
      functionName: "depositNative",
      args: [account.account.address, requestId],
    }),
    value: parseEther("0.1") - 1n,
  });
  await createPublicClient({ transport: http(origin().rpcUrl) }).waitForTransactionReceipt({
    hash,
    pollingInterval: 20,
  });
  const { code, io } = await watching.done;
  expect(code).toBe(1);
  const live = io.stdout.slice(0, io.stdout.indexOf(""));
  expect(live[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} {2}waiting {5}in - {2}out -$/);
  expect(live.at(-1)).toMatch(
    new RegExp(
      `  refund      in ${hash}  out 0x[0-9a-f]{64}  reason DEPOSITED_AMOUNT_TOO_LOW_TO_FILL: The deposit was smaller than the quote asked for, so it could not be filled\\.$`,
    ),
  );
  const text = io.stdout.join("\n");
  expect(text).toContain("status              refund");
  expect(text).toContain(`inTxHashes          ${hash}`);
  expect(text).toContain("failReason          DEPOSITED_AMOUNT_TOO_LOW_TO_FILL");
});

test("--watch gives up after --timeout: exit 3, the last status named", async () => {
  const { requestId } = await quote(1);
  // The watch's timers on a fake clock, moved past --timeout only once the first poll's status is
  // printed: the deadline passes after that status however slow the machine is.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  onTestFinished(() => void vi.useRealTimers());
  const watching = start(requestId, "--watch", "--interval", "20", "--timeout", "150", "--json");
  await watching.printed;
  await vi.advanceTimersByTimeAsync(150);
  const { code, io } = await watching.done;
  expect(code).toBe(3);
  expect(JSON.parse(io.stdout[0] as string)).toMatchObject({ status: "waiting" });
  expect(JSON.parse(io.stdout.at(-1) as string)).toEqual({
    error: {
      name: "CliError",
      message: `Request ${requestId} did not reach a final status within 150 ms (--timeout).`,
    },
  });
  expect(io.stderr).toContain("  Last status: waiting");
  // An EVM request: the hint names the flag, not the library's option, and says nothing of Bitcoin.
  const said = io.stderr.join("\n");
  expect(said).toContain("Follow it longer with --timeout (now 150 ms)");
  expect(said).not.toMatch(/bitcoin|timeoutMs/i);
});

test("--watch on a Bitcoin deposit that times out: the hint is about block confirmations", async () => {
  const requestId = `0x${"cd".repeat(32)}`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ status: "waiting", originChainId: 8253038, destinationChainId: 1 }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const io = captureIo();
    // As above: the deadline passes on a fake clock once the first poll's status is printed.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    onTestFinished(() => void vi.useRealTimers());
    const out = io.out;
    const printed = new Promise<void>((resolve) => {
      io.out = (line) => {
        out(line);
        resolve();
      };
    });
    const running = runCli(
      [
        "--api",
        `http://127.0.0.1:${port}`,
        "status",
        requestId,
        "--watch",
        "--interval",
        "20",
        "--timeout",
        "120",
      ],
      io,
    );
    await Promise.race([printed, running]);
    await vi.advanceTimersByTimeAsync(120);
    const code = await running;
    expect(code).toBe(3);
    const said = io.stderr.join("\n");
    expect(said).toContain("A Bitcoin deposit waits for block confirmations");
    expect(said).toContain("--timeout");
    expect(said).not.toContain("timeoutMs");
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test("an unknown request is exit 3 with the service's code; with --watch it waits, then times out", async () => {
  const unknown = `0x${"ab".repeat(32)}`;
  const once = await status(unknown);
  expect(once.code).toBe(3);
  expect(once.io.stderr[0]).toBe(
    `error: The service answered HTTP 404 REQUEST_NOT_FOUND: Request ${unknown} not found.`,
  );
  const watched = await status(unknown, "--watch", "--interval", "20", "--timeout", "100");
  expect(watched.code).toBe(3);
  expect(watched.io.stdout).toEqual([]);
  expect(watched.io.stderr).toContain("  Last status: none received");
});

describe("bad input: exit 2 before anything is sent", () => {
  // Port 9 refuses connections: reaching the network would be exit 3.
  const offline = (...args: string[]) => {
    const io = captureIo();
    return runCli(["--api", "http://127.0.0.1:9", "status", ...args], io).then((code) => ({ code, io }));
  };
  const id = `0x${"11".repeat(32)}`;

  test.each([
    [["0x1234"], 'error: REQUEST_ID "0x1234" must be 0x and 64 hex digits.'],
    [
      [id, "--watch", "--interval", "abc"],
      'error: --interval must be a whole number of milliseconds >= 1, got "abc".',
    ],
    [
      [id, "--watch", "--interval", "0"],
      'error: --interval must be a whole number of milliseconds >= 1, got "0".',
    ],
    [
      [id, "--watch", "--timeout", "-5"],
      'error: --timeout must be a whole number of milliseconds >= 1, got "-5".',
    ],
  ])("%j", async (args, message) => {
    const { code, io } = await offline(...args);
    expect(code).toBe(2);
    expect(io.stderr[0]).toBe(message);
  });

  test("--json names the argument, as the help does", async () => {
    const { code, io } = await offline("0x1234", "--json");
    expect(code).toBe(2);
    expect(io.json()).toMatchObject({ error: { field: "REQUEST_ID" } });
  });

  test("no REQUEST_ID, an unknown option, a bad --api", async () => {
    expect((await offline()).code).toBe(2);
    expect((await offline(id, "--nope")).code).toBe(2);
    const io = captureIo();
    expect(await runCli(["--api", "ftp://x", "status", id], io)).toBe(2);
  });
});

test("an unreachable service is exit 3", async () => {
  const io = captureIo();
  expect(await runCli(["--api", "http://127.0.0.1:9", "status", `0x${"11".repeat(32)}`], io)).toBe(3);
  expect(io.stderr[0]).toBe("error: The request failed before a response arrived.");
});

test("--help exits 0 and documents the exit codes", async () => {
  const io = captureIo();
  expect(await runCli(["status", "--help"], io)).toBe(0);
  const text = io.stdout.join("\n");
  for (const needle of ["--watch", "--interval <ms>", "--timeout <ms>", "--json", "Exit codes: 0"])
    expect(text).toContain(needle);
});
