/**
 * Deploys the verifier and a receiver from a parameters file, prints the addresses and saves them.
 *
 *   ATTESTKIT_DEPLOY_PARAMS=path/to/params.json npx hardhat run --network localhost scripts/deploy/deploy.ts
 *
 * Environment: ATTESTKIT_DEPLOY_PARAMS (default scripts/deploy/parameters.example.json),
 * ATTESTKIT_DEPLOY_OUT (default ignition/deployments/attestkit-chain-<id>.json; nothing is saved for
 * the in-process chain, which ends with the script, unless this is set),
 * ATTESTKIT_DEPLOYMENT_ID (Ignition deployment id, default chain-<id>).
 * The last line printed is the JSON of the addresses.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { network } from "hardhat";
import { deployReceiver } from "./deployReceiver.js";
import { parseDeployParameters } from "./parseDeployParameters.js";

const paramsPath = process.env.ATTESTKIT_DEPLOY_PARAMS ?? "scripts/deploy/parameters.example.json";
const parameters = parseDeployParameters(JSON.parse(readFileSync(paramsPath, "utf8")));
const connection = await network.create();
const result = await deployReceiver({
  connection,
  parameters,
  deploymentId: process.env.ATTESTKIT_DEPLOYMENT_ID,
});
console.log(`network ${connection.networkName} (chain ${result.chainId}), parameters ${paramsPath}`);
console.log(
  `  depository ${result.depository}\n  verifier   ${result.verifier}\n  receiver   ${result.receiver}`,
);
const inProcess = connection.networkConfig.type === "edr-simulated";
const out =
  process.env.ATTESTKIT_DEPLOY_OUT ??
  (inProcess ? undefined : `ignition/deployments/attestkit-chain-${result.chainId}.json`);
if (out !== undefined) {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`saved to ${out}`);
}
console.log(JSON.stringify(result));
await connection.close();
