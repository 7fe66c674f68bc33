/**
 * The devnet's side of the `attestkit` command line (`@attestkit/devnet/cli`): what `attestkit devnet`
 * and `attestkit devnet trigger` run, and the devnet's public identity that `execute --trust-devnet`
 * trusts. The command line (its flags, help and completion) is `attestkit`'s; it loads this module
 * when one of those commands runs. Each command's work is imported when it runs.
 *
 * @module cli
 */
import type { DevnetCliModule } from "attestkit/cli";

export { devnetSolverAddress } from "../constants.js";
export { devnetTrustRoot } from "../devnetTrustRoot.js";

/**
 * Runs the devnet until `control.signal` aborts, printing its URLs, contracts and test accounts.
 *
 * @returns The exit code: 0 after a clean stop, 2 bad options, 3 it cannot start.
 * @example
 * process.exitCode = await runDevnet({ port: "8787", originChainId: "31337", destinationChainId: "31338" }, io, { signal })
 */
export const runDevnet: DevnetCliModule["runDevnet"] = async (options, io, control) =>
  (await import("./runDevnet.js")).runDevnet(options, io, control);

/**
 * Drives a fresh request of a running devnet into a scenario's end (`attestkit devnet trigger`).
 *
 * @returns The exit code: 0 the scenario's end, 1 another end, 2 bad input, 3 the devnet failed.
 * @example
 * process.exitCode = await runDevnetTrigger("success", { devnet: "http://127.0.0.1:8787", account: "9" }, io)
 */
export const runDevnetTrigger: DevnetCliModule["runDevnetTrigger"] = async (scenario, options, io) =>
  (await import("./runDevnetTrigger.js")).runDevnetTrigger(scenario, options, io);
