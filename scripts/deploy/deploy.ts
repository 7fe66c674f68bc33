/**
 * Deploys the verifier and a receiver from a parameters file, prints the addresses and saves them.
 *
 *   ATTESTKIT_DEPLOY_PARAMS=path/to/params.json npx hardhat run --network localhost scripts/deploy/deploy.ts
 *
 * Environment: ATTESTKIT_DEPLOY_PARAMS (default packages/attestkit/deploy/parameters.example.json),
 * ATTESTKIT_DEPLOY_OUT (default ignition/deployments/attestkit-chain-<id>.json; nothing is saved for
 * the in-process chain, which ends with the script, unless this is set),
 * ATTESTKIT_DEPLOYMENT_ID (Ignition deployment id, default chain-<id>),
 * ATTESTKIT_RPC_URL (the `localhost` network's URL, default http://127.0.0.1:8545; hardhat.config.ts).
 *
 * Before deploying, every contract the deployment's Ignition journal records must still have code:
 * on a local chain (31337, e.g. a restarted `hardhat node`) a stale journal is deleted and everything
 * is deployed again, with a notice; elsewhere the deployment is refused (StaleDeploymentError).
 * The last line printed is the JSON `{chainId, deployer, depository, verifier, receiver,
 * deployments: [{contract, address, hash, gasUsed}]}`, the shape `attestkit deploy` prints.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import hre from "hardhat";
import { deployReceiver } from "./deployReceiver.js";
import { parseDeployParameters } from "./parseDeployParameters.js";
import { reportFailure } from "./reportFailure.js";

const paramsPath = process.env.ATTESTKIT_DEPLOY_PARAMS ?? "packages/attestkit/deploy/parameters.example.json";
const parameters = parseDeployParameters(JSON.parse(readFileSync(paramsPath, "utf8")));
const connection = await hre.network.create();
const inProcess = connection.networkConfig.type === "edr-simulated";
try {
  const result = await deployReceiver({
    connection,
    parameters,
    deploymentId: process.env.ATTESTKIT_DEPLOYMENT_ID,
    deploymentsDir: inProcess ? undefined : join(hre.config.paths.ignition, "deployments"),
    onNotice: (message) => console.error(message),
  });
  console.log(
    `network ${connection.networkName} (chain ${result.chainId}), parameters ${paramsPath}, deployer ${result.deployer}`,
  );
  for (const { contract, address, hash, gasUsed } of result.deployments)
    console.log(`  ${contract.padEnd(24)} ${address}  tx ${hash}  gas ${gasUsed}`);
  console.log(
    `depository  ${result.depository}\nverifier    ${result.verifier}\nreceiver    ${result.receiver}`,
  );
  const out =
    process.env.ATTESTKIT_DEPLOY_OUT ??
    (inProcess ? undefined : `ignition/deployments/attestkit-chain-${result.chainId}.json`);
  if (out !== undefined) {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`saved to ${out}`);
  }
  console.log(JSON.stringify(result));
} catch (error) {
  reportFailure(error);
} finally {
  await connection.close();
}
