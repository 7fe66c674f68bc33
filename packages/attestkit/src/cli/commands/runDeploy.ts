import { accessSync, constants, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { createPublicClient, createWalletClient, defineChain, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { deployAttestationContracts } from "../../deploy/deployAttestationContracts.js";
import { parseDeployParameters } from "../../deploy/parseDeployParameters.js";
import { CliError } from "../cliError.js";
import { exitCodes } from "../exitCodes.js";
import { inputLimits } from "../inputLimits.js";
import type { Io } from "../io.js";
import { readBoundedFile } from "../readBoundedFile.js";
import { reportError } from "../reportError.js";

export type DeployOptions = {
  params: string;
  rpc: string;
  privateKey?: string;
  out?: string;
  json?: boolean;
};

/** Runs `deploy` and returns its exit code. */
export async function runDeploy(
  options: DeployOptions,
  io: Io,
  {
    env = process.env,
    pollingInterval,
  }: { env?: Readonly<Record<string, string | undefined>>; pollingInterval?: number } = {},
): Promise<number> {
  try {
    const parameters = parseDeployParameters(readJson(options.params));
    const rpc = rpcUrl(options.rpc);
    const key = options.privateKey || env.ATTESTKIT_DEPLOYER_KEY;
    const probe = createPublicClient({ transport: http(rpc.href, { retryCount: 0 }) });
    if (!key) throw await missingKey(probe);
    const account = deployerAccount(key);
    if (options.out !== undefined) checkWritable(options.out);

    const chainId = await probe.getChainId();
    // A chain object makes viem check, before each send, that the endpoint is still this chain.
    const chain = defineChain({
      id: chainId,
      name: `chain ${chainId}`,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [rpc.href] } },
    });
    const transport = http(rpc.href);
    const publicClient = createPublicClient({ chain, transport });
    const walletClient = createWalletClient({ account, chain, transport });

    // The URL may carry a provider key in its path: show only its host.
    if (!options.json) io.out(`deploying to chain ${chainId} at ${rpc.host} from ${account.address}`);
    const result = await deployAttestationContracts({
      walletClient,
      publicClient,
      parameters,
      ...(pollingInterval !== undefined ? { pollingInterval } : {}),
      onDeployed: (deployed) => {
        if (!options.json)
          io.out(
            `  ${deployed.contract.padEnd(24)} ${deployed.address}  tx ${deployed.hash}  gas ${deployed.gasUsed}`,
          );
      },
    });
    const saved = {
      chainId: result.chainId,
      deployer: result.deployer,
      depository: result.depository,
      verifier: result.verifier,
      receiver: result.receiver,
      deployments: result.deployments,
    };
    if (options.out !== undefined) {
      try {
        mkdirSync(dirname(options.out), { recursive: true });
        writeFileSync(options.out, `${JSON.stringify(saved, null, 2)}\n`);
      } catch (cause) {
        // The contracts are deployed: the addresses are still printed below.
        throw new CliError(`Deployed, but cannot write ${options.out}: ${(cause as Error).message}`, {
          exitCode: exitCodes.network,
          cause,
          metaMessages: [`addresses: ${JSON.stringify(saved)}`],
        });
      }
    }
    if (options.json) io.out(JSON.stringify(saved));
    else {
      io.out(`depository  ${result.depository}`);
      io.out(`verifier    ${result.verifier}`);
      io.out(`receiver    ${result.receiver}`);
      if (options.out !== undefined) io.out(`saved to ${options.out}`);
    }
    return exitCodes.ok;
  } catch (error) {
    return reportError({ io, error, json: options.json });
  }
}

function readJson(file: string): unknown {
  const text = readBoundedFile({ file, ...inputLimits.deployParameters });
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new CliError(`${file} is not JSON.`, { exitCode: exitCodes.badInput, cause });
  }
}

/** Fails before anything is deployed when `--out` cannot be written. */
function checkWritable(file: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    accessSync(dirname(file), constants.W_OK);
  } catch (cause) {
    throw new CliError(`Cannot write to the folder of ${file}.`, { exitCode: exitCodes.badInput, cause });
  }
}

function rpcUrl(value: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:"))
    throw new CliError("--rpc must be an http(s) URL.", { exitCode: exitCodes.badInput });
  return url;
}

/** Hardhat's (and anvil's) first test account: funded on every local node, public to everyone. */
const localTestKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

/**
 * No key was given: say exactly what to pass. On a local development chain (31337) that is the
 * node's first test account, marked test-only; elsewhere the deployer's own key, by environment.
 */
async function missingKey(probe: { getChainId: () => Promise<number> }): Promise<CliError> {
  const chainId = await Promise.race([
    probe.getChainId().catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5_000).unref()),
  ]);
  const lines =
    chainId === 31337
      ? [
          "This is a local development node (chain 31337). Its first test account is funded; pass its key:",
          `  --private-key ${localTestKey}`,
          "(the well-known Hardhat/anvil test key #0: TEST ONLY, public to everyone, never fund it on a real chain)",
        ]
      : [
          "Set the deployer's key in the environment (it stays out of shell history):",
          "  ATTESTKIT_DEPLOYER_KEY=0x<64 hex digits> attestkit deploy ...",
        ];
  return new CliError("No deployer key: pass --private-key or set ATTESTKIT_DEPLOYER_KEY.", {
    exitCode: exitCodes.badInput,
    metaMessages: lines,
  });
}

function deployerAccount(key: string) {
  // Never echo the value: a near-miss is still most of a secret.
  if (!/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new CliError("The deployer key must be 0x and 64 hex digits.", { exitCode: exitCodes.badInput });
  try {
    return privateKeyToAccount(key as `0x${string}`);
  } catch {
    throw new CliError("The deployer key is not a valid secp256k1 private key.", {
      exitCode: exitCodes.badInput,
    });
  }
}
