import type { Hex } from "viem";
import { BaseError } from "../errors/BaseError.js";

/** A deploy parameters file that cannot be used; `field` names the entry at fault. */
export class DeployParametersError extends BaseError {
  /** Path of the entry at fault, e.g. `whitelist[1].user`; `(root)` for the whole file. */
  readonly field: string;
  constructor({ field, problem }: { field: string; problem: string }) {
    super(`Deploy parameters: "${field}" ${problem}.`, {
      name: "DeployParametersError",
      metaMessages: [
        'Expected: {owner, depository (an address or "devnet"), solvers[], contractSolvers[] (at most 4), whitelist[{chainId, user}], allowAnyRecipient}.',
      ],
    });
    this.field = field;
  }
}

/** A deployment transaction was mined but reverted, or created no contract. */
export class DeploymentFailedError extends BaseError {
  readonly contract: string;
  readonly hash: Hex;
  constructor({ contract, hash }: { contract: string; hash: Hex }) {
    super(`Deploying ${contract} failed: transaction ${hash} reverted.`, {
      name: "DeploymentFailedError",
      metaMessages: ["Check the deployer's balance and the constructor parameters."],
    });
    this.contract = contract;
    this.hash = hash;
  }
}
