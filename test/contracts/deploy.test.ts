// Deploys from a parameters file to a real `hardhat node` on 127.0.0.1, pays through the deployed
// receiver, then updates its solvers and whitelist with the update script.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  getContract,
  type Hex,
  http,
  padHex,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect, test } from "vitest";
import { hashAttestation } from "../../packages/attestkit/src/attestation/hashAttestation.js";
import { toAttestationStruct } from "../../packages/attestkit/src/attestation/toAttestationStruct.js";
import {
  attestationVerifierAbi,
  attestedDepositReceiverAbi,
} from "../../packages/attestkit/src/contracts/index.js";
import { parseDeployParameters } from "../../scripts/deploy/parseDeployParameters.js";
import { solver } from "../support/contracts.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const bin = join(root, "node_modules", ".bin");
const env = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ""}`, HARDHAT_DISABLE_TELEMETRY: "true" };
const run = promisify(execFile);
// Hardhat's well-known first account: funded on every `hardhat node`.
const payerKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;

let node: ChildProcess | undefined;
let url = "";
let dir = "";
let deploymentId = "";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Waits for the node's own word that it listens (its "Started HTTP ... server" line); rejects if it exits first. */
async function waitForNode(): Promise<void> {
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (/Started HTTP/.test(output)) resolve();
    };
    node?.stdout?.on("data", onData);
    node?.stderr?.on("data", onData);
    node?.once("exit", () => reject(new Error(`hardhat node exited: ${output}`)));
  });
}

/** Runs a script against the node; its exit code and output, whatever they are. */
async function runScript(
  script: string,
  extraEnv: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      join(bin, "hardhat"),
      ["run", "--no-compile", "--network", "localhost", script],
      {
        cwd: root,
        env: { ...env, ATTESTKIT_RPC_URL: url, ...extraEnv },
        timeout: 60_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

/** Stops the node and starts a fresh one on the same port: an empty chain with the same id. */
async function restartNode(): Promise<void> {
  const old = node;
  if (old?.exitCode === null) {
    const exited = new Promise((resolve) => old.once("exit", resolve));
    old.kill();
    await exited;
  }
  startNode();
  await waitForNode();
}

function startNode(): void {
  node = spawn(join(bin, "hardhat"), ["node", "--hostname", "127.0.0.1", "--port", new URL(url).port], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Runs a script with `hardhat run --network localhost` against the node; returns its last line as JSON. */
async function hardhatRun(script: string, extraEnv: Record<string, string>): Promise<unknown> {
  const { stdout } = await run(
    join(bin, "hardhat"),
    ["run", "--no-compile", "--network", "localhost", script],
    {
      cwd: root,
      env: { ...env, ATTESTKIT_RPC_URL: url, ...extraEnv },
      timeout: 60_000,
    },
  );
  const lines = stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1] ?? "null");
}

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  dir = mkdtempSync(join(tmpdir(), "attestkit-deploy-"));
  deploymentId = `attestkit-test-${port}`;
  startNode();
  await waitForNode();
});

afterAll(() => {
  if (node?.pid !== undefined && node.exitCode === null) node.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (deploymentId) {
    const deployments = join(root, "ignition", "deployments");
    rmSync(join(deployments, deploymentId), { recursive: true, force: true });
    // Leave no empty folder behind either.
    if (existsSync(deployments) && readdirSync(deployments).length === 0)
      rmSync(deployments, { recursive: true });
  }
});

test("deploys from the parameters file, pays, and updates", async () => {
  const paramsFile = join(root, "packages", "attestkit", "deploy", "parameters.example.json");
  const parameters = parseDeployParameters(JSON.parse(readFileSync(paramsFile, "utf8")));
  const out = join(dir, "addresses.json");
  const printed = (await hardhatRun("scripts/deploy/deploy.ts", {
    ATTESTKIT_DEPLOY_PARAMS: paramsFile,
    ATTESTKIT_DEPLOY_OUT: out,
    ATTESTKIT_DEPLOYMENT_ID: deploymentId,
  })) as {
    chainId: number;
    deployer: Hex;
    depository: Hex;
    verifier: Hex;
    receiver: Hex;
    deployments: unknown[];
  };
  expect(JSON.parse(readFileSync(out, "utf8"))).toEqual(printed);
  expect(printed.chainId).toBe(31337);
  // The shape `attestkit deploy` prints.
  expect(Object.keys(printed)).toEqual([
    "chainId",
    "deployer",
    "depository",
    "verifier",
    "receiver",
    "deployments",
  ]);
  expect(printed.deployer).toBe(privateKeyToAccount(payerKey).address);
  expect(printed.deployments).toEqual(
    (["DevnetDepository", "AttestationVerifier", "AttestedDepositReceiver"] as const).map((contract) => ({
      contract,
      address: {
        DevnetDepository: printed.depository,
        AttestationVerifier: printed.verifier,
        AttestedDepositReceiver: printed.receiver,
      }[contract],
      hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      gasUsed: expect.stringMatching(/^[1-9][0-9]+$/),
    })),
  );

  const publicClient = createPublicClient({ transport: http(url) });
  const receiver = getContract({
    abi: attestedDepositReceiverAbi,
    address: printed.receiver,
    client: publicClient,
  });
  expect(await receiver.read.owner()).toBe(parameters.owner);
  expect(await receiver.read.DEPOSITORY()).toBe(printed.depository);
  expect(await publicClient.getCode({ address: printed.depository })).toMatch(/^0x[0-9a-f]{100,}$/);
  expect(await receiver.read.primarySolver()).toBe(parameters.solvers[0]);
  for (const address of parameters.solvers) expect(await receiver.read.isSolver([address])).toBe(true);
  expect(await receiver.read.allowAnyRecipient()).toBe(false);
  for (const { chainId, user } of parameters.whitelist) {
    expect(await receiver.read.isRecipientWhitelisted([chainId, user])).toBe(true);
  }
  const verifier = getContract({
    abi: attestationVerifierAbi,
    address: printed.verifier,
    client: publicClient,
  });

  // A payment through the deployed receiver, signed by the primary solver's key.
  expect(solver.address).toBe(parameters.solvers[0]);
  const requestId = padHex("0xdeb10e", { size: 32 });
  const requestData = {
    originChainId: 31337,
    originUser: printed.receiver,
    originCurrency: zeroAddress,
    originAmount: "1000",
    destinationChainId: 8453,
    destinationUser: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
  };
  const hash = hashAttestation({ requestId, requestData });
  const signature = await solver.signMessage({ message: { raw: hash } });
  const attestation = toAttestationStruct({ requestId, requestData });
  expect(await verifier.read.recoverSigner([attestation, signature])).toBe(solver.address);
  const wallet = createWalletClient({
    account: privateKeyToAccount(payerKey),
    transport: http(url),
    pollingInterval: 50,
  });
  const block = await publicClient.getBlock();
  const tx = await wallet.writeContract({
    abi: attestedDepositReceiverAbi,
    address: printed.receiver,
    functionName: "payNative",
    args: [attestation, signature, block.timestamp + 3600n],
    value: 1000n,
    chain: null,
  });
  expect((await publicClient.waitForTransactionReceipt({ hash: tx })).status).toBe("success");
  expect(await publicClient.getBalance({ address: printed.depository })).toBe(1000n);
  expect(await receiver.read.payerOf([requestId])).toBe(wallet.account.address);

  // Rotation and whitelist changes without redeploying.
  const updateFile = join(dir, "update.json");
  const next = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
  writeFileSync(
    updateFile,
    JSON.stringify({
      receiver: printed.receiver,
      primarySolver: next,
      removeSolvers: [next],
      addWhitelist: [{ chainId: 10, user: "0x90F79bf6EB2c4f870365E785982E1f101E93b906" }],
      removeWhitelist: [{ chainId: 8453, user: "0x90F79bf6EB2c4f870365E785982E1f101E93b906" }],
      paused: true,
    }),
  );
  const actions = (await hardhatRun("scripts/deploy/update.ts", { ATTESTKIT_UPDATE_PARAMS: updateFile })) as {
    action: string;
  }[];
  expect(actions.map((a) => a.action)).toEqual([
    "setPrimarySolver",
    "removeSolvers",
    "addWhitelist",
    "removeWhitelist",
    "setPaused",
  ]);
  expect(await receiver.read.primarySolver()).toBe(getAddress(next));
  expect(await receiver.read.isSolver([solver.address])).toBe(false);
  expect(await receiver.read.paused()).toBe(true);
  const word = padHex("0x90f79bf6eb2c4f870365e785982e1f101e93b906", { size: 32 });
  expect(await receiver.read.isRecipientWhitelisted([10n, word])).toBe(true);
  expect(await receiver.read.isRecipientWhitelisted([8453n, word])).toBe(false);
});

test("a restarted node: deploy notices the stale journal and deploys again; update refuses the old address", async () => {
  const paramsFile = join(root, "packages", "attestkit", "deploy", "parameters.example.json");
  const deployEnv = {
    ATTESTKIT_DEPLOY_PARAMS: paramsFile,
    ATTESTKIT_DEPLOY_OUT: join(dir, "again.json"),
    ATTESTKIT_DEPLOYMENT_ID: deploymentId,
  };
  const before = (await hardhatRun("scripts/deploy/deploy.ts", deployEnv)) as { receiver: Hex };
  await restartNode();
  const publicClient = createPublicClient({ transport: http(url) });
  expect(await publicClient.getCode({ address: before.receiver })).toBeUndefined();

  // The update script refuses a receiver without code, before sending anything.
  const updateFile = join(dir, "update-stale.json");
  writeFileSync(updateFile, JSON.stringify({ receiver: before.receiver, paused: true }));
  const refused = await runScript("scripts/deploy/update.ts", { ATTESTKIT_UPDATE_PARAMS: updateFile });
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain(`error: The receiver ${before.receiver} has no code on chain 31337.`);
  expect(await publicClient.getTransactionCount({ address: privateKeyToAccount(payerKey).address })).toBe(0);

  const after = await runScript("scripts/deploy/deploy.ts", deployEnv);
  expect(after.code).toBe(0);
  expect(after.stderr).toContain(
    `notice: the deployment ${deploymentId} recorded contracts that chain 31337 no longer holds`,
  );
  const printed = JSON.parse(after.stdout.trim().split("\n").at(-1) as string) as {
    receiver: Hex;
    verifier: Hex;
  };
  for (const address of [printed.receiver, printed.verifier])
    expect(await publicClient.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}$/);
});
