import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { makeTempDir } from "../../../../../test/support/tempDir.js";
import { runCli } from "../createProgram.js";

const livePath = fileURLToPath(new URL("../../../../../test/vectors/live-attestation.json", import.meta.url));
const live = JSON.parse(readFileSync(livePath, "utf8"));
const dir = makeTempDir("cli");
let n = 0;
function write(content: unknown): string {
  const path = join(dir, `a${n++}.json`);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

async function verify(...args: string[]) {
  const io = captureIo();
  const code = await runCli(["verify", ...args], io);
  return { code, io };
}

test("default: a genuine attestation is valid, exit 0, JSON names the solver", async () => {
  const { code, io } = await verify("--file", livePath, "--json");
  expect(code).toBe(0);
  expect(io.json()).toEqual({
    requestId: live.requestId,
    valid: true,
    signer: "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF",
    expectedSigners: ["0xf70da97812cb96acdf810712aa562db8dfa3dbef"],
    solverSource: "default",
    encoded: expect.stringMatching(/^0x[0-9a-f]{448}$/),
    hash: "0x90b6e106cb46dfb411fa528da7f5177ecaf4761f6b7242f00418cc7d4285943c",
    digest: "0xfa2f5b2353460a1e5d1e7bed44f14c35d9e7ced663d9ac104f758919011384cd",
    signature: live.signature,
    r: "0x4c320680bbb7f4d46892cd93eddf04884d997c8a3dbd8af20ca502e6bf5323a0",
    s: "0x7bb467f97e290dfd53350683ea494e4fcb02a445ac129d1741a81c12eed066a1",
    v: 27,
    yParity: 0,
  });
});

test("the signature and its r, s, v and yParity are printed, as given", async () => {
  const { code, io } = await verify("--file", livePath);
  expect(code).toBe(0);
  const at = io.stdout.findIndex((line) => line.startsWith("signature "));
  expect(io.stdout.slice(at, at + 4)).toEqual([
    `signature    ${live.signature}`,
    "  r          0x4c320680bbb7f4d46892cd93eddf04884d997c8a3dbd8af20ca502e6bf5323a0",
    "  s          0x7bb467f97e290dfd53350683ea494e4fcb02a445ac129d1741a81c12eed066a1",
    "  v          27   yParity 0",
  ]);
  // A v of 0 reads as 27; a v of 29 is shown as it is, with no y parity, and the verdict says why.
  const zero = await verify(
    "--file",
    write({ ...live, signature: `${live.signature.slice(0, -2)}00` }),
    "--json",
  );
  expect(zero.io.json()).toMatchObject({ valid: true, v: 0, yParity: 0 });
  const bad = await verify(
    "--file",
    write({ ...live, signature: `${live.signature.slice(0, -2)}1d` }),
    "--json",
  );
  expect(bad.code).toBe(1);
  expect(bad.io.json()).toMatchObject({ valid: false, reason: "invalid-v", v: 29, yParity: null });
  const text = await verify("--file", write({ ...live, signature: `${live.signature.slice(0, -2)}1d` }));
  expect(text.io.stdout).toContain("  v          29   yParity none (v is not 27, 28, 0 or 1)");
});

test("human output shows each word, the encoding, hash, digest, signer and verdict", async () => {
  const { code, io } = await verify("--file", livePath);
  expect(code).toBe(0);
  const text = io.stdout.join("\n");
  for (const needle of [
    "-> 0x00000000000000000000000000000000000000000000000009b6e64a8ec60000",
    "encoded      0x910113af",
    "hash         0x90b6e106",
    "digest       0xfa2f5b23",
    "signer       0xf70da97812CB96acDF810712Aa562db8dfA3dbEF",
    "verdict      VALID",
  ])
    expect(text).toContain(needle);
});

describe("any one field changed: exit 1", () => {
  test.each([
    ["originChainId", 10],
    ["originUser", "0x1111111111111111111111111111111111111111"],
    ["originCurrency", "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"],
    ["originAmount", "700000000000000001"],
    ["destinationChainId", 1],
    ["destinationUser", "0x2222222222222222222222222222222222222222"],
  ])("%s", async (field, value) => {
    const file = write({ ...live, requestData: { ...live.requestData, [field]: value } });
    const { code, io } = await verify("--file", file, "--json");
    expect(code).toBe(1);
    expect(io.json()).toMatchObject({ valid: false, reason: "signer-not-allowed" });
  });

  test("requestId", async () => {
    const { code } = await verify(
      "--file",
      write({ ...live, requestId: `${live.requestId.slice(0, -1)}0` }),
      "--json",
    );
    expect(code).toBe(1);
  });

  test("a signature byte", async () => {
    const signature = `${live.signature.slice(0, 10)}${live.signature[10] === "0" ? "1" : "0"}${live.signature.slice(11)}`;
    const { code } = await verify("--file", write({ ...live, signature }), "--json");
    expect(code).toBe(1);
  });
});

describe("bad input: exit 2 with the field named", () => {
  test.each([
    ["64 bytes", { signature: live.signature.slice(0, -2) }, "signature", "InvalidSignatureLengthError"],
    ["66 bytes", { signature: `${live.signature}00` }, "signature", "InvalidSignatureLengthError"],
    [
      "amount 1.5",
      { requestData: { ...live.requestData, originAmount: "1.5" } },
      "originAmount",
      "InvalidAmountError",
    ],
    ["bad request id", { requestId: "0x12" }, "requestId", "InvalidRequestIdError"],
  ])("%s", async (_, patch, field, name) => {
    const { code, io } = await verify("--file", write({ ...live, ...patch }), "--json");
    expect(code).toBe(2);
    expect(io.json()).toMatchObject({ valid: false, error: { name, field } });
    // The field is named once, in the message's own words.
    expect(io.stderr[0]).toContain(`"${field}"`);
    expect(io.stderr[0]).not.toContain("(field:");
  });

  test("amount 1.5, human output names the field", async () => {
    const { code, io } = await verify(
      "--file",
      write({ ...live, requestData: { ...live.requestData, originAmount: "1.5" } }),
    );
    expect(code).toBe(2);
    expect(io.stderr.join("\n")).toMatch(/originAmount/);
  });

  test.each([
    ["missing file", [join(dir, "nope.json")]],
    ["not JSON", [write("{oops")]],
    ["no requestData", [write({ signature: live.signature, requestId: live.requestId })]],
    ["no request id", [write({ requestData: live.requestData, signature: live.signature })]],
  ])("%s", async (_, [file]) => {
    const { code } = await verify("--file", file as string);
    expect(code).toBe(2);
  });

  test("a history of attestations (JSON Lines, or a JSON array) points to audit", async () => {
    const line = JSON.stringify(live);
    for (const file of [write(`${line}\n${line}\n`), write([live, live])]) {
      const { code, io } = await verify("--file", file);
      expect(code).toBe(2);
      expect(io.stderr).toEqual([
        `error: ${file} is a history of attestations, not one attestation.`,
        `  Verify every record of it with: attestkit audit ${file}   (with --v2 for /signature/v2 records)`,
      ]);
    }
  });

  test("a quote (or its protocol.v2 order) points to verify --quote", async () => {
    const quotePath = fileURLToPath(new URL("../../../../../test/vectors/live-quote.json", import.meta.url));
    const quote = JSON.parse(readFileSync(quotePath, "utf8"));
    for (const file of [quotePath, write(quote.protocol.v2)]) {
      const { code, io } = await verify("--file", file);
      expect(code).toBe(2);
      expect(io.stderr).toEqual([
        `error: ${file} is a quote (a POST /quote/v2 answer), not an attestation.`,
        `  Verify the order it carries with: attestkit verify --quote ${file}`,
      ]);
    }
  });

  test("a malformed REQUEST_ID or --request-id is named once, as typed", async () => {
    const positional = await verify("0x1234");
    expect(positional.code).toBe(2);
    expect(positional.io.stderr).toEqual(['error: REQUEST_ID "0x1234" must be 0x and 64 hex digits.']);
    const flag = await verify("--request-id", "0x1234", "--json");
    expect(flag.io.stderr).toEqual(['error: --request-id "0x1234" must be 0x and 64 hex digits.']);
    expect(flag.io.json()).toMatchObject({ error: { name: "CliError", field: "--request-id" } });
  });

  test("unknown option and nothing to verify", async () => {
    expect((await verify("--nope")).code).toBe(2);
    expect((await verify()).code).toBe(2);
  });

  test("bad --solver address", async () => {
    const { code, io } = await verify("--file", livePath, "--solver", "0x1234", "--json");
    expect(code).toBe(2);
    expect(io.json()).toMatchObject({ error: { field: "solvers[0]" } });
  });
});

test("--solver replaces the solver set; --request-id overrides the file", async () => {
  expect(
    (await verify("--file", livePath, "--solver", "0x0000000000000000000000000000000000000001")).code,
  ).toBe(1);
  expect(
    (
      await verify(
        "--file",
        livePath,
        "--solver",
        "0x0000000000000000000000000000000000000001",
        "--solver",
        "0xf70da97812cb96acdf810712aa562db8dfa3dbef",
      )
    ).code,
  ).toBe(0);
  const { code } = await verify("--file", livePath, "--request-id", `0x${"11".repeat(32)}`);
  expect(code).toBe(1);
});

describe("fetching from the service", () => {
  let server: Server;
  let api: string;
  const seen: { url: string; key: string | undefined }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? "", key: req.headers["x-api-key"] as string | undefined });
      const url = req.url ?? "";
      if (url === `/requests/${live.requestId}/signature`) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            requestData: { ...live.requestData, originTransferDestination: null },
            signature: live.signature,
          }),
        );
      } else if (url.endsWith("/signature/v2")) {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ message: "Request not found", code: "REQUEST_NOT_FOUND" }));
      } else {
        res.writeHead(500);
        res.end("<html>oops</html>");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("REQUEST_ID is fetched and verified; the key travels in x-api-key", async () => {
    const io = captureIo();
    const code = await runCli(
      ["--api", api, "--api-key", "secret-key", "verify", live.requestId, "--json"],
      io,
    );
    expect(code).toBe(0);
    expect(io.json()).toMatchObject({ valid: true });
    expect(seen.at(-1)).toEqual({ url: `/requests/${live.requestId}/signature`, key: "secret-key" });
  });

  test("an API error is exit 3 with the service's code", async () => {
    const io = captureIo();
    const code = await runCli(["--api", api, "verify", live.requestId, "--v2"], io);
    expect(code).toBe(3);
    expect(io.stderr.join("\n")).toContain("400 REQUEST_NOT_FOUND: Request not found");
  });

  test("a body that is not JSON is exit 3", async () => {
    const io = captureIo();
    expect(await runCli(["--api", `${api}/broken`, "verify", live.requestId], io)).toBe(3);
  });

  test("a refused connection is exit 3", async () => {
    const io = captureIo();
    expect(await runCli(["--api", "http://127.0.0.1:9", "verify", live.requestId], io)).toBe(3);
  });

  test("--solver before REQUEST_ID takes one address, never the id; repeated, it adds one", async () => {
    const other = "0x0000000000000000000000000000000000000001";
    const liveSolver = "0xf70da97812cb96acdf810712aa562db8dfa3dbef";
    for (const [argv, expected, code] of [
      [["--solver", liveSolver, live.requestId], [liveSolver], 0],
      [["--solver", other, live.requestId], [other], 1],
      [["--solver", other, "--solver", liveSolver, live.requestId], [other, liveSolver], 0],
    ] as const) {
      const io = captureIo();
      expect(await runCli(["--api", api, "verify", ...argv, "--json"], io)).toBe(code);
      expect(io.json()).toMatchObject({
        requestId: live.requestId,
        expectedSigners: expected,
        solverSource: "flag",
      });
      expect(seen.at(-1)?.url).toBe(`/requests/${live.requestId}/signature`);
    }
  });

  test("a network error shows its cause and the URL, never the key", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const io = captureIo();
    const code = await runCli(
      ["--api", `http://127.0.0.1:${port}`, "--api-key", "net-secret-7", "verify", live.requestId],
      io,
    );
    expect(code).toBe(3);
    const said = io.stderr.join("\n");
    expect(said).toContain(`Request: GET http://127.0.0.1:${port}/requests/${live.requestId}/signature`);
    expect(said).toMatch(/Cause: fetch failed: .*ECONNREFUSED/);
    expect(said).not.toContain("net-secret-7");
  });

  test("--timeout bounds the whole command: a service that never answers is exit 3, naming the flag", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const io = captureIo();
      const started = Date.now();
      const code = await runCli(["--api", url, "--timeout", "300", "verify", live.requestId], io);
      expect(code).toBe(3);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(io.stderr[0]).toBe(`error: No answer from ${url} within 300 ms (--timeout).`);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  test("signed by another key than the live solver: the hint names the exact --solver to pass", async () => {
    const file = write({ ...live, requestData: { ...live.requestData, originChainId: 10 } });
    const io = captureIo();
    expect(await runCli(["verify", "--file", file], io)).toBe(1);
    const signer = io.stdout.find((line) => line.startsWith("signer"))?.split(/\s+/)[1] as string;
    expect(signer).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(io.stderr.join("\n")).toContain(`verify with: --solver ${signer}`);
    // With --solver given, the set is the caller's choice: no hint.
    const given = captureIo();
    await runCli(["verify", "--file", file, "--solver", "0x0000000000000000000000000000000000000001"], given);
    expect(given.stderr).toEqual([]);
  });

  test("a malformed REQUEST_ID is exit 2 and nothing is sent", async () => {
    const before = seen.length;
    expect(await runCli(["--api", api, "verify", "0x1234"], captureIo())).toBe(2);
    expect(seen.length).toBe(before);
  });
});

