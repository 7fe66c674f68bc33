// Packs both packages as they would be published, installs their tarballs into fresh projects and uses
// them from there: attestkit alone (every subpath, the Solidity sources and the CLI, on this Node.js
// and on Node.js 20), then attestkit with @attestkit/devnet (Node.js 22: the devnet starts, `attestkit
// devnet` runs it). The packages are built in a staging copy, so the checkout gets no dist/.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  projectEnv as env,
  runInProject as run,
  stagePackages,
  waitForStagedPackages,
} from "../support/stagePackages.js";
import { freePort, readQuickstarts, runQuickstart, waitForUrl } from "./readmeQuickstarts.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const livePath = `${root}test/vectors/live-attestation.json`;
const liveQuotePath = `${root}test/vectors/live-quote.json`;
const orderChainsPath = `${root}test/vectors/order-chains.json`;
const { version } = JSON.parse(readFileSync(`${root}packages/attestkit/package.json`, "utf8")) as {
  version: string;
};
const { devDependencies } = JSON.parse(readFileSync(`${root}package.json`, "utf8")) as {
  devDependencies: Record<string, string>;
};

/** The README's quickstarts, each run below as pasted (readmeQuickstarts.ts). */
const quickstarts = readQuickstarts(readFileSync(`${root}README.md`, "utf8"));

/** A block of the integrator guide that starts with `// <path>`, exactly as written there. */
function guideFile(path: string): string {
  const guide = readFileSync(`${root}docs/guides/integrator.md`, "utf8");
  const block = [...guide.matchAll(/^```ts\n([\s\S]*?)^```$/gm)]
    .map((match) => match[1] as string)
    .find((body) => body.startsWith(`// ${path}\n`));
  if (!block) throw new Error(`docs/guides/integrator.md has no ${path} block`);
  return block;
}

/** Runs an ES module script in the consumer project, as a file there (workers inherit no `-e` flags). */
function runScript(name: string, script: string, project = consumer): string {
  writeFileSync(join(project, name), script);
  return run(process.execPath, [name], project);
}

let work: string;
/** A project with attestkit alone; one with attestkit and @attestkit/devnet. */
let consumer: string;
let devnetConsumer: string;
let tarball: string;
let devnetTarball: string;
let entries: string[];
let devnetEntries: string[];

/** A fresh project that installs the given tarballs (and packages), as a user's `npm install` does. */
function freshProject(name: string, install: string[], extra: string[] = []): string {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(
    join(dir, "package.json"),
    `${JSON.stringify({ name, private: true, type: "module" }, null, 2)}\n`,
  );
  run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", ...extra, ...install], dir);
  return dir;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "attestkit-pack-"));
  ({ tarball, entries, devnetTarball, devnetEntries } =
    (await waitForStagedPackages()) ?? stagePackages(work));

  consumer = freshProject("consumer", [tarball]);
  // The devnet's peers: attestkit and viem from here; Hardhat is linked below, where a test needs it.
  devnetConsumer = freshProject(
    "devnet-consumer",
    [tarball, devnetTarball, `viem@${devDependencies.viem}`],
    ["--legacy-peer-deps"],
  );
  for (const dir of [consumer, devnetConsumer])
    console.log(
      `${dir.slice(work.length + 1)} node_modules: ${run("du", ["-sk", "node_modules"], dir).split("\t")[0]} kB`,
    );
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A glob of the README (`contracts/**\/*.sol`, `deploy/*.example.json`, `dist/`) as a test of a path. */
function globTest(glob: string): (path: string) => boolean {
  if (glob.endsWith("/")) return (path) => path.startsWith(glob);
  const part = (text: string) => text.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*");
  const pattern = glob.split("**/").map(part).join("(.*/)?");
  const regex = new RegExp(`^${pattern}$`);
  return (path) => regex.test(path);
}

