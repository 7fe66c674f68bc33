import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Address, createPublicClient, type Hex, http, zeroAddress } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { makeTempDir } from "../../../../../test/support/tempDir.js";
import { createDevnet, type Devnet } from "../../../../devnet/src/createDevnet.js";
import { attestedDepositReceiverAbi } from "../../contracts/abis.js";
import { runCli } from "../createProgram.js";
import { runDeploy } from "./runDeploy.js";

const examplePath = fileURLToPath(new URL("../../../deploy/parameters.example.json", import.meta.url));
const example = JSON.parse(readFileSync(examplePath, "utf8"));
const dir = makeTempDir("deploy");
let n = 0;
function write(content: unknown): string {
  const path = join(dir, `p${n++}.json`);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

let devnet: Devnet;
beforeAll(async () => {
  devnet = await createDevnet({ port: 0, log: () => {} });
});
afterAll(async () => {
  await devnet?.stop();
});

const rpc = () => (devnet.info.chains[0] as { rpcUrl: string }).rpcUrl;
/** The first test account: the example's owner, funded on the devnet. */
const key = () => (devnet.info.testAccounts[0] as { privateKey: Hex }).privateKey;
const chain = () => createPublicClient({ transport: http(rpc()) });
const read = (
  address: Address,
  functionName: "owner" | "DEPOSITORY" | "primarySolver" | "allowAnyRecipient",
) => chain().readContract({ address, abi: attestedDepositReceiverAbi, functionName });

async function deploy(...args: string[]) {
  const io = captureIo();
  const code = await runCli(["deploy", ...args], io);
  // The deployer key is never printed, whatever happens.
  expect([...io.stdout, ...io.stderr].join("\n")).not.toContain(key().slice(2));
  return { code, io };
}

test("default: the example parameters deployed to a devnet chain, --json, exit 0", async () => {
  const { code, io } = await deploy(
    "--params",
    examplePath,
    "--rpc",
    rpc(),
    "--private-key",
    key(),
    "--json",
  );
  expect(code).toBe(0);
  const result = io.json() as {
    chainId: number;
    deployer: Address;
    depository: Address;
    verifier: Address;
    receiver: Address;
    deployments: { contract: string; address: Address; hash: Hex; gasUsed: string }[];
  };
  expect(result.chainId).toBe(31337);
  expect(result.deployer).toBe(example.owner);
  expect(result.deployments.map((d) => d.contract)).toEqual([
    "DevnetDepository",
    "AttestationVerifier",
    "AttestedDepositReceiver",
  ]);
  expect(result.deployments.map((d) => d.address)).toEqual([
    result.depository,
    result.verifier,
    result.receiver,
  ]);
  for (const { hash, gasUsed } of result.deployments) {
    const receipt = await chain().getTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(receipt.gasUsed.toString()).toBe(gasUsed);
  }
  // The receiver is configured from the file.
  expect(await read(result.receiver, "owner")).toBe(example.owner);
  expect(await read(result.receiver, "DEPOSITORY")).toBe(result.depository);
  expect(await read(result.receiver, "primarySolver")).toBe(example.solvers[0]);
  expect(await read(result.receiver, "allowAnyRecipient")).toBe(false);
  for (const solver of example.solvers)
    expect(
      await chain().readContract({
        address: result.receiver,
        abi: attestedDepositReceiverAbi,
        functionName: "isSolver",
        args: [solver],
      }),
    ).toBe(true);
  expect(
    await chain().readContract({
      address: result.receiver,
      abi: attestedDepositReceiverAbi,
      functionName: "isRecipientWhitelisted",
      args: [8453n, `0x000000000000000000000000${example.whitelist[0].user.slice(2).toLowerCase()}`],
    }),
  ).toBe(true);
  expect(await chain().getCode({ address: result.verifier })).toMatch(/^0x[0-9a-f]{100,}$/);
});

test("human output and --out; an existing depository is used as is; the key from the environment", async () => {
  const out = join(dir, "nested", "addresses.json");
  const params = write({ ...example, depository: devnet.info.chains[0]?.contracts.depository, solvers: [] });
  const io = captureIo();
  const code = await runDeploy({ params, rpc: rpc(), out }, io, {
    env: { ATTESTKIT_DEPLOYER_KEY: key() },
    pollingInterval: 20,
  });
  expect(code).toBe(0);
  const saved = JSON.parse(readFileSync(out, "utf8"));
  expect(saved.deployments.map((d: { contract: string }) => d.contract)).toEqual([
    "AttestationVerifier",
    "AttestedDepositReceiver",
  ]);
  expect(saved.depository).toBe(devnet.info.chains[0]?.contracts.depository);
  expect(await read(saved.receiver, "primarySolver")).toBe(zeroAddress);
  const text = io.stdout.join("\n");
  expect(io.stdout[0]).toBe(`deploying to chain 31337 at ${new URL(rpc()).host} from ${example.owner}`);
  expect(text).toMatch(
    new RegExp(`  AttestedDepositReceiver  ${saved.receiver}  tx 0x[0-9a-f]{64}  gas \\d+`),
  );
  expect(text).toContain(`receiver    ${saved.receiver}`);
  expect(text).toContain(`saved to ${out}`);
  expect(text).not.toContain(key().slice(2));
});

describe("bad input: exit 2, nothing sent", () => {
  // Port 9 refuses connections: anything sent would be exit 3.
  const offline = ["--rpc", "http://127.0.0.1:9"];
  test.each([
    ["a missing file", () => ["--params", join(dir, "nope.json")], "error: Cannot read"],
    ["not JSON", () => ["--params", write("{oops")], "is not JSON."],
    [
      "a bad solver",
      () => ["--params", write({ ...example, solvers: [example.solvers[0], "0x1234"] })],
      'error: Deploy parameters: "solvers[1]" is not an EVM address: "0x1234".',
    ],
    [
      "a bad whitelist user",
      () => ["--params", write({ ...example, whitelist: [{ chainId: 1, user: "nope" }] })],
      '"whitelist[0].user" cannot be encoded',
    ],
    [
      "no --rpc scheme",
      () => ["--params", examplePath, "--rpc", "ftp://x"],
      "error: --rpc must be an http(s) URL.",
    ],
  ])("%s", async (_, args, message) => {
    const { code, io } = await deploy(...offline, ...args(), "--private-key", key());
    expect(code).toBe(2);
    expect(io.stderr[0]).toContain(message);
  });

  test("no key, a malformed key, a key out of range: never echoed", async () => {
    const env = { ATTESTKIT_DEPLOYER_KEY: "" };
    const none = captureIo();
    expect(await runDeploy({ params: examplePath, rpc: "http://127.0.0.1:9" }, none, { env })).toBe(2);
    expect(none.stderr[0]).toBe("error: No deployer key: pass --private-key or set ATTESTKIT_DEPLOYER_KEY.");
    const short = `${key().slice(0, -2)}`;
    const malformed = await deploy(...offline, "--params", examplePath, "--private-key", short, "--json");
    expect(malformed.code).toBe(2);
    expect(malformed.io.json()).toEqual({
      error: { name: "CliError", message: "The deployer key must be 0x and 64 hex digits." },
    });
    expect(malformed.io.stderr.join("\n")).not.toContain(short.slice(2));
    const zero = await deploy(...offline, "--params", examplePath, "--private-key", `0x${"0".repeat(64)}`);
    expect(zero.code).toBe(2);
    expect(zero.io.stderr[0]).toBe("error: The deployer key is not a valid secp256k1 private key.");
  });

  test("no key on a local node (chain 31337): the error gives the test key to pass, marked test-only", async () => {
    const env = { ATTESTKIT_DEPLOYER_KEY: "" };
    const io = captureIo();
    expect(await runDeploy({ params: examplePath, rpc: rpc() }, io, { env })).toBe(2);
    expect(io.stderr).toEqual(
      [
        "error: No deployer key: pass --private-key or set ATTESTKIT_DEPLOYER_KEY.",
        "  This is a local development node (chain 31337). Its first test account is funded; pass its key:",
        "  --private-key 0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
        "  (the well-known Hardhat/anvil test key #0: TEST ONLY, public to everyone, never fund it on a real chain)",
      ].map((line, i) => (i === 2 ? `  ${line}` : line)),
    );
    // Elsewhere (here: nothing answers) the environment variable is what to set, no test key.
    const elsewhere = captureIo();
    expect(await runDeploy({ params: examplePath, rpc: "http://127.0.0.1:9" }, elsewhere, { env })).toBe(2);
    expect(elsewhere.stderr.join("\n")).toContain(
      "ATTESTKIT_DEPLOYER_KEY=0x<64 hex digits> attestkit deploy",
    );
    expect(elsewhere.stderr.join("\n")).not.toContain("0xac0974bec");
  });

  test("a depository without code is named before anything is deployed", async () => {
    const params = write({ ...example, depository: "0x000000000000000000000000000000000000dEaD" });
    const { code, io } = await deploy("--params", params, "--rpc", rpc(), "--private-key", key(), "--json");
    expect(code).toBe(2);
    expect(io.json()).toMatchObject({ error: { name: "DeployParametersError", field: "depository" } });
  });

  test("--params is required", async () => {
    expect((await deploy(...offline)).code).toBe(2);
  });
});

describe("the chain fails: exit 3", () => {
  test("an unreachable RPC", async () => {
    const { code, io } = await deploy(
      "--params",
      examplePath,
      "--rpc",
      "http://127.0.0.1:9",
      "--private-key",
      key(),
    );
    expect(code).toBe(3);
    expect(io.stderr[0]).toBe("error: HTTP request failed: fetch failed");
  });

  test("an RPC URL holding a provider key is not printed", async () => {
    const { code, io } = await deploy(
      "--params",
      examplePath,
      "--rpc",
      "http://127.0.0.1:9/v2/provider-secret-77",
      "--private-key",
      key(),
      "--json",
    );
    expect(code).toBe(3);
    expect([...io.stdout, ...io.stderr].join("\n")).not.toContain("provider-secret-77");
  });

  test("an unfunded deployer; its key is not printed either", async () => {
    const unfunded = generatePrivateKey();
    const io = captureIo();
    const code = await runCli(
      ["deploy", "--params", examplePath, "--rpc", rpc(), "--private-key", unfunded],
      io,
    );
    expect(code).toBe(3);
    expect(io.stderr[0]).toMatch(/^error: Missing or invalid parameters: Sender doesn't have enough funds/);
    expect([...io.stdout, ...io.stderr].join("\n")).not.toContain(unfunded.slice(2));
  });
});

test("--help exits 0 and shows no key", async () => {
  const previous = process.env.ATTESTKIT_DEPLOYER_KEY;
  process.env.ATTESTKIT_DEPLOYER_KEY = key();
  try {
    const { code, io } = await deploy("--help");
    expect(code).toBe(0);
    const text = io.stdout.join("\n");
    for (const needle of [
      "--params <file>",
      "--rpc <url>",
      "--private-key <key>",
      "--out <file>",
      "--json",
      "Exit codes: 0",
    ])
      expect(text).toContain(needle);
  } finally {
    if (previous === undefined) delete process.env.ATTESTKIT_DEPLOYER_KEY;
    else process.env.ATTESTKIT_DEPLOYER_KEY = previous;
  }
});
