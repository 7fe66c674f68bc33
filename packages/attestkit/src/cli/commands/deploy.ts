import type { Command } from "commander";
import type { Io } from "../io.js";
import type { DeployOptions } from "./runDeploy.js";

/** Registers `attestkit deploy`; the work is in `runDeploy`, imported when the command runs. */
export function registerDeploy(program: Command, io: Io): void {
  program
    .command("deploy")
    .description("Deploy the AttestationVerifier and an AttestedDepositReceiver to any JSON-RPC chain")
    .requiredOption(
      "-p, --params <file>",
      "deploy parameters JSON (see the package's deploy/parameters.example.json)",
    )
    .option("--rpc <url>", "JSON-RPC endpoint of the chain", "http://127.0.0.1:8545")
    .option(
      "--private-key <key>",
      "deployer key (default: $ATTESTKIT_DEPLOYER_KEY, which keeps it out of shell history)",
    )
    .option("-o, --out <file>", "also save the addresses as JSON to this file")
    .option("--json", "print the result as one JSON object")
    .addHelpText(
      "after",
      [
        "",
        "Example:",
        "  $ ATTESTKIT_DEPLOYER_KEY=0x<key> attestkit deploy --params params.json --rpc https://<rpc> --out deployed.json",
        "  (a local `npx hardhat node`: --private-key of its test account #0, which the error without a key prints)",
        "",
        "Parameters file: {owner, depository, solvers[], contractSolvers[], whitelist[{chainId, user}],",
        'allowAnyRecipient}. With "depository": "devnet" a DevnetDepository is deployed first (local',
        "chains only); the first solver is the primary one.",
        "The key is never printed. Exit codes: 0 deployed, 2 bad input (the field is named),",
        "3 the RPC or the chain failed (unreachable, unfunded deployer, reverted deployment).",
      ].join("\n"),
    )
    .action(async (options: DeployOptions) => {
      // A deployment half sent is worse than one whose addresses nobody read (--out keeps them).
      io.onOutputClosed?.(() => {});
      const { runDeploy } = await import("./runDeploy.js");
      io.exit(await runDeploy(options, io));
    });
}