test("the tarballs hold the build, the Solidity sources and the CLI, and nothing for development", () => {
  // Published with `npm publish`, each package is built by `prepack` as above.
  for (const folder of ["attestkit", "devnet"]) {
    const { scripts } = JSON.parse(readFileSync(join(root, "packages", folder, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.prepack).toBe("npm run build");
    expect(scripts.build).toContain("tsc -p tsconfig.build.json --noEmit && npm run build:emit");
    expect(scripts["build:emit"]).toBe("node ../../scripts/build/emit.mjs");
  }
  // The declarations keep their JSDoc for the consumer's editor; the JavaScript is emitted without comments.
  const installed = join(consumer, "node_modules/attestkit/dist/attestation/verifyAttestation");
  expect(readFileSync(`${installed}.d.ts`, "utf8")).toContain("Checks that an attestation was signed");
  expect(readFileSync(`${installed}.js`, "utf8")).not.toMatch(/\/\*\*|^\s*\/\//m);
  const files = entries.filter((entry) => !entry.endsWith("/"));
  const devnetFiles = devnetEntries.filter((entry) => !entry.endsWith("/"));
  for (const [name, path, list] of [
    ["attestkit", tarball, files],
    ["@attestkit/devnet", devnetTarball, devnetFiles],
  ] as const)
    console.log(
      `${name} tarball: ${(statSync(path).size / 1000).toFixed(1)} kB packed, ${list.length} files`,
    );

  for (const file of [
    "package.json",
    "README.md",
    "LICENSE",
    "bin/attestkit.js",
    "dist/index.js",
    "dist/index.d.ts",
    "dist/cli/main.js",
    "dist/cli/index.js",
    "dist/contracts/index.js",
    "contracts/libraries/AttestationLib.sol",
    "contracts/AttestedDepositReceiver.sol",
    "contracts/devnet/DevnetDepository.sol",
    "remappings.txt",
    "foundry/solc-wrapper.mjs",
    "dist/hardhat/index.js",
    "deploy/parameters.example.json",
  ])
    expect(files, file).toContain(file);
  for (const file of [
    "package.json",
    "README.md",
    "LICENSE",
    "dist/index.js",
    "dist/cli/index.js",
    "dist/dashboard/assets/dashboard.js",
    "dist/dashboard/assets/index.html",
    "contracts/DevnetToken.sol",
  ])
    expect(devnetFiles, file).toContain(file);
  const development =
    /(^|\/)(node_modules|artifacts|cache|test|testing|fixtures)\/|\.test\.|\.t\.sol$|^src\/|(^|\/)test[A-Z]\w*\.|runDifferential/;
  expect([...files, ...devnetFiles].filter((file) => development.test(file))).toEqual([]);
  // attestkit: only the build, the CLI launcher, forge's solc, the Solidity sources and the deploy
  // examples (plus the package files); nothing of the devnet's but the reference depository's source.
  for (const file of files)
    expect(file).toMatch(
      /^(dist\/.+\.(js|d\.ts)|bin\/attestkit\.js|foundry\/solc-wrapper\.mjs|contracts\/.+\.sol|deploy\/\w+\.example\.json|[\w.]+\.(json|md|txt)|LICENSE)$/,
    );
  expect(files.filter((file) => file.startsWith("dist/devnet/"))).toEqual([]);
  for (const file of devnetFiles)
    expect(file).toMatch(
      /^(dist\/.+\.(js|d\.ts)|dist\/dashboard\/assets\/[\w.]+\.(css|html|svg|js)|contracts\/.+\.sol|[\w.]+\.(json|md)|LICENSE)$/,
    );
  // A guard against shipping something large by mistake. The noble engine's table of multiples of G
  // is not shipped: it is built at run time, once per process, and shared with the worker threads
  // (src/audit/internal/sharedGeneratorTable.ts).
  expect(files.some((file) => file.includes("generatorTableData"))).toBe(false);
  expect(statSync(tarball).size).toBeLessThan(700 * 1000);
  expect(statSync(devnetTarball).size).toBeLessThan(1000 * 1000);
});

test("what each package's README says it ships is in it, and what the CLI's help points at", () => {
  for (const [folder, list] of [
    ["attestkit", entries],
    ["devnet", devnetEntries],
  ] as const) {
    const readme = readFileSync(join(root, "packages", folder, "README.md"), "utf8");
    const shipped = readme.slice(readme.indexOf("ships"));
    const paragraph = shipped.slice(0, shipped.indexOf("\n\n"));
    // The paths it names (not the import specifiers, `attestkit/...`).
    const named = [...paragraph.matchAll(/`([^`]+)`/g)]
      .map((match) => match[1] as string)
      .filter((path) => /^[\w.-]+(\/[\w.*-]*)*$/.test(path) && !path.startsWith("attestkit"));
    expect(named.length, folder).toBeGreaterThan(1);
    const files = list.filter((entry) => !entry.endsWith("/"));
    for (const path of named) expect(files.some(globTest(path)), `${folder}: ${path}`).toBe(true);
  }
  // `attestkit deploy --help` names the parameters example: it is in the package.
  expect(entries).toContain("deploy/parameters.example.json");
});

test("every subpath imports in Node (ESM) from the installed package, without Hardhat or the devnet", () => {
  const script = `
    import { readFileSync, existsSync } from "node:fs";
    import { fileURLToPath } from "node:url";
    const live = JSON.parse(readFileSync(${JSON.stringify(livePath)}, "utf8"));
    const out = {};
    const main = await import("attestkit");
    out.main = [typeof main.verifyAttestation, typeof main.BaseError, main.version];
    out.mainValid = (await main.verifyAttestation(live)).valid;
    const attestation = await import("attestkit/attestation");
    const hash = attestation.hashAttestation({ requestId: live.requestId, requestData: live.requestData });
    out.digest = attestation.attestationDigest({ hash });
    const noble = await import("attestkit/noble");
    out.nobleValid = noble.verifyAttestationNoble(live).valid;
    const quote = JSON.parse(readFileSync(${JSON.stringify(liveQuotePath)}, "utf8"));
    const orders = await import("attestkit/orders");
    const chains = orders.toOrderChains({ chains: JSON.parse(readFileSync(${JSON.stringify(orderChainsPath)}, "utf8")) });
    const order = await orders.verifyQuote({ quote, chains });
    const ordersNoble = await import("attestkit/orders/noble");
    out.orders = [order.valid, order.signer, ordersNoble.verifyQuoteNoble({ quote, chains }).valid];
    const client = await import("attestkit/client");
    out.client = [typeof client.createClient, typeof client.waitForStatus, typeof client.ApiError];
    const schemas = await import("attestkit/schemas");
    out.schemas = [typeof schemas.validateRequest, typeof schemas.responseSchemas];
    const chainsEntry = await import("attestkit/chains");
    out.chains = [typeof chainsEntry.isBitcoinAddress, typeof chainsEntry.validateExchangeTransfer];
    const webhooks = await import("attestkit/webhooks");
    const signed = webhooks.signWebhook({ body: "{}", secret: "k", timestamp: 1 });
    out.webhooks = [typeof webhooks.verifyWebhook, signed["x-signature-sha256"]];
    const cli = await import("attestkit/cli");
    out.cli = [typeof cli.runCli, cli.exitCodes.badInput, cli.defaultDevnetPort];
    try { await import("@attestkit/devnet"); out.devnet = "installed"; } catch (error) { out.devnet = error.code; }
    const audit = await import("attestkit/audit");
    const tampered = { ...live, requestData: { ...live.requestData, originAmount: "1" } };
    const audited = await audit.verifyAttestations({
      attestations: [live, tampered, live, live],
      workers: 2,
      chunkSize: 1,
      engine: "noble",
    });
    out.audit = [audited.results.map((result) => result.valid), audited.summary.valid, audited.workers];
    const deploy = await import("attestkit/deploy");
    out.deploy = [typeof deploy.deployAttestationContracts, typeof deploy.parseDeployParameters];
    const contracts = await import("attestkit/contracts");
    out.contracts = [
      contracts.attestedDepositReceiverAbi.some((item) => item.name === "AmountMismatch"),
      contracts.attestationVerifierBytecode.slice(0, 2),
    ];
    const sol = fileURLToPath(import.meta.resolve("attestkit/contracts/libraries/AttestationLib.sol"));
    out.sol = [sol.endsWith("node_modules/attestkit/contracts/libraries/AttestationLib.sol"), existsSync(sol)];
    const pkg = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve("attestkit/package.json")), "utf8"));
    out.version = pkg.version;
    try { await import("attestkit/dist/index.js"); out.deep = "imported"; } catch (error) { out.deep = error.code; }
    try { await import("hardhat"); out.hardhat = "installed"; } catch (error) { out.hardhat = error.code; }
    console.log(JSON.stringify(out));
  `;
  const out = JSON.parse(runScript("subpaths.mjs", script));
  expect(out).toMatchObject({
    main: ["function", "function", version],
    mainValid: true,
    // The live attestation's digest, as the sources compute it.
    digest: "0xfa2f5b2353460a1e5d1e7bed44f14c35d9e7ced663d9ac104f758919011384cd",
    nobleValid: true,
    orders: [true, "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF", true],
    client: ["function", "function", "function"],
    schemas: ["function", "object"],
    chains: ["function", "function"],
    webhooks: ["function", "3dd49b2593d0f9a349e9e71c4bde3e2b862c2be4003fe9b4ba81332029310158"],
    cli: ["function", 2, 8787],
    // The devnet is a package of its own: not installed with attestkit.
    devnet: "ERR_MODULE_NOT_FOUND",
    audit: [[true, false, true, true], 3, 2],
    deploy: ["function", "function"],
    contracts: [true, "0x"],
    sol: [true, true],
    version,
    // Only the exported subpaths resolve; Hardhat (a dev dependency) was not installed with the package.
    deep: "ERR_PACKAGE_PATH_NOT_EXPORTED",
    hardhat: "ERR_MODULE_NOT_FOUND",
  });
});

test("the installed attestkit binary runs from dist", () => {
  const bin = join(consumer, "node_modules/.bin/attestkit");
  const help = run(bin, ["--help"], consumer);
  expect(help).toMatch(/^Usage: attestkit /);
  for (const command of ["verify", "encode", "audit", "status", "quote", "devnet", "deploy"])
    expect(help).toMatch(new RegExp(`^  ${command}\\b`, "m"));
  const verified = JSON.parse(run(bin, ["verify", "--file", livePath, "--json"], consumer));
  expect(verified).toMatchObject({ valid: true, signer: "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF" });
  const order = JSON.parse(
    run(bin, ["verify", "--quote", liveQuotePath, "--chains", orderChainsPath, "--json"], consumer)
      .trim()
      .split("\n")
      .at(-1) as string,
  );
  expect(order).toMatchObject({ valid: true, signer: "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF" });
  // Bad input keeps its exit code (2) through the installed binary.
  const bad = spawnSync(bin, ["verify", "--file", join(work, "missing.json")], {
    cwd: consumer,
    env,
    encoding: "utf8",
  });
  expect(bad.status).toBe(2);
  expect(bad.stderr).toMatch(/missing\.json/);
});

test("the installed binary audits in worker threads, which load from dist", () => {
  const live = JSON.parse(readFileSync(livePath, "utf8")) as { requestData: Record<string, unknown> };
  const lines = Array.from({ length: 300 }, () => JSON.stringify(live));
  // A tampered amount recovers another signer; a line that is not JSON is malformed.
  lines[7] = JSON.stringify({
    ...live,
    requestData: { ...live.requestData, originAmount: "700000000000000001" },
  });
  lines.push("not json");
  const file = join(work, "audit.jsonl");
  writeFileSync(file, `${lines.join("\n")}\n`);
  const bin = join(consumer, "node_modules/.bin/attestkit");
  const result = spawnSync(bin, ["audit", file, "--json", "--workers", "2", "--engine", "noble"], {
    cwd: consumer,
    env,
    encoding: "utf8",
  });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(1);
  const report = JSON.parse(result.stdout) as { workers: number; summary: unknown };
  // 301 short lines are one batch: one thread starts (threads start as batches need them).
  expect(report.workers).toBe(1);
  expect(report.summary).toMatchObject({
    total: 301,
    valid: 299,
    invalid: 1,
    malformed: 1,
    malformedLines: [301],
  });
});

test("without the devnet package, attestkit devnet says what to install, and exits 3", () => {
  const bin = join(consumer, "node_modules/.bin/attestkit");
  for (const args of [
    ["devnet", "--port", "0"],
    ["devnet", "trigger", "success"],
  ]) {
    const result = spawnSync(bin, args, { cwd: consumer, env, encoding: "utf8", timeout: 60_000 });
    expect(result.status, args.join(" ")).toBe(3);
    expect(result.stderr).toContain("needs the devnet package @attestkit/devnet, which is not installed");
    expect(result.stderr).toContain("npm install --save-dev @attestkit/devnet");
    // A hint, not a stack trace.
    expect(result.stderr).not.toMatch(/^\s+at /m);
  }
  // Its help is attestkit's own, with or without the package.
  expect(run(bin, ["devnet", "--help"], consumer)).toMatch(/^Usage: attestkit devnet /);
});

test("with the devnet package but without Hardhat, attestkit devnet says what to install, and exits 3", () => {
  const bin = join(devnetConsumer, "node_modules/.bin/attestkit");
  const result = spawnSync(bin, ["devnet", "--port", "0"], {
    cwd: devnetConsumer,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(result.status).toBe(3);
  expect(result.stderr).toContain(
    "error: the devnet did not start: The devnet needs its peer dependency hardhat",
  );
  expect(result.stderr).toMatch(/npm install --save-dev hardhat@\^3\.17\.0 @nomicfoundation\/edr-/);
  expect(result.stderr).not.toMatch(/^\s+at /m);
});

// The system's Node.js 20, when there is one: what the README says runs on it does.
const node20 = ["/usr/bin/node", "/usr/local/bin/node"].find((path) => {
  const result = spawnSync(path, ["--version"], { encoding: "utf8" });
  return result.status === 0 && /^v20\./.test(result.stdout);
});

test.skipIf(node20 === undefined)(
  "on Node.js 20 the CLI and the verifiers run; the devnet refuses with the version it needs",
  () => {
    const bin = join(consumer, "node_modules/attestkit/bin/attestkit.js");
    const node = node20 as string;
    const verified = spawnSync(node, [bin, "verify", "--file", livePath, "--json"], {
      cwd: consumer,
      env,
      encoding: "utf8",
    });
    expect(verified.status).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({ valid: true });
    const library = spawnSync(
      node,
      [
        "--input-type=module",
        "-e",
        `import { verifyAttestationNoble } from "attestkit/noble";
       import { readFileSync } from "node:fs";
       console.log(verifyAttestationNoble(JSON.parse(readFileSync(${JSON.stringify(livePath)}, "utf8"))).valid);`,
      ],
      { cwd: consumer, env, encoding: "utf8" },
    );
    expect(library.stdout.trim()).toBe("true");
    // Without the devnet package: what to install. With it: the Node.js it needs.
    const missing = spawnSync(node, [bin, "devnet", "--port", "0"], { cwd: consumer, env, encoding: "utf8" });
    expect(missing.status).toBe(3);
    expect(missing.stderr).toContain("npm install --save-dev @attestkit/devnet");
    const devnetBin = join(devnetConsumer, "node_modules/attestkit/bin/attestkit.js");
    const devnet = spawnSync(node, [devnetBin, "devnet", "--port", "0"], {
      cwd: devnetConsumer,
      env,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(devnet.status).toBe(3);
    expect(devnet.stderr).toMatch(
      /The devnet needs Node\.js >= 22\.13\.0 \(Hardhat 3\); this is Node\.js 20\./,
    );
    expect(devnet.stderr).toContain("runs on Node.js 20");
  },
);

test("Foundry for real: forge builds and tests a consumer of the package, paying the receiver with an attestation and an order", () => {
  // The project of test/package/foundry/, in the consumer that installed the tarball, with the
  // package's own remappings and its solc for forge (attestkit-solc, in foundry.toml).
  expect(
    readFileSync(join(consumer, "node_modules/attestkit/remappings.txt"), "utf8").trim().split("\n"),
  ).toEqual(["attestkit/=node_modules/attestkit/", "solady/=node_modules/solady/src/"]);
  const project = join(work, "foundry");
  cpSync(join(root, "test/package/foundry"), project, { recursive: true });
  mkdirSync(join(project, "src"), { recursive: true });
  symlinkSync(join(consumer, "node_modules"), join(project, "node_modules"), "dir");
  cpSync(join(consumer, "node_modules/attestkit/remappings.txt"), join(project, "remappings.txt"));
  // attestkit-solc loads solcjs: the consumer links the checkout's copy (as installing solc would).
  if (!existsSync(join(consumer, "node_modules/solc")))
    symlinkSync(join(root, "node_modules", "solc"), join(consumer, "node_modules", "solc"), "dir");
  const forge = join(root, "node_modules/.bin/forge");
  const output = run(forge, ["test"], project);
  for (const name of [
    "testPaysWithTheSolversAttestation",
    "testPaysTheSolversOrder",
    "testRefusesAnotherSignersAttestation",
  ])
    expect(output).toMatch(new RegExp(`\\[PASS\\] ${name}\\(\\)`));
  expect(output).toMatch(/3 passed; 0 failed/);
});

test("beside Hardhat, the integrator guide's config builds the package's contracts and its Ignition module deploys the receiver", () => {
  // The consumer installs the optional peers (hardhat, solc for an offline compiler, and Ignition);
  // linking the checkout's copies stands in for downloading them again.
  for (const name of [
    "hardhat",
    "solc",
    "@nomicfoundation/hardhat-ignition",
    "@nomicfoundation/hardhat-ignition-viem",
  ])
    if (!existsSync(join(devnetConsumer, "node_modules", name))) {
      mkdirSync(dirname(join(devnetConsumer, "node_modules", name)), { recursive: true });
      symlinkSync(join(root, "node_modules", name), join(devnetConsumer, "node_modules", name), "dir");
    }
  writeFileSync(join(devnetConsumer, "hardhat.config.ts"), guideFile("hardhat.config.ts"));
  mkdirSync(join(devnetConsumer, "ignition/modules"), { recursive: true });
  writeFileSync(
    join(devnetConsumer, "ignition/modules/Receiver.ts"),
    guideFile("ignition/modules/Receiver.ts"),
  );
  const hardhat = join(root, "node_modules/hardhat/dist/src/cli.js");
  run(process.execPath, [hardhat, "build", "--quiet"], devnetConsumer);
  // The package's contracts resolve through its exports map, and solady through its remappings.txt;
  // optimized, the receiver is under the contract size limit (no allowUnlimitedContractSize).
  const deployed = run(
    process.execPath,
    [hardhat, "ignition", "deploy", "ignition/modules/Receiver.ts"],
    devnetConsumer,
  );
  expect(deployed).toMatch(/Receiver#AttestedDepositReceiver - 0x[0-9a-fA-F]{40}/);
  expect(deployed).toMatch(/Receiver#DevnetDepository - 0x[0-9a-fA-F]{40}/);
});

// Side by side: each in its own folder, waiting on its own processes (a devnet's start, its blocks).
describe.concurrent("the README's quickstarts, as pasted, in fresh projects of the packed packages", () => {
  // The core's on Node.js 20 where the machine has it (else on this Node.js); Hardhat and the devnet
  // need Node.js 22, this one.
  const core = (name: string) => ({
    dir: join(work, "quickstarts", name),
    node: node20 ?? process.execPath,
    installed: join(consumer, "node_modules"),
    tools: join(root, "node_modules"),
  });
  const withDevnet = (name: string) => ({
    ...core(name),
    node: process.execPath,
    installed: join(devnetConsumer, "node_modules"),
  });
  const blocks = (name: string) => {
    const found = quickstarts.get(name);
    if (!found) throw new Error(`the README has no quickstart ${name}`);
    return found;
  };
  const output = (run: { outputs: Map<number, string> }) => [...run.outputs.values()].join("\n");

  test("the README marks four quickstarts, the integrator's with Foundry and with Hardhat 3", ({
    expect,
  }) => {
    expect([...quickstarts.keys()].sort()).toEqual([
      "auditor",
      "devnet",
      "integrator-foundry",
      "integrator-hardhat",
    ]);
    for (const [name, list] of quickstarts) {
      // Each starts from an empty folder: npm init, then an install of attestkit.
      const first = list.find((block) => block.kind === "run")?.body ?? "";
      expect(first, name).toMatch(/^npm init -y\b[^\n]*\nnpm install attestkit viem\n/);
    }
  });

  test("integrator, with Foundry: forge build and forge test, offline, on the package's attestkit-solc", async ({
    expect,
  }) => {
    const done = await runQuickstart(blocks("integrator-foundry"), core("integrator-foundry"));
    if (node20) expect(done.nodeVersion).toMatch(/^v20\./);
    expect(output(done)).toMatch(/\[PASS\] testPaysOnceWithTheSolversAttestation\(\)/);
    expect(output(done)).toMatch(/2 passed; 0 failed/);
  });

  test("integrator, with Hardhat 3: hardhat build and hardhat test, offline, with attestkit/hardhat", async ({
    expect,
  }) => {
    const done = await runQuickstart(blocks("integrator-hardhat"), withDevnet("integrator-hardhat"));
    expect(done.nodeVersion).toMatch(/^v22\./);
    expect(output(done)).toMatch(/testPaysOnceWithTheSolversAttestation/);
    expect(output(done)).toMatch(/2 passing/);
  });

  test("auditor: the CLI verifies, encodes and audits the live attestation", async ({ expect }) => {
    const done = await runQuickstart(blocks("auditor"), core("auditor"));
    if (node20) expect(done.nodeVersion).toMatch(/^v20\./);
    const text = output(done);
    expect(text).toMatch(/^verdict +VALID$/m);
    expect(text).toMatch(/^hash +0x90b6e106cb46dfb411fa528da7f5177ecaf4761f6b7242f00418cc7d4285943c /m);
    expect(text).toContain('"valid":true,"signer":"0xf70da97812CB96acDF810712Aa562db8dfA3dbEF"');
  });

  test("devnet and backend: the devnet serves, triggers reach their ends, pay.ts pays behind the guard", async ({
    expect,
  }) => {
    // The README's port, 8787, may be taken on this machine: the same blocks on a free one.
    const port = await freePort();
    const onPort = blocks("devnet").map((block) => ({
      ...block,
      body: block.body.replaceAll("8787", String(port)),
    }));
    const done = await runQuickstart(onPort, withDevnet("devnet"), () =>
      waitForUrl(`http://127.0.0.1:${port}/devnet/info`),
    );
    try {
      expect(done.nodeVersion).toMatch(/^v22\./);
      const text = output(done);
      expect(text).toMatch(/success/);
      expect(text).toMatch(/refund/);
      expect(text).toMatch(/0x[0-9a-f]{64}: success, attestation VALID/);
    } finally {
      await done.stop();
    }
  });
});