test("the attestkit binary runs and keeps the exit codes", () => {
  const bin = fileURLToPath(new URL("../../../bin/attestkit.js", import.meta.url));
  const ok = execFileSync(process.execPath, [bin, "verify", "--file", livePath, "--json"], {
    encoding: "utf8",
  });
  expect(JSON.parse(ok)).toMatchObject({ valid: true });
  const bad = spawnSync(
    process.execPath,
    [bin, "verify", "--file", write({ ...live, signature: `${live.signature}00` })],
    {
      encoding: "utf8",
    },
  );
  expect(bad.status).toBe(2);
  expect(bad.stderr).toContain("signature");
});

describe("layout rule", () => {
  test("a v1 attestation read as a v2 record (--v2) is refused, never valid", async () => {
    // The live v1 attestation's words in v2 order: destinationChainId = the amount, destinationUser
    // = the chain id 7777777 as an address, destinationCurrency = the v1 destinationUser.
    const d = live.requestData;
    const forged = write({
      requestId: live.requestId,
      signature: live.signature,
      requestData: {
        originChainId: d.originChainId,
        originUser: d.originUser,
        originCurrency: d.originCurrency,
        destinationChainId: d.originAmount,
        destinationUser: `0x${(7777777).toString(16).padStart(40, "0")}`,
        destinationCurrency: d.destinationUser,
      },
    });
    const { code, io } = await verify("--file", forged, "--v2", "--json");
    expect(code).not.toBe(0);
    expect(io.json()).toMatchObject({ valid: false, error: { name: "InvalidChainIdError" } });
    // With a chain-id-sized amount the account half of the rule refuses it instead.
    const small = write({
      requestId: live.requestId,
      signature: live.signature,
      requestData: {
        originChainId: d.originChainId,
        originUser: d.originUser,
        originCurrency: d.originCurrency,
        destinationChainId: 1000000,
        destinationUser: `0x${(7777777).toString(16).padStart(40, "0")}`,
        destinationCurrency: d.destinationUser,
      },
    });
    const second = await verify("--file", small, "--v2", "--json");
    expect(second.code).toBe(2);
    expect(second.io.json()).toMatchObject({
      valid: false,
      error: { name: "AccountWordOutOfRangeError", field: "destinationUser" },
    });
  });
});

test("--file - names the standard input, not '-', when it holds no attestation", async () => {
  const { spawnSync } = await import("node:child_process");
  const { cliBin, plainEnv } = await import("../../../../../test/support/spawnCli.js");
  const run = spawnSync(process.execPath, [cliBin, "verify", "--file", "-"], {
    input: '{"requestId": "0x12"}',
    env: plainEnv(),
    encoding: "utf8",
  });
  expect(run.status).toBe(2);
  expect(run.stderr.split("\n")[0]).toBe('error: The standard input has no "requestData" object.');
});
