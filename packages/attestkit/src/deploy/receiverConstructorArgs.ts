import { type Address, zeroAddress } from "viem";
import type { DeployParameters } from "./parseDeployParameters.js";

/**
 * The `AttestedDepositReceiver` constructor's arguments, in order: owner, depository, the primary
 * solver (the zero address when none is given) and the others, the contract solvers, the whitelist
 * and whether any recipient is allowed.
 *
 * @param parameters - What to deploy.
 * @param depository - The depository the receiver pays into (given, or just deployed).
 * @returns The arguments.
 * @example
 * await deployContract({ ..., contract: "AttestedDepositReceiver", args: receiverConstructorArgs(parameters, depository) })
 */
export function receiverConstructorArgs(
  parameters: DeployParameters,
  depository: Address,
): readonly unknown[] {
  const [primarySolver = zeroAddress, ...solvers] = parameters.solvers;
  return [
    parameters.owner,
    depository,
    primarySolver,
    solvers,
    parameters.contractSolvers,
    parameters.whitelist.map(({ chainId, user }) => ({ chainId, user })),
    parameters.allowAnyRecipient,
  ];
}
